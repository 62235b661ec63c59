import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Hash, Hex } from 'viem'
import { capabilitiesOf } from '../networks/capabilities.ts'
import { clientsFor } from '../networks/clients.ts'
import { lacksMethod, noteLacks } from '../networks/lacks.ts'
import { MalformedResponseError } from '../rpc/errors.ts'
import { isMethodUnsupported } from '../rpc/unsupported.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import {
  getBlockByHash,
  getBlockByNumber,
  getBlockReceipts,
  getTransactionReceipt,
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
  type ResolvedBlockRef,
} from './cachePolicy.ts'
import { queryKeys } from './keys.ts'
import { seedBlock, seedBlockReceipts, seedBlockWithTransactions } from './seed.ts'

/**
 * Query options for blocks, their receipts and uncles. `id` is a number, a tag or a block hash
 * (cachePolicy.resolveBlockRef). What a page reads ahead of its render (its route's loader, a link's hover) is
 * its declaration in src/pageData.ts, made of these factories.
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

/**
 * Every receipt of the block, in transaction order; null when there is no such block. One
 * eth_getBlockReceipts where the network has it; where it does not (its rules say so, or the node answered
 * that it has no such method, which is then remembered: networks/lacks.ts), the block's transaction hashes
 * and then each eth_getTransactionReceipt, all in one batch (the transport splits it by the batch limit).
 */
export function blockReceiptsQuery(network: Network, id: BlockRef) {
  const ref = resolveBlockRef(id)
  return queryOptions({
    queryKey: queryKeys.blockReceipts(network, ref),
    queryFn: async ({ signal, client }): Promise<Receipt[] | null> => {
      const receipts = await readBlockReceipts(client, network, ref, signal)
      if (receipts) seedBlockReceipts(client, network, receipts, ref)
      return receipts
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** Whether this network's block receipts are read one by one (it lacks eth_getBlockReceipts, by its rules or its answers). */
export function readsReceiptsOneByOne(network: Network): boolean {
  return !capabilitiesOf(network).blockReceipts || lacksMethod(network, 'eth_getBlockReceipts')
}

/**
 * How long a block's receipts are waited for: the biggest answer an ordinary page asks for, and one a node
 * builds slowly: a very large block's took anvil longer than the transport's default, and the page gave up,
 * asked again, gave up again, and never showed the block. Longer than the local gateway's own limit on the node
 * (CHAINGLASS_UPSTREAM_TIMEOUT_MS, 30 s), so its error, which says what happened, comes first.
 */
export const blockReceiptsTimeoutMs = 60_000

/**
 * The block's transaction hashes for reading its receipts one by one: from its full objects when those are
 * cached or on their way (the block page asks for them beside the receipts), else from the block itself.
 * Asking for the block by hashes beside its full objects sent the same block twice in one batch.
 */
async function blockHashesFor(client: QueryClient, network: Network, ref: ResolvedBlockRef): Promise<{ number: Hex | null; hash: Hash | null; transactions: Hash[] } | null> {
  const full = client.getQueryCache().find({ queryKey: blockWithTransactionsQuery(network, ref.param).queryKey, exact: true })
  if (full && (full.state.data || full.state.fetchStatus === 'fetching')) {
    const block = await client.fetchQuery(blockWithTransactionsQuery(network, ref.param))
    return block && { ...block, transactions: block.transactions.map((transaction) => transaction.hash) }
  }
  return client.fetchQuery(blockQuery(network, ref.param))
}

async function readBlockReceipts(client: QueryClient, network: Network, ref: ResolvedBlockRef, signal: AbortSignal): Promise<Receipt[] | null> {
  const http = clientsFor(network).http
  if (!readsReceiptsOneByOne(network)) {
    try {
      return await getBlockReceipts(http, ref.param, { signal, timeoutMs: blockReceiptsTimeoutMs })
    } catch (error) {
      if (!isMethodUnsupported(error, 'eth_getBlockReceipts')) throw error
      noteLacks(network, 'eth_getBlockReceipts')
    }
  }
  const block = await blockHashesFor(client, network, ref)
  if (!block) return null
  return Promise.all(
    block.transactions.map(async (hash) => {
      const receipt = await getTransactionReceipt(http, hash, { signal })
      if (!receipt) throw new MalformedResponseError('eth_getTransactionReceipt', 'result', `the node has no receipt for ${hash}, a transaction of block ${block.number ?? block.hash ?? ''}`)
      return receipt
    }),
  )
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
          // By its hash, not find({ exact }): find hashes the key once per query in the cache, and this runs
          // once per block (a 50-block window in a cache of a few thousand queries: that many hashes per block).
          const cached = client.getQueryCache().get<Block | null>(client.defaultQueryOptions({ queryKey: key }).queryHash)
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
