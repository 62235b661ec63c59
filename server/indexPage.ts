import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { randomBytes } from 'node:crypto'
import { PassThrough, type Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import negotiate from '@fastify/accept-negotiator'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { configElementId, configMarker } from '../contract/pageConfig.ts'
import { themeFromCookies } from '../contract/theme.ts'
import { stateBlock, streamedPage, type FirstScreenRender } from './firstScreen.ts'
import { publicRuntimeConfig } from './browserConfig.ts'
import { chunksForPath, composeHead, loadPageAssets, stylesheetCached, stylesheetCookieToSet, type LoadedAssets } from './pageHead.ts'

/**
 * index.html with the runtime config in it, as a JSON data block the page's entry takes out of the page
 * (src/boot/pageBlocks.ts): the app then starts without a /config.json round trip. A `type="application/json"`
 * script is data, never run, so the Content-Security-Policy (script-src 'self') needs no exception for it.
 * Always the browser's form of the config (browserConfig.ts): no key or secret goes into a page.
 */
export function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  // `<` escaped, so no value can close the element or open a comment in it: the block is JSON and nothing else.
  const json = JSON.stringify(publicRuntimeConfig(config)).replace(/</g, '\\u003c')
  return html.replace(configMarker, () => `<script type="application/json" id="${configElementId}">${json}</script>`)
}

export type Encoding = 'br' | 'gzip' | null

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  // Content-coding names are case-insensitive; the negotiator compares them as written.
  return negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip'])
}

/** The request as the page's head depends on it (pageHead.ts): the path it opens and its cookies. */
export type PageRequest = { url: string; acceptEncoding?: string; cookie?: string }

const pathnameOf = (url: string) => new URL(url, 'http://page').pathname

/** The build's index.html and page assets, read again when index.html changes (a rebuild under a running server). */
function builtPage<T>(dist: string, made: (html: string, assets: LoadedAssets | null) => T): () => T {
  const file = path.join(dist, 'index.html')
  let built: { stamp: string; value: T } | null = null
  return () => {
    const stat = fs.statSync(file)
    const stamp = `${stat.mtimeMs}:${stat.size}`
    if (built?.stamp !== stamp) built = { stamp, value: made(fs.readFileSync(file, 'utf8'), loadPageAssets(dist)) }
    return built.value
  }
}

type Bodies = Record<'br' | 'gzip' | 'identity', Buffer>

/**
 * Serves dist/index.html with the config, the theme and the page's preloads: made once per build, config, theme
 * and route (all rarely change), compressed once per encoding (a few KB; brotli's strongest setting costs a few
 * ms once).
 */
export function createIndexPage(dist: string, runtime: () => RuntimeConfig): (request: PageRequest) => { body: Buffer; encoding: Encoding; setCookie?: string } {
  const page = builtPage(dist, (html, assets) => ({ html, assets, bodies: new Map<string, Bodies>() }))
  let configStamp = ''
  return (request) => {
    const built = page()
    const config = runtime()
    const stamp = JSON.stringify(config)
    if (stamp !== configStamp) built.bodies.clear()
    configStamp = stamp
    const pathname = pathnameOf(request.url)
    const theme = themeFromCookies(request.cookie)
    const key = `${theme} ${built.assets ? chunksForPath(built.assets.routes, pathname).join(' ') : ''}`
    let bodies = built.bodies.get(key)
    if (!bodies) {
      const identity = Buffer.from(withRuntimeConfig(composeHead(built.html, { pathname, theme, assets: built.assets }), config))
      bodies = {
        identity,
        br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }),
        gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
      }
      built.bodies.set(key, bodies)
    }
    const encoding = pickEncoding(request.acceptEncoding)
    // This page links the stylesheet: from now on it is in this browser's cache.
    return { body: bodies[encoding ?? 'identity'], encoding, setCookie: stylesheetCookieToSet(built.assets, request.cookie) }
  }
}

/**
 * How long a page's render, and then its markup's stream, may take before the page goes on without it (the
 * plain page, or the markup so far without its data: the app renders the page itself). Far past the data's
 * deadline (firstScreen.ts dataDeadlineMs): only a render that would never end meets it, and the page must end.
 */
export const renderLimitMs = 10_000

/** `promise`, or a rejection once `ms` have passed without it settling. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the render did not finish within ${ms} ms`)), ms)
  })
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer))
}

/** A page with its first screen, as it is sent: the head at once, the rest once rendered (firstScreen.ts). */
export type FirstScreenResponse = {
  encoding: Encoding
  /** The page's style-src nonce: the rendered screen's sheet of computed values carries it (csp.ts nonceSource). */
  nonce: string
  body: Readable
  /** Server-Timing, known once the rest is rendered: sent as a trailer. */
  serverTiming: Promise<string>
  /** The stylesheet cookie, when this page is the one that puts the stylesheet into the browser's cache (pageHead.ts). */
  setCookie?: string
  /**
   * The page's status (pageData.ts pageStatus: 400 for a malformed id, 404 for what the node has not got), once
   * its data is in; 200 for a page sent without its render.
   */
  status: Promise<number>
}

