import fs from 'node:fs'
import path from 'node:path'
import { matchRoutes, type RouteObject } from 'react-router'
import { pageAssetsFile, preloadMarker, type PageAssets, type PreloadTable } from '../contract/pageAssets.ts'
import { themeClassAttribute, type ThemeChoice } from '../contract/theme.ts'

/**
 * The page's head as the app server sends it, so that nothing but the document stands between the server's
 * rows and their first paint (no script runs before it, and a rendered page asks for no stylesheet):
 *   - the visitor's theme choice (its cookie) as the class on <html>;
 *   - modulepreloads of the chunks of the page the URL opens, beside the app's own (index.html has those);
 *   - on a page whose first screen is rendered here, the stylesheet inline, under the response's style nonce.
 * Measured on a loaded machine, a render-blocking stylesheet and a parser-blocking script were each a round
 * trip to a server busy rendering the page, behind the document (bench numbers in the commit and docs/).
 */

/** The build's page assets (contract/pageAssets.ts) with the stylesheets' text, or null for a build without them. */
export type LoadedAssets = PageAssets & { css: string }

export function loadPageAssets(dist: string): LoadedAssets | null {
  const file = path.join(dist, pageAssetsFile)
  if (!fs.existsSync(file)) return null
  const assets = JSON.parse(fs.readFileSync(file, 'utf8')) as PageAssets
  const css = assets.stylesheets.map(({ href }) => fs.readFileSync(path.join(dist, href.replace(/^\/+/, '')), 'utf8')).join('\n')
  return { ...assets, css }
}

/** The page chunks of the route React Router picks for `pathname` (the catch-all's when none other matches). */
export function chunksForPath(table: PreloadTable, pathname: string): readonly string[] {
  const routes: RouteObject[] = [{ children: table.map(([route], index): RouteObject => (route === '' ? { index: true, id: String(index) } : { path: route, id: String(index) })) }]
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id
  return id === undefined ? [] : (table[Number(id)]?.[1] ?? [])
}

export type HeadOptions = { pathname: string; theme: ThemeChoice; assets: LoadedAssets | null; inlineStyleNonce?: string }

/** The `<html>` start tag of `html` with the theme's class. */
function withTheme(html: string, theme: ThemeChoice): string {
  const start = html.indexOf('<html')
  const end = html.indexOf('>', start)
  if (start < 0 || end < 0) return html
  return html.slice(0, end) + themeClassAttribute(theme) + html.slice(end)
}

/** index.html's head (or the whole page) as sent for `options`. */
export function composeHead(html: string, options: HeadOptions): string {
  let head = withTheme(html, options.theme)
  const { assets } = options
  if (!assets) return head
  // As the app's own preloads are (crossorigin): the import() that uses the chunk finds it in the cache.
  const preloads = chunksForPath(assets.routes, options.pathname).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
  head = head.replace(preloadMarker, () => preloads.join('\n    '))
  if (options.inlineStyleNonce !== undefined && assets.stylesheets.every(({ tag }) => head.includes(tag))) {
    const [first, ...rest] = assets.stylesheets
    // `<` cannot occur in the built stylesheet outside a string; escaped anyway, it cannot end the element.
    const style = `<style nonce="${options.inlineStyleNonce}">${assets.css.replace(/<\/style/gi, '<\\/style')}</style>`
    head = head.replace(first!.tag, () => style)
    for (const { tag } of rest) head = head.replace(tag, '')
  }
  return head
}
