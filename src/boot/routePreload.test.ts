import fs from 'node:fs'
import path from 'node:path'
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routePages, pageExportName } from '../routePages.ts'
import { chunksForPath, routeMatches, type PreloadTable } from './routePreload.ts'

// The table as the build writes it, with each route's "files" standing for the route itself.
const table: PreloadTable = routePages.map(({ path: route }) => [route, [route]] as const)
// React Router itself, on the same paths under a pathless frame, as App.tsx has them: the oracle.
const routerRoutes: RouteObject[] = [{ children: routePages.map(({ path: route }) => (route === '' ? { index: true, id: route } : { path: route, id: route })) }]
const routerChoice = (pathname: string) => matchRoutes(routerRoutes, pathname)?.at(-1)?.route.id

const pathnames = [
  '/',
  '/blocks',
  '/BLOCKS',
  '/block/5',
  '/block/0x4ba3/',
  '/block/5/receipts',
  '/block/5/tx/0',
  '/tx/0x' + 'ab'.repeat(32),
  '/uncle/9515350/0',
  '/address/0x0000000000000000000000000000000000000001',
  '/l2a/5817',
  '/l2b/pending',
  '/l2b/other',
  '/files',
  '/settings',
  '/logs',
  '/call',
  '/storage',
  '/no-such-page',
  '/block/5/nothing/else',
]

describe('the boot script’s route matching', () => {
  it.each(pathnames)('picks the route React Router picks for %s', (pathname) => {
    expect(chunksForPath(table, pathname)).toEqual([routerChoice(pathname)])
  })

  it('matches parameters and static parts, not other lengths', () => {
    expect(routeMatches('block/:id', '/block/12')).toBe(true)
    expect(routeMatches('block/:id', '/block')).toBe(false)
    expect(routeMatches('block/:id', '/block/12/receipts')).toBe(false)
    expect(routeMatches('', '/')).toBe(true)
  })

  it('has nothing to preload from an empty table', () => {
    expect(chunksForPath([], '/block/1')).toEqual([])
  })
})

describe('the route table', () => {
  it.each(routePages)('$page is a module under src/pages exporting the page by its file name', ({ page }) => {
    const file = path.join(import.meta.dirname, '..', 'pages', `${page}.tsx`)
    expect(fs.existsSync(file)).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toMatch(new RegExp(`export function ${pageExportName(page)}\\b`))
  })
})
