import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createAppState } from './App.tsx'
import './index.css'
import { watchPolicyBlocks } from './networks/cspBlocks.ts'
import { loadRuntimeConfig } from './networks/loadRuntimeConfig.ts'
import { ConfigErrorScreen } from './ui/ConfigErrorScreen.tsx'
import { ErrorBoundary } from './ui/ErrorBoundary.tsx'

watchPolicyBlocks()

// The static placeholder in index.html stays until the config is here: the page is never blank.
const root = createRoot(document.getElementById('root')!)
const render = (node: ReactNode) =>
  root.render(
    <StrictMode>
      <ErrorBoundary>{node}</ErrorBoundary>
    </StrictMode>,
  )

loadRuntimeConfig().then(
  (config) => render(<App config={config} state={createAppState(config)} />),
  (error: unknown) => render(<ConfigErrorScreen error={error} />),
)
