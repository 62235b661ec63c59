import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppState, firstPageReady } from './App.tsx'
import './index.css'
import { configElementId } from '../contract/pageConfig.ts'
import { takeFirstScreenState } from './queries/firstScreenState.ts'
import { watchPolicyBlocks } from './networks/cspBlocks.ts'
import { loadRuntimeConfig } from './networks/loadRuntimeConfig.ts'
import { ConfigErrorScreen } from './ui/ConfigErrorScreen.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'

watchPolicyBlocks()
// The boot script takes the runtime config out of the page; if it did not run (it failed to load), the app
// reads /config.json instead, and the page's copy, which holds the key and secret, is removed all the same.
document.getElementById(configElementId)?.remove()

// What the server read for the page it rendered first (server/firstScreen.ts), taken out of the page now.
const firstScreen = takeFirstScreenState()

// The static placeholder in index.html (or the page the server rendered) stays until the app's first render
// replaces it: the page is never blank. Not hydrated: the server's markup is a picture of the page, and the
// app renders its own over it (a render from the same data; hydration would fail on anything the browser
// knows and the server does not, from the clock to this browser's networks).
const root = createRoot(document.getElementById('root')!)
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <ErrorBoundary>{node}</ErrorBoundary>
    </StrictMode>,
  )

loadRuntimeConfig().then(
  (config) => {
    // The first page's code (preloaded beside this file) before the first render, so the page renders with the
    // frame in one go: the splash above stays until then, as it does for the config.
    const state = createAppState(config, { seed: firstScreen })
    void firstPageReady(state.router).then(() => render(<App config={config} state={state} />))
  },
  (error: unknown) => render(<ConfigErrorScreen error={error} />),
)
