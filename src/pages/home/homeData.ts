import type { QueryClient } from '@tanstack/react-query'
import { capabilitiesOf, offersMethod, type AppNetwork } from '../../networks/capabilities.ts'
import { blocksForTransactions, chartBlockCount, detailBlockCount, historyRange, joinWindow, minedOnly, transactionRowCount, windowHeads, type ChainBlock } from './liveWindow.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { headQuery, headStreamFor } from '../../queries/head.ts'

/**
 * The live home page's data, known without rendering it: the head, the window of blocks below it (the chart's
 * and the latest-blocks list's), the newest blocks' transactions and their receipts. The same queries, with the
 * same keys, as the page's first render asks for (useLiveWindow.ts), so what is started here is what
 * the page finds; the app server renders the page's first screen from it (src/serverRender.tsx). Three round
 * trips: the head; the window and the heads' summaries (one batch); the full blocks and receipts (one batch).
 * Nothing on a recorded sample (its home page is its description) or a network without the eth_ methods.
 */
export async function prefetchHomePage(client: QueryClient, network: AppNetwork): Promise<void> {
  if (network.kind === 'sample' || !network.capabilities.ethMethods) return
  const head = headQuery(network)
  await client.prefetchQuery(head)
  const known = client.getQueryData(head.queryKey)
  if (!known) return
  // The window as useLiveWindow makes it: the stream's heads once it has any, else the head just read.
  const heads = windowHeads(headStreamFor(network).heads, known)
  const range = historyRange(heads, chartBlockCount)
  const history = range ? recentBlocksQuery(network, range.to, range.count) : null
  // The history's blocks come with their summaries (by hash); the heads' summaries are asked beside it.
  const newestHeads = heads.slice(-detailBlockCount)
  await Promise.all([...newestHeads.map((block) => client.prefetchQuery(blockQuery(network, block.hash))), history ? client.prefetchQuery(history) : undefined])

  const read = history ? minedOnly(client.getQueryData(history.queryKey)) : undefined
  const listed = joinWindow<ChainBlock>(read, heads, chartBlockCount).reverse().slice(0, detailBlockCount)
  const needed = blocksForTransactions(listed, (block) => client.getQueryData(blockQuery(network, block.hash).queryKey)?.transactions.length, transactionRowCount)
  const receipts = offersMethod(capabilitiesOf(network), 'eth_getBlockReceipts')
  // In one tick: one batch.
  await Promise.all(
    needed.flatMap((block) => [client.prefetchQuery(blockWithTransactionsQuery(network, block.hash)), ...(receipts ? [client.prefetchQuery(blockReceiptsQuery(network, block.hash))] : [])]),
  )
}
