import { useQueries } from '@tanstack/react-query'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { capabilitiesOf, offersMethod } from '../../networks/capabilities.ts'
import { useLiveHeads } from '../../queries/head.ts'
import type { Block, BlockHeader, BlockWithTransactions, Receipt } from '../../rpc/schemas.ts'
import { historyRange, joinWindow, minedOnly, windowHeads, type ChainBlock } from './liveWindow.ts'

/** How long a full block the home page showed stays cached once it has scrolled off (it is re-read by hash if needed). */
const shownBlockGcMs = 60_000

export type LiveWindow = {
  /** The newest blocks, oldest first, gap-free and linked; the newest is the head. At most `size`. */
  blocks: readonly ChainBlock[]
  /** The stream's newest head (the full header), or undefined before the first. */
  tip: BlockHeader | undefined
  /** True until the stream has a head and the history below it has been read. */
  loading: boolean
  error: Error | null
}

/**
 * The last `size` blocks, live, ending at the stream's newest head (or `knownHead` until the stream has one).
 * The head stream (rpc/headStream.ts) gives every block from the moment it
 * started, gap-free and deduplicated, with reorgs replaced; the blocks before that are read once, by
 * number in one batch, and joined on where they link. Once the stream holds `size` blocks the history is
 * no longer needed. The stream keeps a bounded chain, and so does this window.
 */
export function useLiveWindow(network: Network, size: number, knownHead?: BlockHeader): LiveWindow {
  const heads = windowHeads(useLiveHeads(network), knownHead)
  const range = historyRange(heads, size)
  // Once the stream is long enough there is no query at all: a disabled one would still be a cache entry, and
  // its key moves with every head (the stream slides), so one was left per block for the cache's 30 minutes (a
  // few KB per block, found by a heap-snapshot diff).
  const wanted = range ? [recentBlocksQuery(network, range.to, range.count)] : []
  const history = useQueries({ queries: wanted })[0]
  const blocks = joinWindow<ChainBlock>(minedOnly(history?.data), heads, size)
  return {
    blocks,
    tip: heads.at(-1),
    loading: heads.length === 0 || history?.isPending === true,
    error: history?.error ?? null,
  }
}

/**
 * The full blocks (with their transactions) of `blocks`, by hash: the transactions of a block are those of
 * exactly the header listed, whatever happens to its number later. Cached a short while only once off screen.
 */
export function useFullBlocks(network: Network, blocks: readonly ChainBlock[]): Map<string, { data: BlockWithTransactions | null | undefined; error: Error | null }> {
  const results = useQueries({
    queries: blocks.map((block) => ({ ...blockWithTransactionsQuery(network, block.hash), gcTime: shownBlockGcMs })),
  })
  return new Map(blocks.map((block, index) => [block.hash, { data: results[index]?.data, error: results[index]?.error ?? null }]))
}

/**
 * The blocks of `blocks` with their transaction hashes, by hash: what a row needs beyond the header (the
 * transaction count). The history read by number already put these in the cache by hash, so only the heads
 * that arrived since are asked for, one small call each.
 */
export function useBlockSummaries(network: Network, blocks: readonly ChainBlock[]): Map<string, { data: Block | null | undefined; error: Error | null }> {
  const results = useQueries({
    queries: blocks.map((block) => ({ ...blockQuery(network, block.hash), gcTime: shownBlockGcMs })),
  })
  return new Map(blocks.map((block, index) => [block.hash, { data: results[index]?.data, error: results[index]?.error ?? null }]))
}

/**
 * The receipts of the blocks the transactions list shows, by transaction hash: each row's fee and the tokens it
 * moved. One eth_getBlockReceipts per block, asked in the same tick as the block's transactions (one POST);
 * a network without the method shows the list without fees rather than read receipts one by one.
 */
export function useReceiptsOf(network: Network, blocks: readonly ChainBlock[]): Map<string, Receipt> {
  const offered = offersMethod(capabilitiesOf(network), 'eth_getBlockReceipts')
  const results = useQueries({
    queries: blocks.map((block) => ({ ...blockReceiptsQuery(network, block.hash), gcTime: shownBlockGcMs, enabled: offered })),
  })
  const byHash = new Map<string, Receipt>()
  for (const result of results) for (const receipt of result.data ?? []) byHash.set(receipt.transactionHash.toLowerCase(), receipt)
  return byHash
}
