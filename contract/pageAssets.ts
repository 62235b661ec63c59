/**
 * What the build tells the app server about the page it serves (scripts/routePreload.ts writes it beside
 * index.html as `pageAssetsFile`; server/pageHead.ts reads it): the stylesheet's tag as index.html has it, with
 * the file's path, and each route's page chunks. The server preloads the chunks of the page a full load opens
 * in the head it sends, and puts the stylesheet itself into a page whose first screen it renders.
 */

/** Route path (as src/routePages.ts has it) → the page's chunks ('/assets/…'), in routePages order. */
export type PreloadTable = ReadonlyArray<readonly [path: string, files: readonly string[]]>

export type PageAssets = {
  /** Each stylesheet's `<link>` exactly as index.html has it, and the file it loads ('/assets/…'). */
  stylesheets: ReadonlyArray<{ tag: string; href: string }>
  routes: PreloadTable
}

export const pageAssetsFile = 'page-assets.json'

/** In index.html's head: where the server puts the preloads of the page a full load opens. */
export const preloadMarker = '<!--chainglass:preload-->'

/**
 * A chunk as the head names it, the app's start (scripts/routePreload.ts) and the page's own (server/pageHead.ts)
 * alike: fetched beside the document, not compiled until the entry makes it a modulepreload once the content is
 * painted (src/boot/compileAfterPaint.ts). crossorigin as the module's own request, so one cache entry serves both.
 */
export const scriptPrefetchTag = (href: string) => `<link rel="prefetch" as="script" crossorigin href="${href}">`

/** What finds those tags in the page. */
export const scriptPrefetchSelector = 'link[rel="prefetch"][as="script"]'

/**
 * Set by the app server on a page that links or prefetches the stylesheet (server/pageHead.ts): its value names
 * the build's stylesheet, which this browser then has in its cache, so a rendered page links it (cached, and
 * parsed once for every page) instead of carrying it inline.
 */
export const stylesheetCookieName = 'chainglass-style'
