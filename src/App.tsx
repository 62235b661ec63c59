import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { use, useEffect, useLayoutEffect, useMemo, useState, type ComponentType } from 'react'
import { matchRoutes, renderMatches, Router, useLocation, type Params, type RouteMatch, type RouteObject } from 'react-router'
import { createAppHistory, type AppHistory } from './appHistory.ts'
import { networkForSearch } from './networks/networkList.ts'
import { NetworkProvider } from './ui/networks/NetworkContext.tsx'
import type { AppNetwork } from './networks/capabilities.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { prefetchBlockFirstScreen, prefetchBlockRoute } from './queries/blockPage.ts'
import { prefetchHomePage } from './pages/home/homeData.ts'
import { blockQuery } from './queries/blocks.ts'
import { carriedBlockTimestamp, prefetchTransactionPage, receiptQuery, transactionQuery } from './queries/transactions.ts'
import { parseTransactionHash } from './urls.ts'
import { queryKeys } from './queries/keys.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { AppFrame } from './ui/AppFrame.tsx'
import { ScrollRestorer } from './ui/ScrollRestorer.tsx'
import { LinkNavigationContext, type LinkNavigation } from './ui/linkNavigation.ts'
import { pageExportName, routePages } from './routePages.ts'

/**
 * Every page's module, loaded when its route is first visited (each its own chunk). Which route shows which
 * page is routePages.ts, a table the build also reads to preload the page a full load opens.
 */
const pageModules = import.meta.glob<Record<string, ComponentType>>('./pages/*/*Page.tsx')

async function importPage(page: string): Promise<ComponentType> {
  const load = pageModules[`./pages/${page}.tsx`]
  if (!load) throw new Error(`no page module ${page}`)
  const Component = (await load())[pageExportName(page)]
  if (!Component) throw new Error(`the page module ${page} has no export ${pageExportName(page)}`)
  return Component
}

/** Each page's module, asked for once; one that failed to load is asked again at the next navigation. */
const pageLoads = new Map<string, Promise<ComponentType>>()
/** The pages whose module is here: rendered at once, without suspending. */
const loadedPages = new Map<string, ComponentType>()
/** Pages whose module failed to load: kept failed until the next navigation, so the page shows the error. */
const failedPages = new Set<string>()
function loadPage(page: string): Promise<ComponentType> {
  let load = pageLoads.get(page)
  if (!load) {
    load = importPage(page)
    pageLoads.set(page, load)
    load.then(
      (Component) => loadedPages.set(page, Component),
      () => failedPages.add(page),
    )
  }
  return load
}

/**
 * The route matches of a path, kept for the last few paths: React Router's matchRoutes flattens and ranks the
 * whole table on every call, and a navigation asks for the same path's matches three times (its page's module,
 * its data, its render), the server render five (profiled: ~1 ms a call, 17% of a block page's render on the
 * app server). Matches depend on the path alone; they are read, never changed.
 */
const matchesByPath = new Map<string, RouteMatch[] | null>()
function matchesAt(pathname: string): RouteMatch[] | null {
  let matches = matchesByPath.get(pathname)
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname)
    if (matchesByPath.size >= 32) matchesByPath.delete(matchesByPath.keys().next().value!)
    matchesByPath.set(pathname, matches)
  }
  return matches
}

/** The page a location shows (its route's id, as routePages.ts names it). */
function pageAt(pathname: string): string | undefined {
  return matchesAt(pathname)?.at(-1)?.route.id
}

/** The module of the page `pathname` shows, loaded (a server render waits for it: it cannot suspend). */
export function loadPageFor(pathname: string): Promise<void> {
  const page = pageAt(pathname)
  return page ? loadPage(page).then(() => {}) : Promise.resolve()
}

/** Settles once the module of the page `pathname` shows has loaded or failed (its page then reports the failure). */
function pageSettled(pathname: string): Promise<void> {
  return loadPageFor(pathname).catch(() => {})
}

/** A new navigation: the pages that failed to load may load now (a network that came back). */
function forgetFailedPages(): void {
  for (const page of failedPages) pageLoads.delete(page)
  failedPages.clear()
}

/**
 * A route's page: at once if its module is here, else suspended until it is. Not React.lazy: a lazy component
 * suspends on its first render even when its module has loaded, and a boundary that showed its fallback holds
 * the content back up to 300 ms more (React's throttle): the first page was 150-250 ms later to content with
 * it (measured). The first page's module is loaded before the first render (createAppState), and a
 * navigation renders once its page's module is here (renderWhenReady), so neither shows the fallback.
 */
