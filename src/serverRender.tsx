import { dehydrate } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type Location } from 'react-router'
import { AppProviders } from './App.tsx'
import { networkForSearch } from './networks/networkList.ts'
import type { RouterLike } from './networks/selection.ts'
import { appRoutes, firstScreenPage } from './routes.tsx'
import { readNetworkParam } from './urls.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { packFirstScreenState, type FirstScreenState } from './queries/firstScreenState.ts'

/**
 * The first screen of a page, rendered by the app server (server/firstScreen.ts) with the page's data read
 * there: the browser paints the page as it parses the HTML, before the app's code has loaded, and the app
 * then starts with that data in its cache (main.tsx) instead of asking for it again.
 *
 * Built apart (vite.config.ts: dist-server/serverRender.js) and run in Node by the app server, on the app's
 * own code: the same components, queries and RPC client as in the browser, so the two cannot disagree.
 */

export type FirstScreen = {
  /** The markup of #root. */
  html: string
  /**
   * The query cache as the render saw it: the page's data, for the app to start from. Packed when asked for,
   * which the app server does once the markup has left (server/firstScreen.ts).
   */
  state: () => FirstScreenState
  /** How many answers `state` holds: none when the page's data missed the deadline (the browser then asks). */
  answers: number
  /** Where the time went, in ms: waiting for the page's data, rendering the markup (with dehydrating). */
  timings: { dataMs: number; renderMs: number }
}

/** The origin a server render's URLs are read against: only their path and query matter. */
const serverOrigin = 'http://chainglass.invalid'

/** The network selection's view of a page rendered on the server: one location, nothing to follow or navigate to. */
function serverHistory(location: Location): RouterLike {
  return {
    state: { location, historyAction: 'POP' },
    subscribe: () => () => {},
    navigate: () => Promise.reject(new Error('a page rendered on the server cannot navigate')),
  }
}

/** A page rendered on the server has no pointer or focus: its links never read ahead. */
const noPrefetch = () => {}

export type FirstScreenOptions = {
  /** The page's data is waited for this long at most; then the page renders with what has arrived. */
  dataDeadlineMs: number
}

/**
 * Whether the server renders `url`'s first screen (a page whose data it can start from the URL, on a network
 * it knows and reads itself): known before any data is read, so the app server can send the page's head at once.
 */
export function rendersFirstScreen(url: string, config: RuntimeConfig): boolean {
  const location = new URL(url, serverOrigin)
  if (!firstScreenPage(location.pathname)) return false
  const requested = readNetworkParam(location.search)
  if (requested !== null && !config.networks.some((network) => network.name === requested)) return false
  return networkForSearch(config, location.search).kind !== 'sample'
}

/**
 * The first screen of `url`, or null for a page the server does not render: one whose data it cannot start
 * from the URL (firstScreenPage), or one on a network it does not know (the browser's own, or a sample whose
 * rules it has not read).
 */
export async function renderFirstScreen(url: string, config: RuntimeConfig, options: FirstScreenOptions): Promise<FirstScreen | null> {
  if (!rendersFirstScreen(url, config)) return null

  const queryClient = createQueryClient()
  // One try within the deadline: a failure is the browser's to retry and to explain.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const started = performance.now()
  // The routes' own loaders and lazy pages, as a navigation in the browser runs them: the page's module and
  // its data (for the first screen: what its declaration reads for it, src/pageData.ts), the data for
  // the deadline at most.
  const handler = createStaticHandler(appRoutes({ queryClient, config, purpose: 'firstScreen', dataWaitMs: options.dataDeadlineMs }))
  const context = await handler.query(new Request(new URL(url, serverOrigin)))
  if (context instanceof Response) return null
  const router = createStaticRouter(handler.dataRoutes, context)

  const rendering = performance.now()
  const html = renderToString(
    <AppProviders config={config} queryClient={queryClient} history={serverHistory(context.location)} prefetch={noPrefetch}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  )
  // Only answers: a query still on its way or failed is the browser's to ask. And only what the page asked for
  // (started, or read by the render, both give the query its function): not what an answer seeded beside it for
  // later (a block's transactions by hash, the window's blocks by number), which on the home page made the data
  // three times its size.
  const dehydrated = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.options.queryFn !== undefined })
  queryClient.clear()
  return { html, state: () => packFirstScreenState(dehydrated), answers: dehydrated.queries.length, timings: { dataMs: rendering - started, renderMs: performance.now() - rendering } }
}
