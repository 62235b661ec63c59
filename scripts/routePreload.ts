import fs from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'
import { pageAssetsFile, preloadMarker, scriptPrefetchTag, type PageAssets, type PreloadTable } from '../contract/pageAssets.ts'
import { routePages } from '../src/routePages.ts'
import { pageGroupNames } from './chunkGroups.ts'
import { reachable } from './reachable.ts'

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; moduleIds?: readonly string[]; imports: readonly string[] }
type Output = Chunk | { type: 'asset'; fileName: string }

/** The files a chunk needs before it can run: itself and what it imports statically, directly or not. */
function closure(bundle: Record<string, Output>, start: string): Set<string> {
  return reachable(start, (file) => {
    const chunk = bundle[file]
    return chunk?.type === 'chunk' ? chunk.imports : []
  })
}

/**
 * The app's start (src/startApp.tsx, which the entry imports once the first screen is painted) and what it
 * imports statically, minus what the entry already loads: index.html preloads these, so they download and
 * compile beside the document instead of after the paint.
 */
export function appStartFiles(bundle: Record<string, Output>, root: string): string[] {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('route preload: the bundle has no entry chunk')
  const module = path.join(root, 'src', 'startApp.tsx')
  // A group's chunk (scripts/chunkGroups.ts) holds the module without being its facade.
  const start = chunks.find((chunk) => chunk.facadeModuleId === module) ?? chunks.find((chunk) => chunk.moduleIds?.includes(module))
  if (!start) throw new Error('route preload: no chunk for the app start (src/startApp.tsx)')
  const loaded = closure(bundle, entry.fileName)
  return [...closure(bundle, start.fileName)].filter((file) => !loaded.has(file))
}

/**
 * The app's start files, refused when one is a chunk of pages' code (scripts/chunkGroups.ts): a module the first
 * render imports that the groups did not put in the app's chunk (a viem function read through its index, say)
 * would make every first load fetch and evaluate all the pages' shared code before it can run.
 */
export function checkedAppStartFiles(bundle: Record<string, Output>, root: string): string[] {
  const files = appStartFiles(bundle, root)
  const pages = files.filter((file) => pageGroupNames.some((name) => path.basename(file).startsWith(`${name}-`)))
  if (pages.length > 0) throw new Error(`route preload: the app's start imports pages’ code (${pages.join(', ')}): put what the first render uses in the app's group (scripts/chunkGroups.ts)`)
  return files
}

/**
 * Each route's page chunks, minus what index.html already loads (the entry, the app's start and their
 * preloads), from the bundle itself: the table the app server preloads the page a full load opens by
 * (server/pageHead.ts).
 */
export function routePreloadTable(bundle: Record<string, Output>, root: string): PreloadTable {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('route preload: the bundle has no entry chunk')
  const initial = new Set([...closure(bundle, entry.fileName), ...appStartFiles(bundle, root)])
  return routePages.map(({ path: route, page }) => {
    const module = path.join(root, 'src', 'pages', `${page}.tsx`)
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === module)
    if (!chunk) throw new Error(`route preload: no chunk for the page ${page} (route '${route}')`)
    const files = [...closure(bundle, chunk.fileName)].filter((file) => !initial.has(file)).map((file) => `/${file}`)
    return [route, files] as const
  })
}

/** Each stylesheet's `<link>` as Vite wrote it into `html`, with the file it loads. */
export function stylesheetTags(html: string, bundle: Record<string, Output>): PageAssets['stylesheets'] {
  const tags = [...html.matchAll(/<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g)]
  return tags.flatMap(([tag, href]) => (bundle[href!.replace(/^\//, '')]?.type === 'asset' ? [{ tag, href: href! }] : []))
}

/**
 * index.html preloads the app's start; the rest the app server puts into the head it sends (server/pageHead.ts),
 * from the page assets written here beside index.html: each route's page chunks, at the marker, and the
 * stylesheet, inline in a page whose first screen it renders.
 */
export function routePreloadPlugin(root: string): Plugin {
  let assets: PageAssets | null = null
  return {
    name: 'chainglass-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(preloadMarker)) throw new Error(`index.html has no ${preloadMarker} marker for the route preloads`)
        if (!context.bundle) return html
        const bundle = context.bundle as unknown as Record<string, Output>
        const start = checkedAppStartFiles(bundle, root).map((file) => scriptPrefetchTag(`/${file}`))
        const page = html.replace(preloadMarker, () => [...start, preloadMarker].join('\n    '))
        assets = { stylesheets: stylesheetTags(page, bundle), routes: routePreloadTable(bundle, root) }
        return page
      },
    },
    writeBundle(options) {
      if (assets && options.dir) fs.writeFileSync(path.join(options.dir, pageAssetsFile), JSON.stringify(assets))
    },
  }
}
