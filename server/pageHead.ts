import fs from 'node:fs'
import path from 'node:path'
import { matchRoutes, type RouteObject } from 'react-router'
import { pageAssetsFile, preloadMarker, scriptPrefetchTag, stylesheetCookieName, type PageAssets, type PreloadTable } from '../contract/pageAssets.ts'
import { cookieValue } from '../contract/cookies.ts'
import { themeClassAttribute, type ThemeChoice } from '../contract/theme.ts'

/**
 * The page's head as the app server sends it, so that nothing but the document stands between the server's
 * rows and their first paint (no script runs before it, and a rendered page asks for no stylesheet):
 *   - the visitor's theme choice (its cookie) as the class on <html>;
 *   - prefetches of the chunks of the page the URL opens, beside the app's own (index.html has those):
 *     downloaded beside the document, compiled once its content is painted (src/boot/compileAfterPaint.ts);
 *   - on a page whose first screen is rendered here, the stylesheet inline, under the response's style nonce,
 *     unless this browser has it in its cache (the stylesheet cookie): a returning visitor's page links it, and
 *     the browser parses it once for all pages instead of once a page.
 * Measured on a loaded machine, a render-blocking stylesheet and a parser-blocking script were each a round
 * trip to a server busy rendering the page, behind the document (figures in the commit that made this).
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

/** What the stylesheet cookie holds for this build: its stylesheets' file names. */
export function stylesheetStamp(assets: PageAssets): string {
  return assets.stylesheets.map(({ href }) => href.slice(href.lastIndexOf('/') + 1)).join('+')
}

/** Whether a request's cookies say its browser has this build's stylesheet in its cache. */
export function stylesheetCached(assets: PageAssets | null, cookies: string | undefined): boolean {
  return assets !== null && cookieValue(cookies, stylesheetCookieName) === stylesheetStamp(assets)
}

/** The Set-Cookie header of a page that links or prefetches the stylesheet (a year, as the file is cached for good). */
export function stylesheetCookie(assets: PageAssets): string {
  return `${stylesheetCookieName}=${stylesheetStamp(assets)}; Path=/; Max-Age=31536000; SameSite=Lax`
}

/** The stylesheet cookie to set on a page sent with `cookies`: none when the browser already says it has this build's sheet. */
export function stylesheetCookieToSet(assets: PageAssets | null, cookies: string | undefined): string | undefined {
  return assets && !stylesheetCached(assets, cookies) ? stylesheetCookie(assets) : undefined
}

export type HeadOptions = { pathname: string; theme: ThemeChoice; assets: LoadedAssets | null; inlineStyleNonce?: string; stylesheetCached?: boolean }

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
  const preloads = chunksForPath(assets.routes, options.pathname).map(scriptPrefetchTag)
  head = head.replace(preloadMarker, () => preloads.join('\n    '))
  if (options.inlineStyleNonce !== undefined && !options.stylesheetCached && assets.stylesheets.every(({ tag }) => head.includes(tag))) {
    // `<` cannot occur in the built stylesheet outside a string; escaped anyway, it cannot end the element.
    const style = `<style nonce="${options.inlineStyleNonce}">${assets.css.replace(/<\/style/gi, '<\\/style')}</style>`
    // The file itself at the lowest priority, for the next page (the stylesheet cookie says it is cached).
    const prefetches = assets.stylesheets.map(({ href }) => `<link rel="prefetch" crossorigin href="${href}">`)
    const [first, ...rest] = assets.stylesheets
    head = head.replace(first!.tag, () => [style, ...prefetches].join('\n    '))
    for (const { tag } of rest) head = head.replace(tag, '')
  }
  return head
}
