import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routePages } from '../src/routePages.ts'
import { appStartFiles, checkedAppStartFiles, routePreloadTable, stylesheetTags } from './routePreload.ts'

const root = '/repo'
const pageModule = (page: string) => path.join(root, 'src', 'pages', `${page}.tsx`)

/**
 * A bundle as rolldown gives it: the entry with its static import, the app's start in a group's chunk (which
 * holds the module without being its facade) importing the runtime and the entry, and every page's chunk.
 */
function bundle(pageImports: (page: string) => string[]) {
  const chunks: Record<string, { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds?: string[]; imports: string[] }> = {
    'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', isEntry: true, facadeModuleId: path.join(root, 'src', 'main.tsx'), imports: ['assets/css.js'] },
    'assets/css.js': { type: 'chunk', fileName: 'assets/css.js', isEntry: false, facadeModuleId: null, imports: [] },
    'assets/app.js': { type: 'chunk', fileName: 'assets/app.js', isEntry: false, facadeModuleId: null, moduleIds: [path.join(root, 'src', 'App.tsx'), path.join(root, 'src', 'startApp.tsx')], imports: ['assets/runtime.js', 'assets/index.js'] },
    'assets/runtime.js': { type: 'chunk', fileName: 'assets/runtime.js', isEntry: false, facadeModuleId: null, imports: [] },
    'assets/shared.js': { type: 'chunk', fileName: 'assets/shared.js', isEntry: false, facadeModuleId: null, imports: ['assets/app.js', 'assets/deep.js'] },
    'assets/deep.js': { type: 'chunk', fileName: 'assets/deep.js', isEntry: false, facadeModuleId: null, imports: [] },
  }
  for (const { page } of routePages) {
    const fileName = `assets/${page.replace('/', '-')}.js`
    chunks[fileName] = { type: 'chunk', fileName, isEntry: false, facadeModuleId: pageModule(page), imports: pageImports(page) }
  }
  return chunks
}

describe('the route preload table', () => {
  it('lists each page’s chunk and what it imports, directly or not, but nothing the entry already loads', () => {
    const table = routePreloadTable(bundle((page) => (page === 'home/HomePage' ? ['assets/shared.js', 'assets/app.js'] : ['assets/app.js'])), root)
    expect(table.map(([route]) => route)).toEqual(routePages.map(({ path: route }) => route))
    expect(table[0]).toEqual(['', ['/assets/home-HomePage.js', '/assets/shared.js', '/assets/deep.js']])
    expect(table.find(([route]) => route === 'block/:id')).toEqual(['block/:id', ['/assets/block-BlockPage.js']])
  })

  it('preloads the app’s start and what it imports from the page, but nothing the entry already loads', () => {
    expect(appStartFiles(bundle(() => ['assets/app.js']), root)).toEqual(['assets/app.js', 'assets/runtime.js'])
    const table = routePreloadTable(bundle(() => ['assets/app.js', 'assets/runtime.js', 'assets/css.js']), root)
    expect(table.find(([route]) => route === 'block/:id')).toEqual(['block/:id', ['/assets/block-BlockPage.js']])
  })

  it('fails the build when the app’s start has no chunk', () => {
    const broken = bundle(() => [])
    delete broken['assets/app.js']
    expect(() => appStartFiles(broken, root)).toThrow(/no chunk for the app start/)
  })

  it('fails the build when the app’s start imports a chunk of pages’ code', () => {
    const pulled = bundle(() => [])
    pulled['assets/shared-Ab12.js'] = { type: 'chunk', fileName: 'assets/shared-Ab12.js', isEntry: false, facadeModuleId: null, imports: [] }
    expect(checkedAppStartFiles(pulled, root)).toEqual(['assets/app.js', 'assets/runtime.js'])
    pulled['assets/app.js']!.imports.push('assets/shared-Ab12.js')
    expect(() => checkedAppStartFiles(pulled, root)).toThrow(/imports pages’ code \(assets\/shared-Ab12.js\)/)
  })

  it('fails the build when a page has no chunk of its own', () => {
    const broken = bundle(() => [])
    delete broken['assets/tx-TransactionPage.js']
    expect(() => routePreloadTable(broken, root)).toThrow(/no chunk for the page tx\/TransactionPage/)
  })

  it('finds each stylesheet’s tag as Vite wrote it, for the server to put the sheet in its place', () => {
    const html = '<head><link rel="icon" href="/favicon.svg"><link rel="stylesheet" crossorigin href="/assets/index-X.css">\n<link rel="stylesheet" href="https://elsewhere.example/x.css"></head>'
    const files = { ...bundle(() => []), 'assets/index-X.css': { type: 'asset' as const, fileName: 'assets/index-X.css' } }
    expect(stylesheetTags(html, files)).toEqual([{ tag: '<link rel="stylesheet" crossorigin href="/assets/index-X.css">', href: '/assets/index-X.css' }])
  })
})