/**
 * The app's page with its first screen rendered (firstScreen.ts), made per request: its data is live. Null
 * when the page is not one the server renders (known from the URL, before any data is read) or the build
 * lacks the markers: the caller sends the plain page. The head is sent at once; then React's stream of the
 * markup in #root, then the data it was rendered from after #root. Should the render fail (said once per kind
 * of failure on `report`, never with the URL's query, which could name a user's network), the rest is the
 * plain page's and the app renders the page itself. Compressed at a quick setting as a stream, flushed after
 * the head and after the markup: this is per request, not once per build.
 */
export function createFirstScreenPage(
  dist: string,
  runtime: () => RuntimeConfig,
  server: FirstScreenRender,
  report: (message: string) => void = (message) => console.error(message),
  limitMs = renderLimitMs,
): (request: PageRequest) => FirstScreenResponse | null {
  const template = builtPage(dist, (html, assets) => ({ page: streamedPage(html), assets }))
  const reported = new Set<string>()
  const say = (error: unknown) => {
    const message = `app: a page's first screen could not be rendered on the server (the app renders it): ${error instanceof Error ? error.message : String(error)}`
    if (!reported.has(message)) report(message)
    reported.add(message)
  }
  return ({ url, acceptEncoding, cookie }) => {
    const started = performance.now()
    const config = runtime()
    if (!server.accepts(url, config)) return null
    const { page, assets } = template()
    if (!page) return null
    const nonce = randomBytes(16).toString('base64')
    const encoding = pickEncoding(acceptEncoding)
    const source = new PassThrough()
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } })
        : encoding === 'gzip'
          ? zlib.createGzip({ level: 6 })
          : null
    const body = compressor ? source.pipe(compressor) : source
    // Out now, not when the compressor's window fills.
    const flush = () => (compressor ? new Promise<void>((flushed) => compressor.flush(() => flushed())) : Promise.resolve())
    // The stylesheet inline: a round trip less before the first paint, and the response's nonce allows it.
    const cached = stylesheetCached(assets, cookie)
    const head = composeHead(page.head, { pathname: pathnameOf(url), theme: themeFromCookies(cookie), assets, inlineStyleNonce: nonce, stylesheetCached: cached })
    source.write(withRuntimeConfig(head, config))
    void flush()
    let statusKnown!: (status: number) => void
    const status = new Promise<number>((resolve) => (statusKnown = resolve))
    const serverTiming = settledWithin(server.render(url, config, nonce, statusKnown), limitMs)
      .catch((error: unknown) => (say(error), null))
      .then(async (screen) => {
        // A page sent without its render (a failure, past the limit) is the plain page: 200. Told once: the first counts.
        if (!screen) statusKnown(200)
        const composing = performance.now()
        if (!screen) {
          source.end(page.beforeScreen + page.splash + page.beforeState + page.afterState)
        } else {
          source.write(page.beforeScreen)
          // Through a stream of its own, cut off from the page should the render outlast the limit (it must not
          // write into a page that has ended).
          const markup = new PassThrough()
          markup.pipe(source, { end: false })
          const streamed = await settledWithin(screen.pipe(markup), limitMs).then(
            // All of it passed on to the page before the page goes on.
            async () => (markup.end(), await finished(markup), true),
            (error: unknown) => (markup.unpipe(source), markup.destroy(), say(error), false),
          )
          // The screen is painted while its data is made, serialized and sent. A stream that broke off sends
          // no data: without it the app renders the page itself over what arrived, instead of hydrating it.
          await flush()
          await new Promise<void>((written) => setImmediate(written))
          source.end(page.beforeState + (streamed ? stateBlock(screen) : '') + page.afterState)
        }
        const done = performance.now()
        // The whole first (its name is what tests and tools read), then its parts, for a profile from the browser.
        const timings = screen?.timings ? [`data;dur=${screen.timings.dataMs.toFixed(1)}`, `markup;dur=${screen.timings.renderMs.toFixed(1)}`] : []
        return [`render;desc="first screen";dur=${(done - started).toFixed(1)}`, ...timings, `compose;dur=${(done - composing).toFixed(1)}`].join(', ')
      })
    return { encoding, nonce, body, serverTiming, setCookie: stylesheetCookieToSet(assets, cookie), status }
  }
}
