import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { NetworkProvider } from './networks/NetworkContext.tsx'
import type { RuntimeConfig } from './networks/runtimeConfig.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { AppFrame, FrameFallback } from './ui/AppFrame.tsx'
import { RouteError } from './ui/RouteError.tsx'

/** The pages a visitor most often opens next from any page (a block, a transaction): see warmPageChunks. */
const blockPage = () => import('./pages/block/BlockPage.tsx')
const transactionPage = () => import('./pages/tx/TransactionPage.tsx')

/**
 * Once the first page is up and the browser idle, the block and transaction pages' code is fetched, so opening
 * one waits only for its data and not for its chunk first and its data after (issue 7: the block page's
 * in-app cold time was chunk, then one batch, in a row).
 */
function warmPageChunks(): void {
  const warm = () => void Promise.all([blockPage(), transactionPage()]).catch(() => {})
  if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 3_000 })
  else setTimeout(warm, 1_000)
}

/**
 * The route table. The frame is in the entry chunk; every page is its own chunk, loaded when first visited.
 * The pathless child with the error element keeps the header on screen when a page fails.
 */
export const routes: RouteObject[] = [
  {
    Component: AppFrame,
    HydrateFallback: FrameFallback,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pages/home/HomePage.tsx')).HomePage }) },
          { path: 'files', lazy: async () => ({ Component: (await import('./pages/files/FilesPage.tsx')).FilesPage }) },
          { path: 'settings', lazy: async () => ({ Component: (await import('./pages/settings/SettingsPage.tsx')).SettingsPage }) },
          { path: 'l2a/:block', lazy: async () => ({ Component: (await import('./pages/l2a/L2aBlockPage.tsx')).L2aBlockPage }) },
          { path: 'l2b/pending', lazy: async () => ({ Component: (await import('./pages/l2b/L2bPendingPage.tsx')).L2bPendingPage }) },
          { path: 'call', lazy: async () => ({ Component: (await import('./pages/call/CallPage.tsx')).CallPage }) },
          { path: 'storage', lazy: async () => ({ Component: (await import('./pages/storage/StoragePage.tsx')).StoragePage }) },
          { path: 'logs', lazy: async () => ({ Component: (await import('./pages/logs/LogsPage.tsx')).LogsPage }) },
          { path: 'blocks', lazy: async () => ({ Component: (await import('./pages/blocks/BlocksPage.tsx')).BlocksPage }) },
          { path: 'block/:id', lazy: async () => ({ Component: (await blockPage()).BlockPage }) },
          { path: 'block/:id/receipts', lazy: async () => ({ Component: (await import('./pages/block/BlockReceiptsPage.tsx')).BlockReceiptsPage }) },
          { path: 'uncle/:id/:index', lazy: async () => ({ Component: (await import('./pages/uncle/UnclePage.tsx')).UnclePage }) },
          { path: 'tx/:hash', lazy: async () => ({ Component: (await transactionPage()).TransactionPage }) },
          { path: 'block/:id/tx/:index', lazy: async () => ({ Component: (await import('./pages/tx/BlockTransactionPage.tsx')).BlockTransactionPage }) },
          { path: 'address/:address', lazy: async () => ({ Component: (await import('./pages/address/AddressPage.tsx')).AddressPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found/NotFoundPage.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
]

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createBrowserRouter(routes))
  useEffect(warmPageChunks, [])
  return (
    <QueryClientProvider client={queryClient}>
      <NetworkProvider config={config} router={router}>
        <RouterProvider router={router} />
      </NetworkProvider>
    </QueryClientProvider>
  )
}
