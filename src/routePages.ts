/**
 * Which page each route shows: one table for the app's router (App.tsx loads each page's chunk by it) and
 * for the build, which writes down the chunks each route's page needs, so the app server preloads the page a
 * full load opens in the head it sends, while the app's own code is still loading (scripts/routePreload.ts,
 * server/pageHead.ts). Without it the page's chunk was asked for only once the app's code had run.
 *
 * Paths as React Router reads them below the frame ('' is the index route, ':name' a parameter, '*' the
 * rest); `page` is the module under src/pages/, whose export of the same name is the page.
 */
export type RoutePage = { path: string; page: string }

export const routePages: readonly RoutePage[] = [
  { path: '', page: 'home/HomePage' },
  { path: 'files', page: 'files/FilesPage' },
  { path: 'files/explore/:cid', page: 'files/ExplorePage' },
  { path: 'settings', page: 'settings/SettingsPage' },
  { path: 'l2a/:block', page: 'l2a/L2aBlockPage' },
  { path: 'l2b/pending', page: 'l2b/L2bPendingPage' },
  { path: 'call', page: 'call/CallPage' },
  { path: 'storage', page: 'storage/StoragePage' },
  { path: 'logs', page: 'logs/LogsPage' },
  { path: 'blocks', page: 'blocks/BlocksPage' },
  { path: 'block/:id', page: 'block/BlockPage' },
  { path: 'block/:id/receipts', page: 'block/BlockReceiptsPage' },
  { path: 'uncle/:id/:index', page: 'uncle/UnclePage' },
  { path: 'tx/:hash', page: 'tx/TransactionPage' },
  { path: 'block/:id/tx/:index', page: 'tx/BlockTransactionPage' },
  { path: 'address/:address', page: 'address/AddressPage' },
  { path: '*', page: 'not-found/NotFoundPage' },
]

/** The page module's export: the file's own name. */
export function pageExportName(page: string): string {
  return page.slice(page.lastIndexOf('/') + 1)
}
