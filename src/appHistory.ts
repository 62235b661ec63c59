import { UNSAFE_createBrowserHistory, UNSAFE_createMemoryHistory, type Location, type To } from 'react-router'

/**
 * The browser's history as the app's router and the rest of the app share it. React Router's declarative
 * router renders from a history object it is given; its own history takes one listener, and three parts
 * follow the location (the router, the network selection, the page data started at a navigation), so this
 * one tells every subscriber, in order, and remembers what the last navigation asked of the scroll position.
 * (The data router did all this itself, for 17 KB gzip more in the app's first file: measured.)
 */

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE'

export type HistoryState = {
  location: Location
  historyAction: HistoryAction
  /** The navigation asked to keep the scroll position (a link's or navigate()'s preventScrollReset). */
  preventScrollReset: boolean
}

type NavigateOptions = { replace?: boolean; preventScrollReset?: boolean; state?: unknown }

export type AppHistory = {
  readonly state: HistoryState
  subscribe(subscriber: (state: HistoryState) => void): () => void
  navigate(to: To, options?: NavigateOptions): Promise<void>
  /** What React Router's <Router navigator> calls; push and replace take the navigation's options third. */
  readonly navigator: ReturnType<typeof UNSAFE_createBrowserHistory>
}

/**
 * `history` is the browser's; a component test (src/testing/renderApp.tsx) passes a memory history at the
 * page's URL, so the app runs as it does in the browser without the test runner's own page moving.
 */
export function createAppHistory(history: ReturnType<typeof UNSAFE_createBrowserHistory> = UNSAFE_createBrowserHistory({ v5Compat: true })): AppHistory {
  let state: HistoryState = { location: history.location, historyAction: history.action as HistoryAction, preventScrollReset: false }
  const subscribers = new Set<(state: HistoryState) => void>()
  let pendingPreventScrollReset = false

  history.listen(({ action, location }) => {
    state = { location, historyAction: action as HistoryAction, preventScrollReset: action !== 'POP' && pendingPreventScrollReset }
    pendingPreventScrollReset = false
    for (const subscriber of [...subscribers]) subscriber(state)
  })

  const push = (to: To, historyState?: unknown, options?: NavigateOptions) => {
    pendingPreventScrollReset = options?.preventScrollReset === true
    history.push(to, historyState)
  }
  const replace = (to: To, historyState?: unknown, options?: NavigateOptions) => {
    pendingPreventScrollReset = options?.preventScrollReset === true
    history.replace(to, historyState)
  }
  // The router's navigator: the same history, with push and replace that note the options.
  const navigator = Object.assign(Object.create(history) as typeof history, { push, replace })

  return {
    get state() {
      return state
    },
    subscribe(subscriber) {
      subscribers.add(subscriber)
      return () => subscribers.delete(subscriber)
    },
    navigate(to, options = {}) {
      ;(options.replace ? replace : push)(to, options.state, options)
      return Promise.resolve()
    },
    navigator,
  }
}

/**
 * The history of a page rendered on the server (src/serverRender.tsx): one location, nothing to follow.
 * Navigating there is a mistake (nothing renders again), so it throws.
 */
export function createServerHistory(url: string): AppHistory {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [url], v5Compat: true })
  const state: HistoryState = { location: history.location, historyAction: 'POP', preventScrollReset: false }
  return {
    state,
    subscribe: () => () => {},
    navigate: () => Promise.reject(new Error('a page rendered on the server cannot navigate')),
    navigator: history as unknown as AppHistory['navigator'],
  }
}
