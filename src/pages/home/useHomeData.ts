import { useQueries, useQueryClient } from '@tanstack/react-query'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { useLiveHeads } from '../../queries/head.ts'
import type { Block, BlockHeader, BlockWithTransactions, Receipt } from '../../rpc/schemas.ts'
import { homeQueries } from './homeQueries.ts'
import { windowHeads, type ChainBlock } from './liveWindow.ts'

export type HomeData = {
  /** The window: the newest blocks, oldest first, gap-free and linked; the newest is the head. */
  window: readonly ChainBlock[]
  /** The stream's newest head (the full header), or undefined before the first. */
  tip: BlockHeader | undefined
  /** True until the stream has a head and the history below it has been read. */
  loading: boolean
  /** The history's error. */
  error: Error | null
  /** The blocks the page keeps details of, newest first. */
  listed: readonly ChainBlock[]
  /** The blocks the transactions list covers, and of those the ones read in full. */
  covered: readonly ChainBlock[]
  needed: readonly ChainBlock[]
  summaryOf: (block: ChainBlock) => { data: Block | null | undefined; error: Error | null }
  fullOf: (block: ChainBlock) => BlockWithTransactions | null | undefined
  /** The receipts of the blocks read in full, by transaction hash. */
  receipts: Map<string, Receipt>
}

/**
 * The live home page's data (homeQueries.ts), subscribed: the last blocks ending at the stream's newest head (or
 * `knownHead` until the stream has one), their summaries, and the newest blocks' transactions and receipts. The
 * head stream (rpc/headStream.ts) gives every block from the moment it started, gap-free, with reorgs replaced;
 * the window and the lists are bounded.
 */
export function useHomeData(network: Network, knownHead: BlockHeader): HomeData {
  const cache = useQueryClient()
  const heads = windowHeads(useLiveHeads(network), knownHead)
  const plan = homeQueries(network, heads, cache)
  // Once the stream fills the window there is no history query at all: a disabled one would still be a cache
  // entry, and its key moves with every head (the stream slides), so one was left per block for the cache's 30
  // minutes (a few KB per block, found by a heap-snapshot diff).
  const wanted = plan.history ? [plan.history] : []
  const history = useQueries({ queries: wanted })[0]
  const summaries = useQueries({ queries: plan.summaries })
  const full = useQueries({ queries: plan.full })
  const receiptLists = useQueries({ queries: plan.receipts })
  const receipts = new Map<string, Receipt>()
  for (const list of receiptLists) for (const receipt of list.data ?? []) receipts.set(receipt.transactionHash.toLowerCase(), receipt)
  const listedAt = new Map(plan.listed.map((block, index) => [block.hash, index]))
  const neededAt = new Map(plan.needed.map((block, index) => [block.hash, index]))
  return {
    window: plan.window,
    tip: heads.at(-1),
    loading: heads.length === 0 || history?.isPending === true,
    error: history?.error ?? null,
    listed: plan.listed,
    covered: plan.covered,
    needed: plan.needed,
    summaryOf: (block) => {
      const result = summaries[listedAt.get(block.hash) ?? -1]
      return { data: result?.data, error: result?.error ?? null }
    },
    fullOf: (block) => full[neededAt.get(block.hash) ?? -1]?.data,
    receipts,
  }
}
