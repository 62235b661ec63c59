import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { capabilitiesOf, offersMethod, type AppNetwork } from '../../networks/capabilities.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { headQuery, headStreamFor } from '../../queries/head.ts'
import { blocksForTransactions, blocksToRead, chartBlockCount, detailBlockCount, historyRange, joinWindow, minedOnly, transactionRowCount, windowHeads, type ChainBlock } from './liveWindow.ts'

/** How long a block the home page showed stays cached once it has scrolled off (it is re-read by hash if needed). */
const shownBlockGcMs = 60_000

/**
 * The live home page's data, declared once: from the window's heads and what the cache already holds, every
 * query the page reads. The page subscribes to these (useHomeData.ts); its loader reads them until none is
 * missing (prefetchHomePage, below). Each answer can add queries: the history by number gives the listed
 * blocks, their summaries give the blocks whose transactions the list needs.
 */
export function homeQueries(network: Network, heads: readonly ChainBlock[], cache: QueryClient) {
  // The history below the heads, read once by number in one batch, until the stream alone fills the window.
  const range = historyRange(heads, chartBlockCount)
  const history = range ? recentBlocksQuery(network, range.to, range.count) : null
  const window = joinWindow<ChainBlock>(minedOnly(history ? cache.getQueryData(history.queryKey) : undefined), heads, chartBlockCount)
  const listed = [...window].reverse().slice(0, detailBlockCount)
  // The listed blocks with their transaction hashes (the history read put them in the cache by hash: only the
  // heads that arrived since are asked for). A new head's row shows at once from its header; only its
  // transaction count waits for this.
  const summary = (block: ChainBlock) => ({ ...blockQuery(network, block.hash), gcTime: shownBlockGcMs })
  const countOf = (block: ChainBlock) => cache.getQueryData(blockQuery(network, block.hash).queryKey)?.transactions.length
  // Full transactions only for the newest blocks the transactions list covers, and of those only the ones that
  // have any; by hash, so a block's transactions are those of exactly the header listed. Receipts (fees, tokens
  // moved) one call per block in the same tick, on a network that offers it.
  const covered = blocksForTransactions(listed, countOf, transactionRowCount)
  const needed = blocksToRead(covered, countOf)
  const full = (block: ChainBlock) => ({ ...blockWithTransactionsQuery(network, block.hash), gcTime: shownBlockGcMs })
  const receipts = (block: ChainBlock) => ({ ...blockReceiptsQuery(network, block.hash), gcTime: shownBlockGcMs })
  const receiptsOffered = offersMethod(capabilitiesOf(network), 'eth_getBlockReceipts')
  return {
    history,
    window,
    listed,
    covered,
    needed,
    summaries: listed.map(summary),
    full: needed.map(full),
    receipts: receiptsOffered ? needed.map(receipts) : [],
  }
}

export type HomeQueries = ReturnType<typeof homeQueries>

/** The head each network's home page was last read at (a chain that went back, reset, follows at once). */
const lastHeadRead = new Map<string, bigint>()

/**
 * The home page's loader (src/pageData.ts): the head, then the page's queries (homeQueries) until none is
 * missing, each round one batch: the window (and the newest blocks' transactions where the head has any), then
 * the full blocks and receipts the listed summaries call for. Nothing on a recorded sample (its home page is
 * its description) or a network without the eth_ methods.
 */
export async function prefetchHomePage(client: QueryClient, network: AppNetwork): Promise<void> {
  if (network.kind === 'sample' || !network.capabilities.ethMethods) return
  const head = headQuery(network)
  // The window below the newest head this process has seen, asked in the head's batch: when the head has not
  // moved since (a devnet between blocks, a second visitor within a block time) the page's data is one round
  // trip less; when it has, the guess is dropped. Only when the head itself must be read (the server's render,
  // a browser's first visit).
  const seen = lastHeadRead.get(network.name)
  const headToRead = client.getQueryData(head.queryKey) === undefined && headStreamFor(network).heads.length === 0
  const guessed = headToRead && seen !== undefined && seen > 0n ? recentBlocksQuery(network, seen - 1n, chartBlockCount - 1) : null
  await Promise.all([client.prefetchQuery(head), guessed ? client.prefetchQuery(guessed) : undefined])
  const known = client.getQueryData(head.queryKey)
  if (!known) return
  lastHeadRead.set(network.name, BigInt(known.number))
  // The window as the page makes it: the stream's heads once it has any, else the head just read.
  const heads = windowHeads(headStreamFor(network).heads, known)
  const first = homeQueries(network, heads, client)
  // A wrong guess is not the page's data: it must not travel in the first screen's state.
  if (guessed && hashKey(first.history?.queryKey ?? []) !== hashKey(guessed.queryKey)) client.removeQueries({ queryKey: guessed.queryKey, exact: true })
  // What the plan asks for that the cache lacks, started in one tick (one batch). A query that failed counts
  // as read (the page shows its error): the rounds end.
  const lacks = (queryKey: QueryKey) => !['success', 'error'].includes(client.getQueryState(queryKey)?.status ?? '')
  const readMissing = (plan: HomeQueries) => [
    ...(plan.history && lacks(plan.history.queryKey) ? [client.prefetchQuery(plan.history)] : []),
    ...plan.summaries.filter((query) => lacks(query.queryKey)).map((query) => client.prefetchQuery(query)),
    ...plan.full.filter((query) => lacks(query.queryKey)).map((query) => client.prefetchQuery(query)),
    ...plan.receipts.filter((query) => lacks(query.queryKey)).map((query) => client.prefetchQuery(query)),
  ]
  // The plan is three answers deep (the window, the summaries, the full blocks): a query that keeps ending
  // unread (cancelled) does not keep the loader going.
  for (let round = 0, reads = readMissing(first); reads.length > 0 && round < 3; round++, reads = readMissing(homeQueries(network, heads, client))) await Promise.all(reads)
}
