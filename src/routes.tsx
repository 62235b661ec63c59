import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { data, matchRoutes, useRouteError, type Params, type RouteObject } from 'react-router'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { networkForSearch } from './networks/networkList.ts'
import { queryKeys } from './queries/keys.ts'
import { pageData, pageStatus, serverRenderedPages, type DataPurpose } from './pageData.ts'
import { pageExportName, routePages } from './routePages.ts'
import { AppFrame } from './ui/AppFrame.tsx'
import { RouteError } from './ui/RouteError.tsx'

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

/** What the routes' loaders read with: the app's one cache, its networks, and who asks (src/pageData.ts). */
export type RouteContext = {
  queryClient: QueryClient
  config: RuntimeConfig
  purpose: DataPurpose
  /**
   * How long a loader holds its page back for the page's data, at most: the server's render waits this long
   * before it renders what has arrived. Zero in the browser: a navigation shows the next page as soon as its
   * code is here, with its placeholders filled in as the data arrives (held back for a slow node, the page
   * being left stayed on screen doing nothing visible, and a URL write of its own cancelled the navigation).
   */
  dataWaitMs: number
}

/**
 * Starts the data of `page` at a URL (its declaration in pageData.ts); settles when it is in the cache or
 * failed. Nothing for a page without one, or on a sample that has not said what it holds (it has no rules
 * yet: its page asks once it has, SampleGate).
 */
export function startPageData(context: Pick<RouteContext, 'queryClient' | 'config' | 'purpose'>, page: string, params: Params, search: string): Promise<void> {
  const declared = pageData[page]
  if (!declared) return Promise.resolve()
  const { queryClient, config, purpose } = context
  const network = networkForSearch(config, search, (name) => queryClient.getQueryData(queryKeys.sampleContents(name)))
  if (network.kind === 'sample' && !network.sample) return Promise.resolve()
  return declared({ client: queryClient, network, params, search, purpose })
}

/** The page's status from its declaration (pageData.ts pageStatus), once its data is in; 200 for a page without one. */
function statusOf(context: Pick<RouteContext, 'queryClient' | 'config'>, page: string, params: Params, search: string): number {
  const declared = pageStatus[page]
  if (!declared) return 200
  const network = networkForSearch(context.config, search, (name) => context.queryClient.getQueryData(queryKeys.sampleContents(name)))
  return declared({ client: context.queryClient, network, params, search })
}

function waitAtMost(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

/** The pages whose module has loaded, by page: rendered at once. */
const loadedPages = new Map<string, ComponentType>()

/** The module of `page`, loaded (once; one that failed to load is asked for again at the next navigation). */
export function loadPage(page: string): Promise<ComponentType> {
  const loaded = loadedPages.get(page)
  if (loaded) return Promise.resolve(loaded)
  return importPage(page).then((Component) => {
    loadedPages.set(page, Component)
    return Component
  })
}

/** A route's page, whose module its loader has loaded. */
function PageSlot({ page }: { page: string }) {
  const Page = loadedPages.get(page)
  if (!Page) throw new Error(`the page ${page} was rendered before its code had loaded`)
  // The same component every time for a page (its module's export, kept): no state is reset.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />
}

/** A page whose code did not load (or threw in its loader): explained inside the frame, which stays. */
function PageError() {
  return <RouteError error={useRouteError()} />
}

/**
 * The route table: the frame (in the entry chunk) and every page below it, each page its own chunk. A page's
 * loader loads its module and starts its data from the URL (its declaration in pageData.ts): React Router runs
 * it when a navigation starts and shows the page once it is done, the page being left staying on screen
 * meanwhile. The module is loaded by the loader, not by a route's `lazy`: a `lazy` that fails (a chunk the
 * network refused) left the page's place empty, where a loader's failure shows the route's error element.
 */
export function appRoutes(context: RouteContext): RouteObject[] {
  return [
    {
      id: 'frame',
      element: <AppFrame />,
      children: routePages.map(({ path, page }): RouteObject => ({
        ...(path === '' ? { index: true } : { path }),
        id: page,
        element: <PageSlot page={page} />,
        errorElement: <PageError />,
        loader: async ({ params, request }) => {
          const search = new URL(request.url).search
          const reading = startPageData(context, page, params, search)
          await loadPage(page)
          if (context.dataWaitMs > 0) await waitAtMost(reading, context.dataWaitMs)
          // The server's render: what the data says of the URL becomes the page's status (React Router's own
          // statusCode, from the loader's data()).
          const status = context.purpose === 'firstScreen' ? statusOf(context, page, params, search) : 200
          return status === 200 ? null : data(null, { status })
        },
      })),
    },
  ]
}

/** The routes as React Router matches them, without loaders or elements: which page a path shows. */
const matchTable: RouteObject[] = [{ id: 'frame', children: routePages.map(({ path, page }) => ({ ...(path === '' ? { index: true } : { path }), id: page })) }]

/** The page a path shows (its route's id, as routePages.ts names it) and the path's params, as its loader gets them. */
function routeAt(pathname: string): { page: string; params: Params } | undefined {
  const match = matchRoutes(matchTable, pathname)?.at(-1)
  return match?.route.id === undefined ? undefined : { page: match.route.id, params: match.params }
}

/** The page a path shows (its route's id, as routePages.ts names it). */
export function pageAt(pathname: string): string | undefined {
  return routeAt(pathname)?.page
}

/** The origin a link's href is read against: only its path and query matter. */
const linkOrigin = 'http://chainglass.invalid'

/**
 * Starts what a navigation to `href` (a link's path with its query) would: the page's module and its data,
 * from the same declaration its loader reads (pageData.ts), so a link's hover or focus reads ahead exactly
 * what the click will need. Nothing waits for it: a failure here is the navigation's to meet and explain.
 */
export function prefetchPath(context: Pick<RouteContext, 'queryClient' | 'config'>, href: string): void {
  const url = new URL(href, linkOrigin)
  const route = routeAt(url.pathname)
  if (!route) return
  loadPage(route.page).catch(() => {})
  startPageData({ ...context, purpose: 'app' }, route.page, route.params, url.search).catch(() => {})
}

/**
 * Whether the app server renders this page's first screen (src/serverRender.tsx): a page whose data its URL
 * names, and one of the pages chosen for it (pageData.ts serverRenderedPages). A declaration alone does not
 * make a page one: most are there for the links' read-ahead.
 */
export function firstScreenPage(pathname: string): boolean {
  const page = pageAt(pathname)
  return page !== undefined && serverRenderedPages.has(page) && pageData[page] !== undefined
}
