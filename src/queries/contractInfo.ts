import { queryOptions } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { selectorsInCode } from '../evm/bytecode.ts'
import { detectProxy, eip1822ProxiableSlot, eip1967BeaconSlot, eip1967ImplementationSlot, type ProxyInfo } from '../evm/proxy.ts'
import { clientsFor } from '../networks/clients.ts'
import { RpcError } from '../rpc/errors.ts'
import { call, getStorageAt } from '../rpc/methods.ts'

export type ContractInfo = { selectors: Hex[]; proxy: ProxyInfo | null }

const beaconAbi = parseAbi(['function implementation() view returns (address)'])

/**
 * What a contract's code says about it: the selectors its dispatcher knows, and whether it is a proxy (the three
 * proxy slots read in one batch; a beacon is then asked for its implementation).
 */
export function contractInfoQuery(network: Network, address: Address, code: Hex) {
  return queryOptions({
    queryKey: [network.name, 'contractInfo', address.toLowerCase(), code.length] as const,
    queryFn: async ({ signal }): Promise<ContractInfo> => {
      const http = clientsFor(network).http
      const [implementation, beacon, proxiable] = await Promise.all(
        [eip1967ImplementationSlot, eip1967BeaconSlot, eip1822ProxiableSlot].map((slot) => getStorageAt(http, address, slot, 'latest', { signal })),
      )
      let proxy = detectProxy(code, { implementation: implementation!, beacon: beacon!, proxiable: proxiable! })
      if (proxy?.beacon) {
        try {
          const answer = await call(http, { to: proxy.beacon, data: encodeFunctionData({ abi: beaconAbi, functionName: 'implementation' }) }, 'latest', { signal })
          proxy = { ...proxy, implementation: decodeFunctionResult({ abi: beaconAbi, functionName: 'implementation', data: answer }) }
        } catch (error) {
          if (!(error instanceof RpcError) && !(error instanceof Error && /decod|size/i.test(error.message))) throw error
        }
      }
      return { selectors: selectorsInCode(code), proxy }
    },
    staleTime: 60_000,
  })
}
