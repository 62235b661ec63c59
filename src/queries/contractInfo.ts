import { queryOptions } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from 'viem'
import { onFirstUse } from '../evm/onFirstUse.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { detectProxy, proxySlots, type ProxyInfo } from '../evm/bytecode/proxy.ts'
import { selectorsInCode } from '../evm/bytecode/selectors.ts'
import { clientsFor } from '../networks/clients.ts'
import { RpcError } from '../rpc/errors.ts'
import { call, getCode, getStorageAt } from '../rpc/methods.ts'
import { accountQuery } from './account.ts'
import { queryKeys } from './keys.ts'

const beaconAbi = onFirstUse(() => parseAbi(['function implementation() view returns (address)']))

export type ContractInfo = {
  code: Hex
  /** Function selectors the dispatcher compares with (src/evm/bytecode/selectors.ts). */
  selectors: Hex[]
  proxy: ProxyInfo | null
  /**
   * Where calls end up: the proxy's implementation, or for a beacon proxy what its beacon's
   * implementation() answers (null when the beacon does not answer one).
   */
  implementation: Address | null
}

/**
 * A contract's code and its proxy slots (EIP-1967 implementation, beacon and admin, EIP-1822 PROXIABLE),
 * read at the latest block in one batch (the five calls leave in the same tick: one POST; the code comes from
 * the account query instead when the page already has it); then, for a
 * beacon proxy only, one eth_call to the beacon.
 */
export function contractInfoQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: queryKeys.contractInfo(network, address),
    queryFn: async ({ signal, client }): Promise<ContractInfo> => {
      const http = clientsFor(network).http
      const slot = (at: Hex) => getStorageAt(http, address, at, 'latest', { signal })
      // The address page has just read the code with the balance and nonce (accountQuery): not asked for again.
      const known = client.getQueryData(accountQuery(network, address).queryKey)?.code
      const [code, implementation, beacon, admin, proxiable] = await Promise.all([
        known ?? getCode(http, address, 'latest', { signal }),
        slot(proxySlots.implementation),
        slot(proxySlots.beacon),
        slot(proxySlots.admin),
        slot(proxySlots.proxiable),
      ])
      const proxy = detectProxy(code, { implementation, beacon, admin, proxiable })
      let target: Address | null = proxy && proxy.kind !== 'beacon' ? proxy.implementation : null
      if (proxy?.kind === 'beacon') {
        try {
          const data = await call(http, { to: proxy.beacon, data: encodeFunctionData({ abi: beaconAbi(), functionName: 'implementation' }) }, 'latest', { signal })
          target = getAddress(decodeFunctionResult({ abi: beaconAbi(), functionName: 'implementation', data }))
        } catch (error) {
          // A beacon that reverts or answers garbage has no implementation to show; a transport failure is an error.
          if (!(error instanceof RpcError) && !(error instanceof Error && error.name.startsWith('AbiDecoding'))) throw error
        }
      }
      return { code, selectors: selectorsInCode(code), proxy, implementation: target }
    },
    // An upgrade moves the implementation: asked again after a while.
    staleTime: 60_000,
  })
}
