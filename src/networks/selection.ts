import { readNetworkParam, withNetwork } from '../urls.ts'
import { createListeners } from '../state/listeners.ts'
import type { Network, RuntimeConfig } from '../../contract/runtimeConfig.ts'

/** The network to show: the one asked for if it exists, else the deployment's default. */
export function pickNetwork(config: RuntimeConfig, preferred: string | null): Network {
  const byName = (name: string | null) => config.networks.find((network) => network.name === name)
  // runtimeConfigSchema guarantees the default is in the list.
  return byName(preferred) ?? byName(config.defaultNetwork)!
}

/**
 * Which network the app shows, from the URL. `?network=<name>` names it; a URL without it shows the
 * default network, so a shared link opens the same view on the same network for anyone.
 *
 * Links carry the param (ui/AppLink.tsx), but a navigation made some other way (a `navigate('/block/5')`,
 * a page replacing its own query string) can drop it. Such an in-app navigation stays on the network it
 * left from, and the param is put back in the address bar. Only back/forward and a fresh load (POP) read a
 * missing param as "the default network".
 */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE' | (string & {})

export type NextSelection = {
  /** The network name the URL asks for (it may name no network this browser knows). */
  requested: string
  /** The URL lost its param in an in-app navigation: put `requested` back in it. */
  restoreParam: boolean
}

export function nextSelection(previous: string | null, search: string, action: HistoryAction, defaultName: string): NextSelection {
  const named = readNetworkParam(search)
  if (named !== null) return { requested: named, restoreParam: false }
  if (action !== 'POP' && previous !== null && previous !== defaultName) return { requested: previous, restoreParam: true }
  return { requested: defaultName, restoreParam: false }
}

type RouterLocation = { pathname: string; search: string; hash: string }

/** What the selection needs of the app's router (React Router's data router is one; the server's render makes one). */
export type RouterLike = {
  readonly state: { location: RouterLocation; historyAction: string }
  subscribe(subscriber: (state: { location: RouterLocation; historyAction: string }) => void): () => void
  navigate(to: string | RouterLocation, options: { replace?: boolean; preventScrollReset?: boolean }): Promise<void>
}

export type NetworkSelection = {
  /** The requested network name (a useSyncExternalStore snapshot). */
  requested: () => string
  subscribe: (listener: () => void) => () => void
  /** Shows `name`: the same page, with the network in its URL (none for the default). */
  select: (name: string) => void
  dispose: () => void
}

export function createNetworkSelection(router: RouterLike, defaultName: string): NetworkSelection {
  let seen = router.state.location
  let requested = nextSelection(null, seen.search, router.state.historyAction, defaultName).requested
  const follow = (state: { location: RouterLocation; historyAction: string }, quiet = false) => {
    // The router reports loading states too; only a new location can change the network.
    if (state.location === seen) return
    seen = state.location
    const next = nextSelection(requested, seen.search, state.historyAction, defaultName)
    if (next.restoreParam) {
      const search = withNetwork(`?${seen.search.replace(/^\?/, '')}`, next.requested)
      void router.navigate({ pathname: seen.pathname, search, hash: seen.hash }, { replace: true, preventScrollReset: true })
    }
    if (next.requested !== requested) {
      requested = next.requested
      if (!quiet) listeners.notify()
    }
  }

  // Follows the router only while someone listens, so a selection made and dropped (React's StrictMode
  // builds state twice in development) leaves no subscription behind.
  let stopFollowing: (() => void) | null = null
  const stop = () => {
    stopFollowing?.()
    stopFollowing = null
  }
  const listeners = createListeners({ onLast: stop })

  return {
    requested: () => requested,
    subscribe: (listener) => {
      const unsubscribe = listeners.subscribe(listener)
      if (stopFollowing === null) {
        stopFollowing = router.subscribe((state) => follow(state))
        // Catch up on navigations made while nobody listened (useSyncExternalStore reads the snapshot after this).
        follow(router.state, true)
      }
      return unsubscribe
    },
    select: (name) => {
      const { pathname, search, hash } = router.state.location
      if (name !== requested) {
        requested = name
        listeners.notify()
      }
      const nextSearch = withNetwork(`?${search.replace(/^\?/, '')}`, name === defaultName ? null : name)
      void router.navigate({ pathname, search: nextSearch, hash }, { preventScrollReset: true })
    },
    dispose: stop,
  }
}
