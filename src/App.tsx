import { HydrationBoundary, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react'
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router'
import { appInteractiveMark, appRunningAttribute } from '../contract/pageConfig.ts'
import type { FirstScreenData } from './boot/pageData.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { RouterLike } from './networks/selection.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { appRoutes, loadPage, prefetchPath } from './routes.tsx'
import { NetworkProvider } from './ui/networks/NetworkContext.tsx'
import { LinkNavigationContext, type LinkNavigation } from './ui/linkNavigation.ts'
import { RenderContext } from './ui/renderContext.ts'

export type AppRouter = ReturnType<typeof createBrowserRouter>

export type AppState = { queryClient: QueryClient; router: AppRouter }

/**
 * The app's one cache and its router, made as soon as the configuration is read and before React renders
 * anything: the router starts the first page's module and data at once (its route's loader), and every
 * navigation's as it begins. `hydrating` names the page whose markup the server rendered (its module loaded):
 * the router starts on it as rendered, its loader not run (the data came with the page), as React Router's
 * server rendering does (hydrationData; the loaders return nothing). `url` makes a router in memory at that
 * URL (a component test: src/testing/renderApp.tsx).
 */
export function createAppState(config: RuntimeConfig, options: { hydrating?: string; url?: string; seed?: (queryClient: QueryClient) => void } = {}): AppState {
  const queryClient = createQueryClient()
  options.seed?.(queryClient)
  const routes = appRoutes({ queryClient, config, purpose: 'app', dataWaitMs: 0 })
  const hydrationData = options.hydrating === undefined ? undefined : { loaderData: { [options.hydrating]: null } }
  const router = options.url === undefined ? createBrowserRouter(routes, { hydrationData }) : createMemoryRouter(routes, { initialEntries: [options.url], hydrationData })
  return { queryClient, router }
}

/** Settles once the router has its first page: its module here, its data on its way. */
export function firstPageReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}

/** The pages a visitor most often opens next from any page (a block, a transaction): see warmPageChunks. */
const warmedPages = ['block/BlockPage', 'tx/TransactionPage']

/** How long chunk warming waits for the page's data before it goes ahead anyway (a query that keeps polling). */
const warmWaitLimitMs = 10_000

/**
 * Once the first page is up, its data has arrived and the browser is idle, the block and transaction pages'
 * code is fetched, so opening one waits only for its data and not for its chunk first and its data after.
 * Not while data is on its way: on a full load of a block page, fetching and compiling those chunks ran during
 * its large answer and competed with the node for the CPU.
 */
function warmPageChunks(queryClient: QueryClient): () => void {
  const started = Date.now()
  const idle = 'requestIdleCallback' in window
  let handle = 0
  let quiet = 0
  const schedule = (callback: () => void) => (idle ? window.requestIdleCallback(callback, { timeout: 3_000 }) : window.setTimeout(callback, 1_000))
  const attempt = () => {
    // Two idle moments in a row with no data on its way.
    quiet = queryClient.isFetching() > 0 ? 0 : quiet + 1
    if (quiet < 2 && Date.now() - started < warmWaitLimitMs) {
      handle = schedule(attempt)
      return
    }
    void Promise.all(warmedPages.map(loadPage)).catch(() => {})
  }
  handle = schedule(attempt)
  return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle))
}

type AppProvidersProps = {
  config: RuntimeConfig
  queryClient: QueryClient
  history: RouterLike
  /** What a link's hover or focus starts (LinkNavigation.prefetch): the browser's routes.tsx prefetchPath. */
  prefetch: (href: string) => void
  /** The server's clock at its render, on the server and while the browser hydrates its markup (ui/renderContext.ts). */
  renderedAt?: number | null
  /** The response's style-src nonce, on the server only (ui/valueStyle.tsx). */
  styleNonce?: string
  children: ReactNode
}

/**
 * What every page renders inside, in the browser and in the server's render alike: the cache, the network
 * shown (which follows `history`, the router), and how the app's links navigate and read ahead.
 */
export function AppProviders({ config, queryClient, history, prefetch, renderedAt = null, styleNonce, children }: AppProvidersProps) {
  const links = useMemo<LinkNavigation>(
    () => ({
      navigate: (to, options) => void history.navigate(to, options),
      current: () => {
        const { pathname, search, hash } = history.state.location
        return pathname + search + hash
      },
      prefetch,
    }),
    [history, prefetch],
  )
  const render = useMemo<RenderContext>(() => ({ renderedAt, styleNonce }), [renderedAt, styleNonce])
  return (
    <QueryClientProvider client={queryClient}>
      <RenderContext value={render}>
        <NetworkProvider config={config} history={history}>
          <LinkNavigationContext value={links}>{children}</LinkNavigationContext>
        </NetworkProvider>
      </RenderContext>
    </QueryClientProvider>
  )
}

type AppProps = {
  config: RuntimeConfig
  state: AppState
  /** The data and clock of the page the server rendered, for hydrating its markup (main.tsx). */
  firstScreen?: FirstScreenData
}

export function App({ config, state: { queryClient, router }, firstScreen }: AppProps) {
  useEffect(() => warmPageChunks(queryClient), [queryClient])
  useLayoutEffect(() => {
    // The page is the app's from now on (contract/pageConfig.ts).
    if (document.documentElement.hasAttribute(appRunningAttribute)) return
    document.documentElement.setAttribute(appRunningAttribute, 'running')
    performance.mark(appInteractiveMark)
  }, [])
  const prefetch = useCallback((href: string) => prefetchPath({ queryClient, config }, href), [queryClient, config])
  return (
    <AppProviders config={config} queryClient={queryClient} history={router} prefetch={prefetch} renderedAt={firstScreen?.renderedAt ?? null}>
      <HydrationBoundary state={firstScreen?.state}>
        <RouterProvider router={router} />
      </HydrationBoundary>
    </AppProviders>
  )
}