function PageSlot({ page }: { page: string }) {
  const Page = loadedPages.get(page) ?? use(loadPage(page))
  // After the page's own effects: its queries have started (chunk warming waits for this).
  useEffect(() => {
    pageShown = true
  }, [])
  // The same component every time for a page (its module's export, kept): no state is reset.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />
}

/** A page has been rendered and its data asked for. */
let pageShown = false

/** The pages a visitor most often opens next from any page (a block, a transaction): see warmPageChunks. */
const warmedPages = ['block/BlockPage', 'tx/TransactionPage']

/** How long chunk warming waits for the page's data before it goes ahead anyway (a query that keeps polling). */
const warmWaitLimitMs = 10_000

/**
 * Once the first page is up, its data has arrived and the browser is idle, the block and transaction pages'
 * code is fetched, so opening one waits only for its data and not for its chunk first and its data after
 * (otherwise a block page's in-app cold time is the chunk, then one batch, in a row). Not while data is on its
 * way: on a full load of a block page, fetching and compiling those chunks ran during its 1 MB answer and
 * competed with the node for the CPU.
 */
function warmPageChunks(queryClient: QueryClient): () => void {
  const started = Date.now()
  const idle = 'requestIdleCallback' in window
  let handle = 0
  let quiet = 0
  const schedule = (callback: () => void) => (idle ? window.requestIdleCallback(callback, { timeout: 3_000 }) : window.setTimeout(callback, 1_000))
  const attempt = () => {
    // The first page rendered (its queries started) first, then two idle moments in a row with no data on its
    // way (measured: waiting only for the page's chunk, the warm chunks went out before the home page's first
    // row, in the gap before React had rendered the page).
    const busy = !pageShown || queryClient.isFetching() > 0
    quiet = busy ? 0 : quiet + 1
    if (quiet < 2 && Date.now() - started < warmWaitLimitMs) {
      handle = schedule(attempt)
      return
    }
    void Promise.all(warmedPages.map(loadPage)).catch(() => {})
  }
  handle = schedule(attempt)
  return () => (idle ? window.cancelIdleCallback(handle) : window.clearTimeout(handle))
}

/**
 * What a page may have: how to start its data from its URL alone, before its code has loaded or rendered.
 * createAppState calls it for the page a full load opens and for every navigation as it starts. Not a route
 * loader: a loader did this on every navigation, and its extra 'loading' render of the page being left cost
 * the warm visit more than it saved.
 */
type PageHandle = { startData?: (client: QueryClient, network: AppNetwork, params: Params, search: string, purpose: DataPurpose) => Promise<void> }

/** Who starts a page's data: the app (in the browser), or the server for the page's first screen (src/serverRender.tsx). */
export type DataPurpose = 'app' | 'firstScreen'

const blockHandle: PageHandle = {
  startData: (client, network, params, search, purpose) =>
    (purpose === 'firstScreen' ? prefetchBlockFirstScreen : prefetchBlockRoute)(client, network, params.id ?? '', new URLSearchParams(search)),
}

/**
 * The transaction and its receipt (one batch), then its block by hash (for its time, unless the node put that
 * in the answers: useTransactionData) and, for a failure, why: what the page asks for, in that order.
 */
const transactionHandle: PageHandle = {
  startData: async (client, network, params) => {
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
  },
}

/** The live overview: the head, the blocks below it, the newest blocks' transactions (pages/home/homeData.ts). */
const homeHandle: PageHandle = { startData: prefetchHomePage }

/** The handles of the pages that have one, by page. */
const pageHandles: Partial<Record<string, PageHandle>> = { 'home/HomePage': homeHandle, 'block/BlockPage': blockHandle, 'tx/TransactionPage': transactionHandle }

/** Whether the app server renders this page's first screen (src/serverRender.tsx): one whose data its URL starts. */
export function firstScreenPage(pathname: string): boolean {
  const page = pageAt(pathname)
  return page !== undefined && pageHandles[page] !== undefined
}

/**
 * The route table. The frame is in the entry chunk; every page is its own chunk, loaded when first visited.
 * The frame keeps the header on screen when a page fails (its page boundary) and while a page's code loads.
 */
export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: routePages.map(({ path, page }): RouteObject => ({
      ...(path === '' ? { index: true } : { path }),
      id: page,
      element: <PageSlot page={page} />,
      ...(pageHandles[page] ? { handle: pageHandles[page] } : {}),
    })),
  },
]

