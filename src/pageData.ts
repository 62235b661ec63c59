import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { AppNetwork } from './networks/capabilities.ts'
import { prefetchHomePage } from './pages/home/homeQueries.ts'
import { parseAddress, parseBlockId, parseIndex, parseL2aBlock, parseTransactionHash } from './urls.ts'
import { accountQuery } from './queries/account.ts'
import { blockPageRef, blockRefOf, detailsParam, hashesOnly, headNumberOf, prefetchBlockFirstScreen, prefetchBlockRoute } from './queries/blockPage.ts'
import { headQuery } from './queries/head.ts'
import { blockQuery, uncleQuery } from './queries/blocks.ts'
import { carriedBlockTimestamp, prefetchTransactionPage, receiptQuery, transactionByIndexQuery, transactionQuery } from './queries/transactions.ts'

/**
 * Who reads a page's data: the app in the browser (a navigation, a link's hover or focus), or the app server
 * for the page's first screen (src/serverRender.tsx), which waits for it and may read a cheaper first part.
 */
export type DataPurpose = 'app' | 'firstScreen'

export type PageDataInput = { client: QueryClient; network: AppNetwork; params: Params; search: string; purpose: DataPurpose }

/**
 * What a page asks for first, from its URL alone: the route's loader (src/routes.tsx) calls it on a navigation,
 * on a link's hover or focus, and in the server's render, with the same query factories the page then reads
 * (so the page finds its data in the cache or on its way). Settles when the data is in the cache or failed.
 */
export type PageData = (input: PageDataInput) => Promise<void>

/** The block and its receipts (one batch); for the server's first screen of a long block, its first rows' receipts. */
const blockPageData: PageData = ({ client, network, params, search, purpose }) =>
  (purpose === 'firstScreen' ? prefetchBlockFirstScreen : prefetchBlockRoute)(client, network, params.id ?? '', new URLSearchParams(search))

/**
 * The transaction and its receipt (one batch), then its block by hash (for its time, unless the node put that
 * in the answers: useTransactionData) and, for a failure, why: what the page asks for, in that order.
 */
const transactionPageData: PageData = async ({ client, network, params }) => {
  const hash = parseTransactionHash(params.hash)
  if (!hash || !network.capabilities.ethMethods) return
  await prefetchTransactionPage(client, network, hash)
  const transaction = client.getQueryData(transactionQuery(network, hash).queryKey)
  const receipt = client.getQueryData(receiptQuery(network, hash).queryKey)
  const failed = receipt?.status === '0x0'
  await Promise.all([
    transaction?.blockHash && carriedBlockTimestamp(transaction, receipt) === null ? client.prefetchQuery(blockQuery(network, transaction.blockHash)) : undefined,
    // A failed transaction's page explains it (FailurePanel): its reason comes with the page's data. Imported
    // here, not with the app's entry: the code is the transaction page's, loading beside this.
    failed && transaction !== undefined ? import('./queries/failureReason.ts').then(({ prefetchFailureReason }) => prefetchFailureReason(client, network, hash, transaction)) : undefined,
  ])
}

/** The live overview: the head, the blocks below it, the newest blocks' transactions (pages/home/homeQueries.ts). */
const homePageData: PageData = ({ client, network }) => prefetchHomePage(client, network)

/** The address's balance, nonce and code at the latest block (one batch): what its page shows first. */
const addressPageData: PageData = ({ client, network, params }) => {
  const address = parseAddress(params.address)
  return address && network.capabilities.ethMethods ? client.prefetchQuery(accountQuery(network, address)) : Promise.resolve()
}

/** The uncle, by the block that includes it and its index there. */
const unclePageData: PageData = ({ client, network, params }) => {
  const parsed = parseBlockId(params.id ?? '')
  const index = parseIndex(params.index ?? '')
  return parsed && index !== null ? client.prefetchQuery(uncleQuery(network, blockRefOf(parsed), index)) : Promise.resolve()
}

