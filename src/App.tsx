import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { NetworkProvider } from './networks/NetworkContext.tsx'
import type { RuntimeConfig } from './networks/runtimeConfig.ts'
import { createQueryClient } from './queries/queryClient.ts'
import { AppFrame, FrameFallback } from './ui/AppFrame.tsx'
import { RouteError } from './ui/RouteError.tsx'

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
          { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found/NotFoundPage.tsx')).NotFoundPage }) },
        ],
      },
    ],
  },
]

export function App({ config }: { config: RuntimeConfig }) {
  const [queryClient] = useState(createQueryClient)
  const [router] = useState(() => createBrowserRouter(routes))
  return (
    <QueryClientProvider client={queryClient}>
      <NetworkProvider config={config}>
        <RouterProvider router={router} />
      </NetworkProvider>
    </QueryClientProvider>
  )
}