export type AppState = {
  queryClient: QueryClient
  history: AppHistory
  /** Settles when the first page's module has loaded or failed: the app renders then (main.tsx). */
  firstPage: Promise<void>
}

/**
 * The app's one cache and its history, made as soon as the configuration is read and before React renders
 * anything: the first page's chunk starts loading here, and the page's data (its route's handle) is asked for
 * at once, so both are on their way while React renders the frame (otherwise, on a full load of a block page,
 * the request leaves only after the first render, the chunk and the page's own render).
 */
export function createAppState(config: RuntimeConfig, seed?: (queryClient: QueryClient) => void, history: AppHistory = createAppHistory()): AppState {
  const queryClient = createQueryClient()
  // What the server already read for this page (main.tsx): in the cache before anything asks for it.
  seed?.(queryClient)
  let started: string | null = null
  const startData = (location: { pathname: string; search: string }) => {
    const key = location.pathname + location.search
    if (key === started) return
    started = key
    void startPageData(queryClient, config, location)
  }
  const firstPage = pageSettled(history.state.location.pathname)
  startData(history.state.location)
  // An in-app navigation too: the data is asked for when the navigation starts, not when the page has rendered
  // and its effects run (measured: the block page's batch left 35-55 ms after the click). Nothing waits for it
  // and nothing renders for it; data already cached is not asked again.
  history.subscribe((state) => {
    forgetFailedPages()
    startData(state.location)
  })
  return { queryClient, history, firstPage }
}

/**
 * Starts the data of the page at `location` from its URL alone (its route's handle); settles when it is in
 * the cache or failed. Nothing for a page without a handle, or on a sample that has not said what it holds
 * (it has no rules yet: its page asks once it has, SampleGate).
 */
export function startPageData(queryClient: QueryClient, config: RuntimeConfig, location: { pathname: string; search: string }, purpose: DataPurpose = 'app'): Promise<void> {
  const network = networkForSearch(config, location.search, (name) => queryClient.getQueryData(queryKeys.sampleContents(name)))
  if (network.kind === 'sample' && !network.sample) return Promise.resolve()
  const started = (matchesAt(location.pathname) ?? []).map((match) => (match.route.handle as PageHandle | undefined)?.startData?.(queryClient, network, match.params, location.search, purpose))
  return Promise.all(started).then(() => {})
}

/** The routes' element for the location: useRoutes' own rendering, from the kept matches (matchesAt). */
function AppRoutes() {
  return renderMatches(matchesAt(useLocation().pathname))
}

/**
 * When a new location renders: once its page's code is here (the page being left stays on screen meanwhile,
 * as React Router's BrowserRouter does with a transition), and never in the turn of the navigation itself. The
 * page's data was asked for by createAppState's listener, which runs first, and the transport sends its batch
 * on a macrotask (src/rpc/http.ts): the render comes after it, so the request is on its way while the page
 * renders. Only the latest navigation renders.
 */
function renderWhenReady(setState: (state: AppHistory['state']) => void): (next: AppHistory['state']) => void {
  let latest = 0
  return (next) => {
    const ticket = ++latest
    void pageSettled(next.location.pathname).then(() => setTimeout(() => ticket === latest && setState(next)))
  }
}

/** React Router's declarative router on the app's history: the location as the history has it. */
function AppRouter({ history }: { history: AppHistory }) {
  const [state, setState] = useState(history.state)
  // Subscribed in a layout effect, before anything else can navigate (the network selection follows later).
  useLayoutEffect(() => history.subscribe(renderWhenReady(setState)), [history])
  const links = useMemo<LinkNavigation>(
    () => ({
      navigate: (to, options) => void history.navigate(to, options),
      current: () => {
        const { pathname, search, hash } = history.state.location
        return pathname + search + hash
      },
    }),
    [history],
  )
  return (
    <Router location={state.location} navigationType={state.historyAction as never} navigator={history.navigator}>
      <LinkNavigationContext value={links}>
        <ScrollRestorer history={history} />
        <AppRoutes />
      </LinkNavigationContext>
    </Router>
  )
}

export function App({ config, state: { queryClient, history } }: { config: RuntimeConfig; state: AppState }) {
  useEffect(() => warmPageChunks(queryClient), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <NetworkProvider config={config} history={history}>
        <AppRouter history={history} />
      </NetworkProvider>
    </QueryClientProvider>
  )
}
