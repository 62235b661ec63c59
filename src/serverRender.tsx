import { PassThrough, type Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { dehydrate } from '@tanstack/react-query'
import { renderToPipeableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type Location } from 'react-router'
import { AppProviders } from './App.tsx'
import { networkForSearch } from './networks/networkList.ts'
import type { RouterLike } from './networks/selection.ts'
import { appRoutes, firstScreenPage } from './routes.tsx'
import { readNetworkParam } from './urls.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { PackedFirstScreen } from './boot/pageData.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { packFirstScreenState } from './queries/firstScreenState.ts'

/**
 * The first screen of a page, rendered by the app server (server/firstScreen.ts) with the page's data read
 * there: React streams the markup into the page, the browser paints it as it parses the HTML, and the app
 * hydrates that markup in place (main.tsx) from the same data, which the page carries as TanStack Query's
 * dehydrated state.
 *
 * Built apart (vite.config.ts: dist-server/serverRender.js) and run in Node by the app server, on the app's
 * own code: the same route table, loaders, components and RPC client as in the browser.
 */

export type FirstScreen = {
  /** Streams #root's markup into `destination` (React's own stream); settles once it is all written. */
  pipe: (destination: Writable) => Promise<void>
  /** The data the markup was rendered from, for the page's data block. Made when asked for: after the markup. */
  state: () => PackedFirstScreen
  /** How many answers `state` holds: none when the page's data missed the deadline (the browser then asks). */
  answers: number
  /** Where the time went, in ms: waiting for the page's data, until React had the markup ready to stream. */
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
  /** The response's style-src nonce: the style sheet of the markup's computed values carries it (ui/valueStyle.tsx). */
  nonce: string
  /** Told the page's status as soon as its data is in, before the markup is rendered (pageData.ts pageStatus). */
  onStatus?: (status: number) => void
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
 * from the URL (firstScreenPage), one on a network it does not know (the browser's own, or a sample whose
 * rules it has not read), or one whose route failed (its module did not load: the browser shows why).
 */
export async function renderFirstScreen(url: string, config: RuntimeConfig, options: FirstScreenOptions): Promise<FirstScreen | null> {
  if (!rendersFirstScreen(url, config)) return null

  const queryClient = createQueryClient()
  // One try within the deadline: a failure is the browser's to retry and to explain.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const started = performance.now()
  // The routes' own loaders, as a navigation in the browser runs them: the page's module and its data (for the
  // first screen: what its declaration reads for it, src/pageData.ts), the data for the deadline at most.
  const handler = createStaticHandler(appRoutes({ queryClient, config, purpose: 'firstScreen', dataWaitMs: options.dataDeadlineMs }))
  const context = await handler.query(new Request(new URL(url, serverOrigin)))
  if (context instanceof Response || context.errors) return null
  options.onStatus?.(context.statusCode)
  const router = createStaticRouter(handler.dataRoutes, context)

  // A query that failed renders as one still to come, as the browser's first render shows it (the browser
  // has no answer for it and asks): an error the server met is the browser's to meet again and explain.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' })
  const renderedAt = Date.now()

  const rendering = performance.now()
  // No part of the app suspends on the server (its data is in the cache or it shows its placeholder), so the
  // shell is the whole markup: by onShellReady every component has read what it renders. A component that
  // throws inside a Suspense boundary would have React finish the boundary in the browser by an inline script,
  // which the page's policy refuses: such a render is not sent (the app server sends the plain page instead).
  const markup = await new Promise<{ pipe: (destination: Writable) => Writable }>((resolve, reject) => {
    let failure: unknown = null
    const stream = renderToPipeableStream(
      <AppProviders config={config} queryClient={queryClient} history={serverHistory(context.location)} prefetch={noPrefetch} renderedAt={renderedAt} styleNonce={options.nonce}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>,
      {
        // The sheet of computed style values (ui/valueStyle.tsx): the page's policy allows it by this nonce.
        nonce: { style: options.nonce },
        // Every boundary's content in place, in document order: React sends a large boundary's content apart
        // and moves it in with an inline script, which the page's policy refuses (no inline script). The
        // browser paints the markup as it arrives all the same.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady: () => (failure === null ? resolve(stream) : (stream.abort(), reject(failure))),
        onShellError: reject,
        onError: (error) => void (failure ??= error),
      },
    )
  })
  // Only answers: a query still on its way is the browser's to ask. And only what the page read (started by
  // its loader, or read by the render: both give the query its function), not what an answer seeded beside it
  // for later (a block's transactions by hash, the window's blocks by number), which on the home page made the
  // data three times its size. The browser's first render (hydration) reads this, so it renders this markup.
  const dehydrated = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.options.queryFn !== undefined })
  const renderMs = performance.now() - rendering
  return {
    pipe: async (destination) => {
      const through = new PassThrough()
      through.pipe(destination, { end: false })
      markup.pipe(through)
      await finished(through)
      queryClient.clear()
    },
    // Each repeated answer and long string sent once (firstScreenState.ts): a block's receipts are held under its
    // number and its hash, the same object, and a block with thousands of logs made a data block of megabytes.
    state: () => ({ state: packFirstScreenState(dehydrated), renderedAt }),
    answers: dehydrated.queries.length,
    timings: { dataMs: rendering - started, renderMs },
  }
}