/** The transaction at a position in a block (the page then reads its receipt by the hash this answer gives). */
const blockTransactionPageData: PageData = ({ client, network, params }) => {
  const parsed = parseBlockId(params.id ?? '')
  const index = parseIndex(params.index ?? '')
  return parsed && index !== null && network.capabilities.ethMethods ? client.prefetchQuery(transactionByIndexQuery(network, blockRefOf(parsed), index)) : Promise.resolve()
}

/** The block (its hashes: the receipts page lists no transaction objects) and its receipts, in one batch. */
const blockReceiptsPageData: PageData = ({ client, network, params }) =>
  network.capabilities.blockReceipts ? prefetchBlockRoute(client, network, params.id ?? '', new URLSearchParams({ [detailsParam]: hashesOnly })) : Promise.resolve()

/**
 * A layer-2 block's raw transactions. Their query (and its schemas) imported here, not with the app's entry,
 * which every first load fetches: the code is the layer-2 page's, loading beside this.
 */
const l2aBlockPageData: PageData = ({ client, network, params }) => {
  const block = parseL2aBlock(params.block ?? '')
  if (block === null || !network.capabilities.l2aRawBlockTransactions) return Promise.resolve()
  return import('./queries/l2a.ts').then(({ rawBlockQuery }) => client.prefetchQuery(rawBlockQuery(network, block)))
}

/**
 * The pages whose data their URL names, by page (routePages.ts): what a navigation, a link's hover or focus
 * and the server's first screen start for each.
 */
export const pageData: Partial<Record<string, PageData>> = {
  'home/HomePage': homePageData,
  'block/BlockPage': blockPageData,
  'tx/TransactionPage': transactionPageData,
  'address/AddressPage': addressPageData,
  'uncle/UnclePage': unclePageData,
  'tx/BlockTransactionPage': blockTransactionPageData,
  'block/BlockReceiptsPage': blockReceiptsPageData,
  'l2a/L2aBlockPage': l2aBlockPageData,
}

/**
 * The pages whose first screen the app server renders (routes.tsx firstScreenPage). Named here, not every page
 * with a declaration: the server holds a rendered page's HTML back for its data (server/firstScreen.ts), so
 * rendering one there is a choice made for each page: the pages a link from elsewhere most often opens (the
 * overview, a block, a transaction, an address); the other declarations are for the browser's navigations and
 * its links' read-ahead.
 */
export const serverRenderedPages: ReadonlySet<string> = new Set(['home/HomePage', 'block/BlockPage', 'tx/TransactionPage', 'address/AddressPage'])

/**
 * What a page's URL names, once its data is in: 400 for an id that is not one (a malformed hash, a block that
 * is neither a number, a tag nor a hash), 404 for what the node answered it has not got; else 200. The app
 * server's render sends it as the page's status (a navigation in the browser has none to set). A read that
 * failed says nothing of the URL: 200, and the page explains the failure.
 */
export type PageStatus = (input: Omit<PageDataInput, 'purpose'>) => 200 | 400 | 404

/** The node answered null for the query: it has no such thing. */
const answeredNone = (client: QueryClient, queryKey: readonly unknown[]) => {
  const state = client.getQueryState(queryKey)
  return state?.status === 'success' && state.data === null
}

export const pageStatus: Partial<Record<string, PageStatus>> = {
  'block/BlockPage': ({ client, network, params }) => {
    const parsed = parseBlockId(params.id ?? '')
    if (!parsed) return 400
    const ref = blockPageRef(parsed, headNumberOf(client.getQueryData(headQuery(network).queryKey)))
    return answeredNone(client, blockQuery(network, ref).queryKey) ? 404 : 200
  },
  'tx/TransactionPage': ({ client, network, params }) => {
    const hash = parseTransactionHash(params.hash)
    if (!hash) return 400
    return answeredNone(client, transactionQuery(network, hash).queryKey) && answeredNone(client, receiptQuery(network, hash).queryKey) ? 404 : 200
  },
  'address/AddressPage': ({ params }) => (parseAddress(params.address) ? 200 : 400),
}
