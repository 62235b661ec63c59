import { queryOptions } from '@tanstack/react-query'
import { toQuantity } from '../format/hex.ts'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../networks/runtimeConfig.ts'
import { getBlockByNumber } from '../rpc/methods.ts'

/** The block at the chain head, with transaction hashes; null on a network that has none to give. */
export function latestBlockQuery(network: Network) {
  return queryOptions({
    queryKey: [network.name, 'block', 'latest'] as const,
    queryFn: ({ signal }) => getBlockByNumber(clientsFor(network).http, 'latest', { signal }),
    // The head moves every few seconds: never serve it from cache without asking.
    staleTime: 0,
  })
}

/**
 * A block by number. A block a few below the head rarely changes, but a reorg can replace it, so it is
 * cached for a minute rather than forever (blocks by hash, later, are immutable).
 */
export function blockQuery(network: Network, number: bigint) {
  const quantity = toQuantity(number)
  return queryOptions({
    queryKey: [network.name, 'block', quantity] as const,
    queryFn: ({ signal }) => getBlockByNumber(clientsFor(network).http, quantity, { signal }),
    staleTime: 60_000,
  })
}
