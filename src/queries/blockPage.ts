import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { AppNetwork } from '../networks/capabilities.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery } from './blocks.ts'
import { resolveBlockRef, type BlockRef } from './cachePolicy.ts'
import { headQuery, useHead } from './head.ts'
import type { Block, BlockHeader, BlockWithTransactions, Receipt } from '../rpc/schemas.ts'
import { parseBlockId, type ParsedBlockId } from '../urls.ts'

/**
 * The block page's plan, in one place: what it asks for, known from its URL alone. The route's handle (data
 * started as a navigation begins, App.tsx) and the page (useBlockData) both read it here, so the data started
 * early is the data the page then finds in flight; prefetchBlockPage is the same batch for link hovers.
 */

/** `?tx=full` asks for full transaction objects (the transaction-details flag), so the choice is linkable. */
export const detailsParam = 'tx'

export function wantsFullTransactions(search: URLSearchParams): boolean {
  return search.get(detailsParam) === 'full'
}

/** Why the page asks no receipts, if it does not: the pending block has none, or the network lacks the method. */
export function receiptsSkippedFor(network: AppNetwork, parsed: ParsedBlockId): 'pending' | 'unsupported' | null {
  if (parsed.kind === 'tag' && parsed.tag === 'pending') return 'pending'
  return network.capabilities.blockReceipts ? null : 'unsupported'
}

/** The reference the queries take for a block id from a route. */
export function blockRefOf(parsed: ParsedBlockId): BlockRef {
  switch (parsed.kind) {
    case 'number':
      return parsed.number
    case 'tag':
      return parsed.tag
    case 'hash':
      return parsed.hash
  }
}

/** The head query's answer as a number: undefined while it loads, null on a network without a head. */
export function headNumberOf(head: BlockHeader | null | undefined): bigint | null | undefined {
  return head === undefined ? undefined : head === null ? null : BigInt(head.number)
}

/** `latest` becomes the head's number once the head is known, so the page follows it; any other id is itself. */
export function blockPageRef(parsed: ParsedBlockId, head: bigint | null | undefined): BlockRef {
  return parsed.kind === 'tag' && parsed.tag === 'latest' && head != null ? head : blockRefOf(parsed)
}

/**
 * A block page's data: the block and (unless `receipts: false`, for a network without eth_getBlockReceipts)
 * its receipts, asked for in the same tick, so one HTTP round trip.
 */
export async function prefetchBlockPage(client: QueryClient, network: Network, id: BlockRef, options: { transactions?: boolean; receipts?: boolean } = {}): Promise<void> {
  await Promise.all([
    options.transactions ? client.prefetchQuery(blockWithTransactionsQuery(network, id)) : client.prefetchQuery(blockQuery(network, id)),
    options.receipts === false ? undefined : client.prefetchQuery(blockReceiptsQuery(network, id)),
  ])
}

/**
 * Starts the block and its receipts (one batch) from the URL alone, so they are on their way while the page's
 * code loads and renders (on a full load the request would otherwise leave only after the app, the route's
 * chunk and the page's first render, one after the other).
 *
 * Only a block by number or hash is asked for here: a tag's answer is never fresh, so the page, mounting
 * after it arrived, would ask again (two requests where one will do). It never waits for the data.
 */
export function prefetchBlockRoute(client: QueryClient, network: AppNetwork, param: string, search: URLSearchParams): void {
  const parsed = parseBlockId(param)
  if (!parsed) return
  const ref = blockPageRef(parsed, headNumberOf(client.getQueryData(headQuery(network).queryKey)))
  if (resolveBlockRef(ref).kind === 'tag') return
  void prefetchBlockPage(client, network, ref, { transactions: wantsFullTransactions(search), receipts: receiptsSkippedFor(network, parsed) === null })
}

/**
 * Whether the receipts belong to the block: the same count, and the first names the block's hash. Asked by
 * a tag, the two answers of one batch can still straddle a new head; then the receipts are read again by hash.
 */
export function receiptsMatchBlock(receipts: readonly Receipt[], block: { hash: Hash | null; transactions: readonly unknown[] }): boolean {
  if (receipts.length !== block.transactions.length) return false
  const first = receipts[0]
  return first === undefined || block.hash === null || first.blockHash.toLowerCase() === block.hash.toLowerCase()
}

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
