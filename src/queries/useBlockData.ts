import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Hash } from 'viem'
import type { AppNetwork } from '../networks/capabilities.ts'
import type { Block, BlockWithTransactions, Receipt } from '../rpc/schemas.ts'
import type { ParsedBlockId } from '../urls.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery } from './blocks.ts'
import { blockPageRef, headNumberOf, receiptsMatchBlock, receiptsSkippedFor } from './blockPage.ts'
import type { BlockRef } from './cachePolicy.ts'
import { useHead } from './head.ts'

export type BlockData = {
  /** What the queries ask for: `latest` becomes the head's number once the head is known, so the page follows it. */
  ref: BlockRef
  /** The chain head's number, when known (null on a network without one, undefined while loading). */
  head: bigint | null | undefined
  /** The block (with hashes, or with full transactions when asked): undefined while loading, null when the node has none. */
  block: Block | BlockWithTransactions | null | undefined
  /** The full transactions, when they were asked for and have arrived. */
  fullBlock: BlockWithTransactions | null | undefined
  blockError: Error | null
  /** The block's receipts from one eth_getBlockReceipts; undefined while loading (or not asked: see receiptsSkipped). */
  receipts: Receipt[] | null | undefined
  receiptsError: Error | null
  /** Why receipts are not asked for, if they are not: the pending block has none, or the network lacks the method. */
  receiptsSkipped: 'pending' | 'unsupported' | null
  retry: () => void
}

const noHash = `0x${'0'.repeat(64)}` as Hash

/**
 * The data of a block page: the block and its receipts, asked for in the same render, so a cold page's
 * two calls leave in one HTTP batch (and a warm one asks nothing).
 *
 * - `latest` follows the head: the head query (kept current by the app's newHeads subscription) gives the
 *   number, and the page reads that number; each new head re-renders the page with the next block. Before the
 *   head is known, the tag itself is asked (in the same batch), and its answer seeds the by-number cache.
 * - `pending`, `safe` and `finalized` are asked again on each new head.
 * - A block number not mined yet is asked again once the head reaches it.
 */
export function useBlockData(network: AppNetwork, parsed: ParsedBlockId, fullTransactions: boolean): BlockData {
  const headQuery = useHead(network)
  const head = headNumberOf(headQuery.data)
  const following = parsed.kind === 'tag' && parsed.tag === 'latest'
  const ref: BlockRef = blockPageRef(parsed, head)
  const receiptsSkipped = receiptsSkippedFor(network, parsed)

  // Following the head, the previous block stays on screen while the next one loads (no flash of skeletons).
  const placeholderData = following ? keepPreviousData : undefined
  const hashes = useQuery({ ...blockQuery(network, ref), enabled: !fullTransactions, placeholderData })
  const full = useQuery({ ...blockWithTransactionsQuery(network, ref), enabled: fullTransactions, placeholderData })
  const receipts = useQuery({ ...blockReceiptsQuery(network, ref), enabled: receiptsSkipped === null, placeholderData })

  // While the full transactions load, the fields already known (the block with hashes) stay on screen.
  const blockAnswer = fullTransactions && full.data !== undefined ? full : hashes
  const block = blockAnswer.data
  const blockError = (fullTransactions ? full.error : hashes.error) ?? null
  // The previous head's receipts next to the new head's block would be a mismatch: wait for the new ones.
  const receiptsAhead = receipts.isPlaceholderData && !blockAnswer.isPlaceholderData

  // Receipts asked by number or tag may be of another block than the one answered (a new head in between,
  // a reorg): then they are read by the block's hash, which names one block for good.
  const mismatch = receiptsSkipped === null && !receiptsAhead && !!block && block.hash !== null && !!receipts.data && !receiptsMatchBlock(receipts.data, block)
  const byHash = useQuery({ ...blockReceiptsQuery(network, (block?.hash ?? noHash) as Hash), enabled: mismatch })
  const receiptAnswer = mismatch ? byHash : receipts

  // Ask again when the head moves, for what depends on it (not on the head's first arrival: the first
  // answers are still on their way then).
  const lastHead = useRef(head)
  const refetchBlock = fullTransactions ? full.refetch : hashes.refetch
  const refetchReceipts = receipts.refetch
  const movesWithHead = parsed.kind === 'tag' && (parsed.tag === 'pending' || parsed.tag === 'safe' || parsed.tag === 'finalized')
  const waitingForNumber = parsed.kind === 'number' && block === null && head != null && head >= parsed.number
  useEffect(() => {
    const previous = lastHead.current
    lastHead.current = head
    if (previous == null || head == null || previous === head) return
    if (movesWithHead || waitingForNumber) {
      void refetchBlock()
      if (receiptsSkipped === null) void refetchReceipts()
    }
  }, [head, movesWithHead, waitingForNumber, refetchBlock, refetchReceipts, receiptsSkipped])

  return {
    ref,
    head,
    block,
    fullBlock: fullTransactions ? full.data : undefined,
    blockError,
    receipts: receiptsSkipped === null && !receiptsAhead ? receiptAnswer.data : undefined,
    receiptsError: receiptsSkipped === null ? (receiptAnswer.error ?? null) : null,
    receiptsSkipped,
    retry: () => {
      void refetchBlock()
      if (receiptsSkipped === null) void receiptAnswer.refetch()
    },
  }
}
