import { StrictMode, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, createAppState, firstPageReady } from './App.tsx'
import type { HeldInput } from './boot/heldInput.ts'
import { takeFirstScreen } from './boot/pageData.ts'
import { appRunningAttribute, hydrationStartMark } from '../contract/pageConfig.ts'
import { loadRuntimeConfig } from './networks/loadRuntimeConfig.ts'
import { loadPage, pageAt } from './routes.tsx'
import { ConfigErrorScreen } from './ui/ConfigErrorScreen.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'

const container = document.getElementById('root')!
const wrapped = (node: ReactNode) => (
  <StrictMode>
    <ErrorBoundary>{node}</ErrorBoundary>
  </StrictMode>
)
// The static splash in index.html (or the page the server rendered, when the app cannot hydrate it) stays
// until the app's first render replaces it: the page is never blank.
const render = (node: ReactNode) => createRoot(container).render(wrapped(node))

/**
 * From here on React takes the page's events: the entry stops holding forms and button clicks, and what it held
 * is done once the app runs the page.
 */
function handOver(held: HeldInput): void {
  held.stop()
  whenRunning(held.replay)
}

/**
 * Calls `then` once the app runs the page: its first render or hydration committed (App.tsx sets the
 * attribute in a layout effect). Observed, not called from that effect: the render the effect's updates bring
 * (a letter typed before hydration, put back into the search box's state) has committed by then.
 */
function whenRunning(then: () => void): void {
  const root = document.documentElement
  if (root.hasAttribute(appRunningAttribute)) return then()
  const observer = new MutationObserver(() => {
    if (!root.hasAttribute(appRunningAttribute)) return
    observer.disconnect()
    then()
  })
  observer.observe(root, { attributes: true, attributeFilter: [appRunningAttribute] })
}

/**
 * The app: started by the page's entry (main.tsx) once the first screen has been painted, with the runtime
 * config the entry took out of the page and the forms sent and buttons clicked before now (held until the app
 * runs them).
 */
export function startApp(inPage: unknown, held: HeldInput): void {
  // What the server read for the page it rendered first (server/firstScreen.ts), with the markup in #root.
  const firstScreen = takeFirstScreen()
  void loadRuntimeConfig(inPage === undefined ? {} : { inPage }).then(
    async (config) => {
      const page = pageAt(location.pathname)
      if (firstScreen && page !== undefined && (await loadPage(page).then(() => true, () => false))) {
        // The server's markup hydrated in place: the element on screen is the one the user clicks, and a scroll
        // or a letter typed before this is kept. The app's first render reads what the server's read (the same
        // cache, the same clock), so it makes the same markup.
        const state = createAppState(config, { hydrating: page })
        performance.mark(hydrationStartMark)
        handOver(held)
        hydrateRoot(container, wrapped(<App config={config} state={state} firstScreen={firstScreen} />))
        return
      }
      // The first page's code (preloaded beside this file) before the first render, so the page renders with the
      // frame in one go: the splash above stays until then, as it does for the config.
      const state = createAppState(config)
      await firstPageReady(state.router)
      handOver(held)
      render(<App config={config} state={state} />)
    },
    (error: unknown) => {
      held.stop()
      render(<ConfigErrorScreen error={error} />)
    },
  )
}
