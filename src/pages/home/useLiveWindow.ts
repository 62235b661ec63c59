import { useQueries } from '@tanstack/react-query'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { capabilitiesOf, offersMethod } from '../../networks/capabilities.ts'
import { useLiveHeads } from '../../queries/head.ts'
import { isMined, type Block, type BlockHeader, type BlockWithTransactions, type Receipt } from '../../rpc/schemas.ts'
import { joinWindow, type ChainBlock } from './liveWindow.ts'

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
  const streamed = useLiveHeads(network)
  // Before the stream's first head, the head the page has (the head query's, or the server's first screen)
  // stands in for it: the stream starts at that same head (useHeadSubscription), so the window and the history
  // read below it are the same before and after.
  const heads = streamed.length > 0 ? streamed : knownHead ? [knownHead] : streamed
  const oldest = heads[0]
  const below = oldest ? BigInt(oldest.number) - 1n : -1n
  const needHistory = heads.length < size && below >= 0n
  // Keyed by the block below the stream's first head, which stays put while the stream grows: one read. Once
  // the stream is long enough there is no query at all: a disabled one would still be a cache entry, and its key
  // moves with every head (the stream slides), so one was left per block for the cache's 30 minutes (a few KB
  // per block, found by a heap-snapshot diff).
  const wanted = needHistory ? [recentBlocksQuery(network, below, size - 1)] : []
  const history = useQueries({ queries: wanted })[0]
  const mined = history?.data?.map((block) => (block && isMined(block) ? block : null))
  const blocks = joinWindow<ChainBlock>(mined, heads, size)
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
