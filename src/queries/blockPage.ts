import type { QueryClient } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { AppNetwork } from '../networks/capabilities.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery } from './blocks.ts'
import { resolveBlockRef, type BlockRef } from './cachePolicy.ts'
import { headQuery } from './head.ts'
import { receiptQuery, transactionQuery } from './transactions.ts'
import type { BlockHeader, Receipt, Transaction } from '../rpc/schemas.ts'
import { partialFirstScreenRows } from '../../contract/listWindow.ts'
import { parseBlockId, type ParsedBlockId } from '../urls.ts'

/**
 * The block page's plan, in one place: what it asks for, known from its URL alone. The route's declaration
 * (src/pageData.ts: started as a navigation begins, or as a link to the page is hovered or focused) and the
 * page (useBlockData) both read it here, so the data started early is the data the page then finds in flight.
 * useBlockData.ts is the page's hook over this plan, apart so the app's entry (which starts a block page's data
 * from its URL) does not carry the hook's code.
 */

/**
 * A block page lists full transaction objects (the transaction-details flag true): method, value and fee in
 * every row, as every explorer shows them. `?tx=hashes` asks for hashes only, so that choice is linkable.
 */
export const detailsParam = 'tx'
export const hashesOnly = 'hashes'

export function wantsFullTransactions(search: URLSearchParams): boolean {
  return search.get(detailsParam) !== hashesOnly
}

/**
 * Whether the block page lists this block's full transaction objects: as the URL asks, and without `?tx=` by
 * default, except on a recorded sample for a block it recorded with hashes only (the page would otherwise
 * show nothing but "not in this recording").
 */
export function listsFullTransactions(network: AppNetwork, parsed: ParsedBlockId, search: URLSearchParams): boolean {
  const asked = search.get(detailsParam)
  if (asked !== null) return asked !== hashesOnly
  if (network.kind !== 'sample') return true
  const recorded = network.sample?.blocks.find((block) => (parsed.kind === 'hash' ? block.hash.toLowerCase() === parsed.hash.toLowerCase() : parsed.kind === 'number' && BigInt(block.number) === parsed.number))
  return recorded?.fullTransactions ?? true
}

/**
 * Why the page asks no receipts, if it does not: the pending block has none, or a recording holds no block
 * receipts. A live network without eth_getBlockReceipts still gets them, one by one (blocks.ts).
 */
export function receiptsSkippedFor(network: AppNetwork, parsed: ParsedBlockId): 'pending' | 'unsupported' | null {
  if (parsed.kind === 'tag' && parsed.tag === 'pending') return 'pending'
  return network.kind === 'sample' && !network.capabilities.blockReceipts ? 'unsupported' : null
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
 * after it arrived, would ask again (two requests where one will do). Settles when the data is in the cache
 * (a server render waits for it; the app does not).
 */
export function prefetchBlockRoute(client: QueryClient, network: AppNetwork, param: string, search: URLSearchParams): Promise<void> {
  const parsed = parseBlockId(param)
  if (!parsed) return Promise.resolve()
  const ref = blockPageRef(parsed, headNumberOf(client.getQueryData(headQuery(network).queryKey)))
  if (resolveBlockRef(ref).kind === 'tag') return Promise.resolve()
  return prefetchBlockPage(client, network, ref, { transactions: listsFullTransactions(network, parsed, search), receipts: receiptsSkippedFor(network, parsed) === null })
}

/**
 * The transactions whose receipts (and, listed in full, whose objects) a first screen rendered by the server
 * holds apart from the block's, of a block with these hashes: none for a list the page shows whole (the block's
 * come in one answer), the first rows for a long one (a virtualized list, rendered by the server without knowing
 * its place: its first row and the overscan, contract/listWindow.ts).
 */
export function firstScreenRowHashes(hashes: readonly Hash[]): readonly Hash[] {
  const rows = partialFirstScreenRows(hashes.length)
  return rows === undefined ? [] : hashes.slice(0, rows)
}

/** A block's transaction hashes, whether it came with hashes or with full transactions. */
export function transactionHashesOf(block: { transactions: ReadonlyArray<Hash | { hash: Hash }> }): Hash[] {
  return block.transactions.map((entry) => (typeof entry === 'string' ? entry : entry.hash))
}

/**
 * The block page's data for the server's first screen (src/serverRender.tsx): the block with its transaction
 * hashes first; then, for a block the page lists whole, its full transactions (when the page lists them) and
 * its receipts in one batch; for a long one, only what the rows the first screen shows need: each one's
 * transaction and receipt (eth_getTransactionByHash, eth_getTransactionReceipt), in one batch. A node builds
 * every receipt and every transaction object of a block it is asked for (a large block's take long, the largest
 * past the server's data deadline) for a screen that shows 13 rows, and the page's data would carry all of
 * them. The page asks for the rest once it has taken over (useBlockData). Two round trips between the server
 * and the node, as before: the block, then the rest. A recorded sample holds no transaction objects apart from
 * its blocks': its long blocks are read whole.
 */
export async function prefetchBlockFirstScreen(client: QueryClient, network: AppNetwork, param: string, search: URLSearchParams): Promise<void> {
  const parsed = parseBlockId(param)
  if (!parsed) return
  const ref = blockPageRef(parsed, headNumberOf(client.getQueryData(headQuery(network).queryKey)))
  if (resolveBlockRef(ref).kind === 'tag') return
  const full = listsFullTransactions(network, parsed, search)
  // A failed read is the browser's to retry and to explain, as prefetchQuery leaves it.
  const block = await (full && network.kind === 'sample' ? client.fetchQuery(blockWithTransactionsQuery(network, ref)) : client.fetchQuery(blockQuery(network, ref))).catch(() => null)
  if (!block) return
  const receipts = receiptsSkippedFor(network, parsed) === null
  const first = firstScreenRowHashes(transactionHashesOf(block))
  const whole = first.length === 0 || network.kind === 'sample'
  const reads: Promise<void>[] = []
  if (whole && full) reads.push(client.prefetchQuery(blockWithTransactionsQuery(network, ref)))
  if (!whole && full) reads.push(...first.map((hash) => client.prefetchQuery(transactionQuery(network, hash))))
  if (receipts) reads.push(...(first.length === 0 ? [client.prefetchQuery(blockReceiptsQuery(network, ref))] : first.map((hash) => client.prefetchQuery(receiptQuery(network, hash)))))
  await Promise.all(reads)
}

/** What a first screen brought for each of a block's first rows (`read` from the cache), by lowercase hash; undefined when nothing. */
function firstRowsInCache<T>(hashes: readonly Hash[], read: (hash: Hash) => T | undefined): Map<string, T> | undefined {
  let found: Map<string, T> | undefined
  for (const hash of firstScreenRowHashes(hashes)) {
    const value = read(hash)
    if (value) (found ??= new Map()).set(hash.toLowerCase(), value)
  }
  return found
}

/** While a block's full transactions are on their way: those of its first rows that a first screen brought. */
export function firstScreenTransactions(client: QueryClient, network: Network, hashes: readonly Hash[]): Map<string, Transaction> | undefined {
  return firstRowsInCache(hashes, (hash) => client.getQueryData(transactionQuery(network, hash).queryKey) ?? undefined)
}

/** While a block's receipts are on their way: the receipts of its first rows that a first screen brought. */
export function firstScreenReceipts(client: QueryClient, network: Network, hashes: readonly Hash[]): Map<string, Receipt> | undefined {
  return firstRowsInCache(hashes, (hash) => client.getQueryData(receiptQuery(network, hash).queryKey) ?? undefined)
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
