import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppState } from './App.tsx'
import './index.css'
import { configElementId } from '../contract/pageConfig.ts'
import { watchPolicyBlocks } from './networks/cspBlocks.ts'
import { loadRuntimeConfig } from './networks/loadRuntimeConfig.ts'
import { ConfigErrorScreen } from './ui/ConfigErrorScreen.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'

watchPolicyBlocks()
// The boot script takes the runtime config out of the page; if it did not run (it failed to load), the app
// reads /config.json instead, and the page's copy, which holds the key and secret, is removed all the same.
document.getElementById(configElementId)?.remove()

// The static placeholder in index.html stays until the config is here: the page is never blank.
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
    const state = createAppState(config)
    void state.firstPage.then(() => render(<App config={config} state={state} />))
  },
  (error: unknown) => render(<ConfigErrorScreen error={error} />),
)
