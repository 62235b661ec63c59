import type { QueryClient } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { expect, vi } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { Network, RuntimeConfig } from '../../contract/runtimeConfig.ts'
import { App, createAppState, firstPageReady, type AppRouter } from '../App.tsx'
import { userNetworks } from '../networks/userNetworks.ts'
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx'
import { applyTheme, themeStorageKey, type Theme } from '../ui/theme/theme.ts'
import { wide } from './pageChecks.ts'
import { frame, headTimeMs } from './recordings.ts'
import type { FileStoreReplay } from './fileStoreReplay.ts'
import { ReplayTransport, type Recording } from './replay.ts'

/**
 * The whole app (its providers, router, frame and the page's own module) rendered in the test's browser at
 * `url`, on a network whose node is a ReplayTransport. Test-only (the component layer, *.browser.test.tsx).
 */

/** Where the replayed node is: a name that resolves nowhere, so nothing could ever reach a real one. */
export const replayHttp = 'http://replay.invalid'
export const replayWs = 'ws://replay.invalid'

/** The local service's devnet as /config.json names it (server/appServer.ts), pointed at the replay. */
export const localNetwork: Network = { name: 'local', label: 'Local devnet', chainId: '0x7a69', rpcBase: replayHttp, wsBase: replayWs, ipfsUrl: null, key: 'componenttests', secret: '', kind: 'local' }

/** One of the local service's recorded sample networks as /config.json names it (server/appServer.ts), at the replay. */
export function sampleNetwork(name: 'l2a-sample' | 'l2b-sample', label: string, chainId: `0x${string}`): Network {
  return { ...localNetwork, name, label, chainId, kind: 'sample' }
}

export type Rendered = { replay: ReplayTransport; history: AppRouter; root: HTMLElement; queryClient: QueryClient }

let currentClient: QueryClient | null = null
let current: { unmount: () => void; uninstall: () => void; host: HTMLElement; replay: ReplayTransport; fileStore?: FileStoreReplay } | null = null

export type RenderOptions = {
  recordings?: readonly Recording[]
  replay?: ReplayTransport
  theme?: Theme
  network?: Network
  /** The window's size (1440 px wide unless given). */
  viewport?: { width: number; height: number }
  /** The clock, in ms (a minute after the recorded head unless given). */
  now?: number
  /** The network's file store (its ipfsUrl), replayed; without it the store is unreachable. */
  fileStore?: FileStoreReplay
  /** What the browser remembers before the app starts (user networks, learned rules), beside the theme. */
  storage?: Record<string, string>
}

export async function renderApp(url: string, options: RenderOptions = {}): Promise<Rendered> {
  cleanupApp()
  const size = options.viewport ?? wide
  await page.viewport(size.width, size.height)
  // The frame's answers go beneath the page's: a sample network answers its own probe calls differently.
  const replay = (options.replay ?? new ReplayTransport(options.recordings)).addBeneath(frame)
  // The clock stands still a minute after the recorded head: every age the page shows is the same each run.
  // Only Date: the app's timers run as they do.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(options.now ?? headTimeMs() + 60_000)
  const network = options.network ?? localNetwork
  localStorage.clear()
  sessionStorage.clear()
  localStorage.setItem(themeStorageKey, options.theme ?? 'light')
  // What the app server does for the page it sends (the choice's class on <html>: server/indexPage.ts).
  applyTheme(document.documentElement, options.theme ?? 'light')
  for (const [key, value] of Object.entries(options.storage ?? {})) localStorage.setItem(key, value)
  // The user's networks are read from storage once, when the app loads: each render here is such a load, so an
  // earlier test's networks do not carry over.
  userNetworks.reload()
  const uninstallNode = replay.install(network.rpcBase, network.wsBase)
  const uninstallStore = options.fileStore && network.ipfsUrl ? options.fileStore.install(network.ipfsUrl) : () => {}
  const uninstall = () => {
    uninstallStore()
    uninstallNode()
  }
  const config: RuntimeConfig = { defaultNetwork: network.name, networks: [network] }
  // The app's retry policy stands (how many, which failures); only its backoff waits go, so an error state
  // shows as soon as the retries have failed. The router is in memory at the page's URL, so the app runs as it
  // does in the browser without the test runner's own page moving.
  const state = createAppState(config, {
    url,
    seed: (client) => client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } }),
  })
  await firstPageReady(state.router)
  await parkPointer()
  const host = document.createElement('div')
  host.id = 'root'
  document.body.append(host)
  const root = createRoot(host)
  // Rendered before this returns, as main.tsx's first render paints before the browser's next frame: a test
  // reads the page at once (a root's render is otherwise scheduled, and the page not there yet).
  flushSync(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <App config={config} state={state} />
        </ErrorBoundary>
      </StrictMode>,
    ),
  )
  current = { unmount: () => root.unmount(), uninstall, host, replay, fileStore: options.fileStore }
  currentClient = state.queryClient
  return { replay, history: state.router, root: host, queryClient: state.queryClient }
}

/**
 * Moves the pointer where the app has nothing to hover (the left edge, halfway down: the page's side margin).
 * Left where an earlier test's click put it, it would hover a link the new page draws there, and a hovered
 * link reads its page ahead, which can add to what this page shows (a block's base fee on a transaction page).
 */
async function parkPointer(): Promise<void> {
  const spot = document.createElement('div')
  spot.style.cssText = `position:fixed;left:0;top:${Math.round(window.innerHeight / 2)}px;width:2px;height:2px`
  document.body.append(spot)
  await userEvent.hover(spot)
  spot.remove()
}

/**
 * Resolves once nothing is on its way: no query fetching for three painted frames in a row (a read that waits
 * on another starts only in the render after that one ends, so one quiet moment is not enough), and the fonts
 * in. What a screenshot waits for, so it never catches a page halfway through its data.
 */
export async function settled(): Promise<void> {
  await document.fonts.ready
  let quiet = 0
  await expect
    .poll(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      quiet = (currentClient?.isFetching() ?? 0) === 0 ? quiet + 1 : 0
      return quiet
    })
    .toBeGreaterThanOrEqual(3)
}

/** Unmounts the app and gives the browser its own fetch and WebSocket back. */
export function cleanupApp(): void {
  if (!current) return
  current.unmount()
  current.host.remove()
  current.uninstall()
  current = null
  vi.useRealTimers()
}

/**
 * After each test (src/testing/componentSetup.ts): the app goes, and a call the recordings had no answer for
 * fails the test, named, so a recording that no longer matches what a page asks is never passed over.
 */
export function finishApp(): void {
  const missing = [...(current?.replay.missing ?? []), ...(current?.fileStore?.missing ?? []).map((request) => `file store: ${request}`)]
  cleanupApp()
  if (missing.length > 0) throw new Error(`the page asked for calls no recording answers:\n${[...new Set(missing)].join('\n')}`)
}
