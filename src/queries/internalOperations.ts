import { queryOptions } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { getInternalOperations, type InternalOperation } from '../rpc/otterscan.ts'
import { immutableGcMs } from './cachePolicy.ts'
import { queryKeys } from './keys.ts'

/**
 * ETH moved inside a mined transaction (ots_getInternalOperations), as the node lists it: pages drop
 * anvil's entry for the top-level transfer with internalOnly (src/evm/internalOperations.ts). Asked only
 * where the network offers ots_ (useHistoryMethods) and only for mined transactions: then it never changes.
 */
export function internalOperationsQuery(network: Network, hash: Hash) {
  return queryOptions({
    queryKey: queryKeys.internalOperations(network, hash),
    queryFn: ({ signal }): Promise<InternalOperation[]> => getInternalOperations(clientsFor(network).http, hash, { signal }),
    staleTime: Infinity,
    gcTime: immutableGcMs,
  })
}
