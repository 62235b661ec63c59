import type { QueryClient } from '@tanstack/react-query'
import type { Params } from 'react-router'
import type { AppNetwork } from './networks/capabilities.ts'
import { prefetchHomePage } from './pages/home/homeData.ts'
import { parseTransactionHash } from './urls.ts'
import { prefetchBlockFirstScreen, prefetchBlockRoute } from './queries/blockPage.ts'
import { blockQuery } from './queries/blocks.ts'
import { carriedBlockTimestamp, prefetchTransactionPage, receiptQuery, transactionQuery } from './queries/transactions.ts'

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

/** The live overview: the head, the blocks below it, the newest blocks' transactions (pages/home/homeData.ts). */
const homePageData: PageData = ({ client, network }) => prefetchHomePage(client, network)

/** The pages whose data their URL names, by page (routePages.ts); the app server renders these pages' first screens. */
export const pageData: Partial<Record<string, PageData>> = {
  'home/HomePage': homePageData,
  'block/BlockPage': blockPageData,
  'tx/TransactionPage': transactionPageData,
}
