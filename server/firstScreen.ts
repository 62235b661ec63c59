import fs from 'node:fs'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { pathToFileURL } from 'node:url'
import { configMarker, firstScreenAnswersAttribute, firstScreenStateElementId, screenEndMarker, screenStartMarker, stateMarker } from '../contract/pageConfig.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { serverRenderConfig } from './browserConfig.ts'

/**
 * What src/serverRender.tsx returns: #root's markup as React streams it, and the data it was rendered from,
 * made when asked for, once the markup has been sent (a 1,000-transaction block's data is most of the page).
 */
export type FirstScreen = {
  pipe: (destination: Writable) => Promise<void>
  state: () => unknown
  answers?: number
  timings?: { dataMs: number; renderMs: number }
}

/**
 * Renders a page's first screen with the response's style nonce, or null for a page the server does not render;
 * `onStatus` is told the page's status once its data is in (before the markup: the response's status line).
 */
export type FirstScreenRenderer = (url: string, config: RuntimeConfig, nonce: string, onStatus?: (status: number) => void) => Promise<FirstScreen | null>

/** The server render: whether it renders a URL (known at once, before any data), and the render. */
export type FirstScreenRender = { accepts: (url: string, config: RuntimeConfig) => boolean; render: FirstScreenRenderer }

/** Where the build puts the server render (scripts/serverRenderBuild.ts): this folder beside dist/, this file. */
export const serverRenderDir = 'dist-server'
export const serverRenderFile = 'serverRender.js'

/**
 * How long a page's data is waited for before the page is sent as it is: the HTML (and with it the app's code)
 * waits for the data, so a slow node must not hold the page back for long. On loopback even a large block's
 * data comes well within it. The default of CHAINGLASS_FIRST_SCREEN_DEADLINE_MS.
 */
export const dataDeadlineMs = 800

type RenderModule = {
  renderFirstScreen: (url: string, config: RuntimeConfig, options: { dataDeadlineMs: number; nonce: string; onStatus?: (status: number) => void }) => Promise<FirstScreen | null>
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
  // The render reads the networks as the browser does, calling the service itself (networkProxy.ts).
  return {
    accepts: (url, config) => accepts(url, serverRenderConfig(config)),
    render: (url, config, nonce, onStatus) => module.renderFirstScreen(url, serverRenderConfig(config), { dataDeadlineMs: deadlineMs, nonce, onStatus }),
  }
}

/**
 * index.html cut where a page whose first screen the server renders differs from the built page: the head
 * (sent at once, before the page's data is read, so the browser parses the stylesheet, which pageHead.ts puts
 * in it, and fetches the app's code while the server waits for the node), the body up to #root's content, the splash (which the
 * rendered markup replaces), and the rest, where the page's data block goes at `stateMarker` (after #root:
 * #root holds React's markup and nothing else, or hydration would meet a node it did not render).
 */
export type StreamedPage = { head: string; beforeScreen: string; splash: string; beforeState: string; afterState: string }

/** index.html cut at its markers (contract/pageConfig.ts), or null when it lacks one (an older build: the plain page is sent). */
export function streamedPage(html: string): StreamedPage | null {
  const headEnd = html.indexOf('</head>')
  const start = html.indexOf(screenStartMarker)
  const end = html.indexOf(screenEndMarker)
  const state = html.indexOf(stateMarker)
  if (headEnd < 0 || start < headEnd || end < start || state < end || !html.slice(0, headEnd).includes(configMarker)) return null
  const bodyStart = headEnd + '</head>'.length
  return {
    head: html.slice(0, bodyStart),
    beforeScreen: html.slice(bodyStart, start),
    splash: html.slice(start, end + screenEndMarker.length),
    beforeState: html.slice(end + screenEndMarker.length, state),
    afterState: html.slice(state + stateMarker.length),
  }
}

/**
 * The page's data block: JSON, which the browser never runs (script-src needs no exception), with every `<`
 * escaped so nothing in the chain's data (a token's name, a revert reason) can end the element or open a
 * comment in it. How many answers it holds is on it (data-answers), for tools and tests.
 */
export function stateBlock(screen: FirstScreen): string {
  const json = JSON.stringify(screen.state()).replace(/</g, '\\u003c')
  const answers = screen.answers === undefined ? '' : ` ${firstScreenAnswersAttribute}="${screen.answers}"`
  return `<script type="application/json" id="${firstScreenStateElementId}"${answers}>${json}</script>`
}
