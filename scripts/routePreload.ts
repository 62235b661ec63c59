import path from 'node:path'
import type { Plugin } from 'vite'
import { preloadElementId, preloadMarker, type PreloadTable } from '../src/boot/routePreload.ts'
import { routePages } from '../src/routePages.ts'
import { reachable } from './reachable.ts'

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId: string | null; imports: readonly string[] }
type Output = Chunk | { type: 'asset'; fileName: string }

/** The files a chunk needs before it can run: itself and what it imports statically, directly or not. */
function closure(bundle: Record<string, Output>, start: string): Set<string> {
  return reachable(start, (file) => {
    const chunk = bundle[file]
    return chunk?.type === 'chunk' ? chunk.imports : []
  })
}

/**
 * Each route's page chunks, minus what index.html already loads (the entry and its preloads), from the
 * bundle itself: the table the boot script reads to preload the page a full load opens
 * (src/boot/routePreload.ts). It replaces index.html's `<!--chainglass:preload-->` marker with a JSON data
 * block (not executed, so the Content-Security-Policy allows it). Build only: the dev server leaves the
 * marker, and pages load their chunks when the app asks.
 */
export function routePreloadTable(bundle: Record<string, Output>, root: string): PreloadTable {
  const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk')
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (!entry) throw new Error('route preload: the bundle has no entry chunk')
  const initial = closure(bundle, entry.fileName)
  return routePages.map(({ path: route, page }) => {
    const module = path.join(root, 'src', 'pages', `${page}.tsx`)
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === module)
    if (!chunk) throw new Error(`route preload: no chunk for the page ${page} (route '${route}')`)
    const files = [...closure(bundle, chunk.fileName)].filter((file) => !initial.has(file)).map((file) => `/${file}`)
    return [route, files] as const
  })
}

export function routePreloadPlugin(root: string): Plugin {
  return {
    name: 'chainglass-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(preloadMarker)) throw new Error(`index.html has no ${preloadMarker} marker for the route preload table`)
        if (!context.bundle) return html
        const table = routePreloadTable(context.bundle as unknown as Record<string, Output>, root)
        return html.replace(preloadMarker, `<script type="application/json" id="${preloadElementId}">${JSON.stringify(table)}</script>`)
      },
    },
  }
}
