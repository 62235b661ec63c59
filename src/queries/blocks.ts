import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import {
  getBlockByHash,
  getBlockByNumber,
  getBlockReceipts,
  getUncleByBlockHashAndIndex,
  getUncleByBlockNumberAndIndex,
} from '../rpc/methods.ts'
import type { Block, BlockWithTransactions, Receipt, Uncle } from '../rpc/schemas.ts'
import {
  gcTimeFor,
  indexParam,
  isFinalNumber,
  recentGcMs,
  recentStaleMs,
  resolveBlockRef,
  staleTimeFor,
  type BlockRef,
} from './cachePolicy.ts'
import { queryKeys } from './keys.ts'
import { seedBlock, seedBlockReceipts, seedBlockWithTransactions } from './seed.ts'

/**
 * Query options for blocks, their receipts and uncles. `id` is a number, a tag or a block hash
 * (cachePolicy.resolveBlockRef). Every factory has a prefetch helper for route loaders and link hovers.
 * Calls made in the same tick leave as one JSON-RPC batch, so a cold block page (blockQuery +
 * blockReceiptsQuery) costs one round trip.
 */

/** The block with its transaction hashes; null when the network has no such block. */
export function blockQuery(network: Network, id: BlockRef) {
  const ref = resolveBlockRef(id)
  return queryOptions({
    queryKey: queryKeys.block(network, ref),
    queryFn: async ({ signal, client }): Promise<Block | null> => {
      const http = clientsFor(network).http
      const block = ref.kind === 'hash' ? await getBlockByHash(http, ref.hash, false, { signal }) : await getBlockByNumber(http, ref.param, false, { signal })
      if (block) seedBlock(client, network, block, ref)
      return block
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** The block with its full transaction objects (the transaction-details flag); it also fills the caches of each transaction. */
export function blockWithTransactionsQuery(network: Network, id: BlockRef) {
  const ref = resolveBlockRef(id)
  return queryOptions({
    queryKey: queryKeys.blockWithTransactions(network, ref),
    queryFn: async ({ signal, client }): Promise<BlockWithTransactions | null> => {
      const http = clientsFor(network).http
      const block = ref.kind === 'hash' ? await getBlockByHash(http, ref.hash, true, { signal }) : await getBlockByNumber(http, ref.param, true, { signal })
      if (block) seedBlockWithTransactions(client, network, block, ref)
      return block
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** Every receipt of the block, in transaction order (eth_getBlockReceipts); null when there is no such block. */
export function blockReceiptsQuery(network: Network, id: BlockRef) {
  const ref = resolveBlockRef(id)
  return queryOptions({
    queryKey: queryKeys.blockReceipts(network, ref),
    queryFn: async ({ signal, client }): Promise<Receipt[] | null> => {
      const receipts = await getBlockReceipts(clientsFor(network).http, ref.param, { signal })
      if (receipts) seedBlockReceipts(client, network, receipts, ref)
      return receipts
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** The uncle at `index` of the block (eth_getUncleBy{BlockHash,BlockNumber}AndIndex); null when there is none. */
export function uncleQuery(network: Network, blockId: BlockRef, index: bigint | number | Hex) {
  const ref = resolveBlockRef(blockId)
  const position = indexParam(index)
  return queryOptions({
    queryKey: queryKeys.uncle(network, ref, position),
    queryFn: ({ signal }): Promise<Uncle | null> => {
      const http = clientsFor(network).http
      return ref.kind === 'hash'
        ? getUncleByBlockHashAndIndex(http, ref.hash, position, { signal })
        : getUncleByBlockNumberAndIndex(http, ref.param, position, { signal })
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** The numbers of the `count` blocks ending at `to`, newest first (fewer near genesis). */
export function blockNumbersDown(to: bigint, count: number): bigint[] {
  const numbers: bigint[] = []
  for (let number = to; number >= 0n && numbers.length < count; number--) numbers.push(number)
  return numbers
}

/**
 * The `count` blocks ending at block `to`, newest first (a home page list, a page of /blocks). Blocks
 * blockQuery holds fresh are not asked for again; the rest leave in one batch, and each is written to its
 * blockQuery (and by-hash) cache. A block the node does not have yet is null.
 */
export function recentBlocksQuery(network: Network, to: bigint, count = 10) {
  const numbers = blockNumbersDown(to, count)
  return queryOptions({
    queryKey: queryKeys.recentBlocks(network, `0x${to.toString(16)}`, count),
    queryFn: ({ signal, client }): Promise<Array<Block | null>> => {
      const http = clientsFor(network).http
      return Promise.all(
        numbers.map(async (number) => {
          const ref = resolveBlockRef(number)
          const key = queryKeys.block(network, ref)
          const cached = client.getQueryCache().find<Block | null>({ queryKey: key, exact: true })
          if (cached && cached.state.data !== undefined && !cached.isStaleByTime(staleTimeFor(network, ref)(cached))) return cached.state.data
          const block = await getBlockByNumber(http, ref.param, false, { signal })
          client.setQueryData(key, block)
          if (block) seedBlock(client, network, block, ref)
          return block
        }),
      )
    },
    staleTime: () => (numbers.every((number) => isFinalNumber(network, number)) ? Infinity : recentStaleMs),
    gcTime: recentGcMs,
  })
}

// ---------------------------------------------------------------------------------------------------------
// Prefetch: for route loaders and link hovers. They never throw (a failed prefetch is the page's to show).

export function prefetchBlock(client: QueryClient, network: Network, id: BlockRef): Promise<void> {
  return client.prefetchQuery(blockQuery(network, id))
}

export function prefetchBlockWithTransactions(client: QueryClient, network: Network, id: BlockRef): Promise<void> {
  return client.prefetchQuery(blockWithTransactionsQuery(network, id))
}

export function prefetchBlockReceipts(client: QueryClient, network: Network, id: BlockRef): Promise<void> {
  return client.prefetchQuery(blockReceiptsQuery(network, id))
}

export function prefetchUncle(client: QueryClient, network: Network, blockId: BlockRef, index: bigint | number | Hex): Promise<void> {
  return client.prefetchQuery(uncleQuery(network, blockId, index))
}

export function prefetchRecentBlocks(client: QueryClient, network: Network, to: bigint, count?: number): Promise<void> {
  return client.prefetchQuery(recentBlocksQuery(network, to, count))
}
