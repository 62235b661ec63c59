import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { configMarker, deferredEntryElementId, firstScreenStateElementId, screenEndMarker, screenStartMarker } from '../contract/pageConfig.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'

/** What src/serverRender.tsx returns: #root's markup and the data it was rendered from. */
export type FirstScreen = { html: string; state: unknown; timings?: { dataMs: number; renderMs: number } }

/** Renders a page's first screen, or null for a page the server does not render. */
export type FirstScreenRenderer = (url: string, config: RuntimeConfig) => Promise<FirstScreen | null>

/** Where the build puts the server render (scripts/serverRenderBuild.ts): this folder beside dist/, this file. */
export const serverRenderDir = 'dist-server'
export const serverRenderFile = 'serverRender.js'

/**
 * How long a page's data is waited for before the page is sent as it is: the HTML (and with it the app's code)
 * waits for the data, so a slow node must not hold the page back for long. On loopback a 1,000-transaction
 * block's data takes ~100-300 ms; a block, a transaction: a few ms.
 */
export const dataDeadlineMs = 800

type RenderModule = { renderFirstScreen: (url: string, config: RuntimeConfig, options: { dataDeadlineMs: number }) => Promise<FirstScreen | null> }

/**
 * The server render the build left in `dir`, or null when there is none (a build without it, a host that
 * serves only dist/): the app server then sends the page without a first screen, as a static host does.
 */
export async function loadFirstScreenRenderer(dir: string): Promise<FirstScreenRenderer | null> {
  const file = path.join(dir, serverRenderFile)
  if (!fs.existsSync(file)) return null
  const module = (await import(pathToFileURL(file).href)) as RenderModule
  return (url, config) => module.renderFirstScreen(url, config, { dataDeadlineMs })
}

/**
 * The rendered markup with its style attributes moved into one style sheet: React writes a style prop (a bar's
 * width, a list row's offset) as a style attribute, which the policy refuses when the parser meets it (no
 * 'unsafe-inline', no 'unsafe-hashes'). Each distinct value becomes a rule on a data attribute instead, and
 * the sheet, an inline <style> the policy allows by its hash (csp.ts), is what the page gets. Unlayered, so
 * it wins over the stylesheet's utilities (Tailwind's are in layers) as the attribute did. A value that could
 * leave its rule (braces, <, a backslash, an at-rule) is dropped, never copied.
 */
export function moveStylesToSheet(html: string): { html: string; sheet: string } {
  const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" }
  const values = new Map<string, number>()
  const moved = html.replace(/ style="([^"]*)"/g, (_attribute, escaped: string) => {
    const value = escaped.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => entities[entity]!)
    if (/[{}<>\\@]/.test(value)) return ''
    let index = values.get(value)
    if (index === undefined) values.set(value, (index = values.size))
    return ` data-first-screen-style="${index}"`
  })
  const sheet = [...values].map(([value, index]) => `[data-first-screen-style="${index}"]{${value}}`).join('')
  return { html: moved, sheet }
}

/**
 * index.html with a rendered first screen in place of the splash, and its data as a JSON data block before the
 * boot script (which then sends no early request of its own). The screen is inert until the app renders over
 * it: a picture to read, not yet to use (a click on a copy button or a letter typed in the search box would be
 * lost when the app's own page replaces it; a click on an inert element waits, as Playwright's do). The app's
 * code is named, not loaded: the boot script asks for it once the document is parsed and runs the entry after
 * the screen is painted (a module script runs when the parser ends, and the browser paints nothing until it and
 * the app's first render are done, which cost ~400 ms: measured).
 * `<` is escaped in the JSON so nothing in the chain's data can close the element; the markup is React's,
 * which escapes every text it renders. Null when the page lacks the markers (an older build): it is then sent
 * as it is.
 */
export function withFirstScreen(html: string, screen: FirstScreen): { page: string; sheet: string } | null {
  const start = html.indexOf(screenStartMarker)
  const end = html.indexOf(screenEndMarker)
  if (start < 0 || end < start || !html.includes(configMarker)) return null
  const json = JSON.stringify(screen.state).replace(/</g, '\\u003c')
  const styled = moveStylesToSheet(screen.html)
  const page = html.slice(0, start) + `<div inert data-first-screen>${styled.html}</div>` + html.slice(end + screenEndMarker.length)
  // The app's code: asked for once the document is parsed and run once the screen is painted (the boot script
  // does both). Preloaded from the head, ~160 KB of it shared the first screen's bandwidth under emulation and
  // cost the commit of a returning visitor's page ~24 ms taking it from the cache (traced), for a screen that
  // needs none of it.
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(page)
  const preloads: string[] = []
  const deferred = entry
    ? page.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g, (_link, href: string) => {
        preloads.push(href)
        return ''
      })
    : page
  const entryBlock = entry ? `<script type="application/json" id="${deferredEntryElementId}">${JSON.stringify({ entry: entry[1], preloads })}</script>` : ''
  const head = `${styled.sheet === '' ? '' : `<style>${styled.sheet}</style>`}<script type="application/json" id="${firstScreenStateElementId}">${json}</script>${entryBlock}`
  return { page: deferred.replace(configMarker, () => `${configMarker}${head}`), sheet: styled.sheet }
}
