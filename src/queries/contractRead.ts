import { queryOptions } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { call, type StateBlock } from '../rpc/methods.ts'

/**
 * One read of a contract (the address page's Read contract): eth_call with the calldata a function's form built,
 * at a block. Reads at a number or hash never change; at a tag, the next Read asks again.
 */
export function contractReadQuery(network: Network, address: Address, data: Hex, block: StateBlock) {
  return queryOptions({
    queryKey: [network.name, 'contractRead', address.toLowerCase(), data, block] as const,
    queryFn: ({ signal }) => call(clientsFor(network).http, { to: address, data }, block, { signal }),
    staleTime: block.startsWith('0x') ? Infinity : 0,
    retry: false,
  })
}
