import { hashKey, type QueryClient } from '@tanstack/react-query'
import { capabilitiesOf, offersMethod, type AppNetwork } from '../../networks/capabilities.ts'
import { blocksForTransactions, blocksToRead, chartBlockCount, detailBlockCount, historyRange, joinWindow, minedOnly, transactionRowCount, windowHeads, type ChainBlock } from './liveWindow.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { headQuery, headStreamFor } from '../../queries/head.ts'

/** The head each network's home page was last read at (a chain that went back, reset, follows at once). */
const lastHeadRead = new Map<string, bigint>()

/**
 * The live home page's data, known without rendering it: the head, the window of blocks below it (the chart's
 * and the latest-blocks list's), the newest blocks' transactions and their receipts. The same queries, with the
 * same keys, as the page's first render asks for (useLiveWindow.ts), so what is started here is what
 * the page finds; the app server renders the page's first screen from it (src/serverRender.tsx). Up to three
 * round trips: the head (with the window, when the head is where it was); the window and the heads' summaries
 * (one batch); the full blocks and receipts of the newest blocks with transactions (one batch).
 * Nothing on a recorded sample (its home page is its description) or a network without the eth_ methods.
 */
export async function prefetchHomePage(client: QueryClient, network: AppNetwork): Promise<void> {
  if (network.kind === 'sample' || !network.capabilities.ethMethods) return
  const head = headQuery(network)
  // The window below the newest head this process has seen, asked in the head's batch: when the head has not
  // moved since (a devnet between blocks, a second visitor within a block time) the page's data is one round
  // trip instead of two; when it has, the guess is dropped and the window is read as before. Only when the head
  // itself must be read (the server's render, a browser's first visit).
  const seen = lastHeadRead.get(network.name)
  const headToRead = client.getQueryData(head.queryKey) === undefined && headStreamFor(network).heads.length === 0
  const guessed = headToRead && seen !== undefined && seen > 0n ? recentBlocksQuery(network, seen - 1n, chartBlockCount - 1) : null
  await Promise.all([client.prefetchQuery(head), guessed ? client.prefetchQuery(guessed) : undefined])
  const known = client.getQueryData(head.queryKey)
  if (!known) return
  lastHeadRead.set(network.name, BigInt(known.number))
  // The window as useLiveWindow makes it: the stream's heads once it has any, else the head just read.
  const heads = windowHeads(headStreamFor(network).heads, known)
  const range = historyRange(heads, chartBlockCount)
  const history = range ? recentBlocksQuery(network, range.to, range.count) : null
  // A wrong guess is not the page's data: it must not travel in the first screen's state.
  if (guessed && !(history && hashKey(history.queryKey) === hashKey(guessed.queryKey))) client.removeQueries({ queryKey: guessed.queryKey, exact: true })
  // The history's blocks come with their summaries (by hash); the heads' summaries are asked beside it.
  const newestHeads = heads.slice(-detailBlockCount)
  await Promise.all([...newestHeads.map((block) => client.prefetchQuery(blockQuery(network, block.hash))), history ? client.prefetchQuery(history) : undefined])

  const read = history ? minedOnly(client.getQueryData(history.queryKey)) : undefined
  const listed = joinWindow<ChainBlock>(read, heads, chartBlockCount).reverse().slice(0, detailBlockCount)
  const countOf = (block: ChainBlock) => client.getQueryData(blockQuery(network, block.hash).queryKey)?.transactions.length
  const needed = blocksToRead(blocksForTransactions(listed, countOf, transactionRowCount), countOf)
  const receipts = offersMethod(capabilitiesOf(network), 'eth_getBlockReceipts')
  // In one tick: one batch.
  await Promise.all(
    needed.flatMap((block) => [client.prefetchQuery(blockWithTransactionsQuery(network, block.hash)), ...(receipts ? [client.prefetchQuery(blockReceiptsQuery(network, block.hash))] : [])]),
  )
}
