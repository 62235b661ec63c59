import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { configMarker, deferredEntryElementId, firstScreenAnswersAttribute, firstScreenStateElementId, screenEndMarker, screenStartMarker } from '../contract/pageConfig.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'

/**
 * What src/serverRender.tsx returns: #root's markup and the data it was rendered from. `state` is the data, or
 * a function that makes it, called only once the markup has been sent: a 1,000-transaction block's data takes
 * ~15 ms to pack and serialize, which the markup, the part the browser paints, need not wait for.
 */
export type FirstScreen = { html: string; state: unknown; answers?: number; timings?: { dataMs: number; renderMs: number } }

/** A screen's data as it is sent: its `state`, made now if it is a function. */
export function screenData(screen: FirstScreen): unknown {
  return typeof screen.state === 'function' ? (screen.state as () => unknown)() : screen.state
}

/** Renders a page's first screen, or null for a page the server does not render. */
export type FirstScreenRenderer = (url: string, config: RuntimeConfig) => Promise<FirstScreen | null>

/** The server render: whether it renders a URL (known at once, before any data), and the render. */
export type FirstScreenRender = { accepts: (url: string, config: RuntimeConfig) => boolean; render: FirstScreenRenderer }

/** Where the build puts the server render (scripts/serverRenderBuild.ts): this folder beside dist/, this file. */
export const serverRenderDir = 'dist-server'
export const serverRenderFile = 'serverRender.js'

/**
 * How long a page's data is waited for before the page is sent as it is: the HTML (and with it the app's code)
 * waits for the data, so a slow node must not hold the page back for long. On loopback a 1,000-transaction
 * block's data takes ~100-300 ms; a block, a transaction: a few ms. The default of CHAINGLASS_FIRST_SCREEN_DEADLINE_MS.
 */
export const dataDeadlineMs = 800

type RenderModule = {
  renderFirstScreen: (url: string, config: RuntimeConfig, options: { dataDeadlineMs: number }) => Promise<FirstScreen | null>
  rendersFirstScreen?: (url: string, config: RuntimeConfig) => boolean
}

/**
 * The server render the build left in `dir`, or null when there is none (a build without it, a host that
 * serves only dist/): the app server then sends the page without a first screen, as a static host does.
 */
export async function loadFirstScreenRenderer(dir: string, deadlineMs = dataDeadlineMs): Promise<FirstScreenRender | null> {
  const file = path.join(dir, serverRenderFile)
  if (!fs.existsSync(file)) return null
  const module = (await import(pathToFileURL(file).href)) as RenderModule
  // A build from before the page's head was sent first (npm start rebuilds a stale one): none.
  const accepts = module.rendersFirstScreen
  if (!accepts) return null
  return { accepts, render: (url, config) => module.renderFirstScreen(url, config, { dataDeadlineMs: deadlineMs }) }
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

/** A page sent in two parts (server/indexPage.ts): its head at once, the rest once the first screen is rendered. */
export type StreamedPage = {
  /** Up to and with </head>: the config's marker still in it (withRuntimeConfig), the app's code named in a data block. */
  head: string
  /**
   * The rest, in the parts it is sent in, each made when it is called (so one is made after the one before has
   * left): the rendered screen in place of the splash with its style sheet, then its data and the page's end;
   * or (null) the splash as built, in one part.
   */
  rest(screen: FirstScreen | null, nonce: string): Array<() => string>
}

/**
 * index.html split for a page whose first screen the server renders. The head goes out before the page's data
 * is read, so the browser fetches the stylesheet and the boot script (and commits the navigation) while the
 * server waits for the node and renders: those were a commit and a round trip after the whole page on the
 * critical path. The app's code is named in the head, not loaded: the boot script asks for it once the document
 * is parsed and runs the entry after the screen is painted (a module script runs when the parser ends, and the
 * browser paints nothing until it and the app's first render are done, which cost ~400 ms: measured; preloaded
 * from the head, ~160 KB of it shared the first screen's bandwidth under emulation and cost a returning
 * visitor's commit ~24 ms taking it from the cache). A named entry also tells the boot script the page's data
 * comes with it, so it sends no early request of its own.
 *
 * The rest holds, in place of the splash, the screen's style sheet (allowed by the response's nonce: its text
 * is not known when the policy is sent), the markup, inert until the app renders over it: a picture to read, not
 * yet to use (a click on a copy button or a letter typed in the search box would be lost when the app's own page
 * replaces it), and after it the screen's data as a JSON data block (the app takes sheet and data out before it
 * renders over them; it runs once the whole document is parsed). The data comes last and as a part of its own
 * because it can be most of the page: a 1,000-transaction block's is 2.16 MB of JSON (60 KB brotli) that the
 * browser tokenizes, and the rows were painted only after it (measured: content 595-1,128 ms after the
 * navigation began, with the document's end at 400-890 ms).
 * `<` is escaped in the JSON so nothing in the chain's data can close the element; the markup is React's,
 * which escapes every text it renders. Null when the page lacks the markers (an older build): the plain page
 * is sent.
 */
export function streamedPage(html: string): StreamedPage | null {
  const headEnd = html.indexOf('</head>')
  const start = html.indexOf(screenStartMarker)
  const end = html.indexOf(screenEndMarker)
  if (headEnd < 0 || start < headEnd || end < start || !html.slice(0, headEnd).includes(configMarker)) return null
  const splitAt = headEnd + '</head>'.length
  let head = html.slice(0, splitAt)
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(head)
  if (entry) {
    const preloads: string[] = []
    head = head.replace(entry[0], '').replace(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">\s*/g, (_link, href: string) => {
      preloads.push(href)
      return ''
    })
    const entryBlock = `<script type="application/json" id="${deferredEntryElementId}">${JSON.stringify({ entry: entry[1], preloads })}</script>`
    head = head.replace(configMarker, () => `${configMarker}${entryBlock}`)
  }
  const body = html.slice(splitAt)
  const [bodyStart, bodyEnd] = [start - splitAt, end - splitAt]
  return {
    head,
    rest(screen, nonce) {
      if (!screen) return [() => body]
      const markup = () => {
        const styled = moveStylesToSheet(screen.html)
        const sheet = styled.sheet === '' ? '' : `<style nonce="${nonce}">${styled.sheet}</style>`
        return body.slice(0, bodyStart) + sheet + `<div inert data-first-screen>${styled.html}</div>`
      }
      const data = () => {
        const json = JSON.stringify(screenData(screen)).replace(/</g, '\\u003c')
        // How many answers it holds: with none (the node missed the deadline), the boot script asks for them itself.
        const answers = screen.answers === undefined ? '' : ` ${firstScreenAnswersAttribute}="${screen.answers}"`
        return `<script type="application/json" id="${firstScreenStateElementId}"${answers}>${json}</script>` + body.slice(bodyEnd + screenEndMarker.length)
      }
      return [markup, data]
    },
  }
}
