import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { Readable, Writable } from 'node:stream'
import { nonceSource } from './csp.ts'
import { loadConfig } from './config.ts'
import { dataDeadlineMs, loadFirstScreenRenderer, serverRenderFile, stateBlock, streamedPage, type FirstScreen, type FirstScreenRender, type FirstScreenRenderer } from './firstScreen.ts'
import { createFirstScreenPage } from './indexPage.ts'

const template =
  '<head><!--chainglass:config--><script src="/assets/boot.js"></script><script type="module" crossorigin src="/assets/index-a1_B.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/app-d3.css"></head><body><div id="root"><!--chainglass:screen--><div role="status">splash</div><!--/chainglass:screen--></div><!--chainglass:state--><noscript>x</noscript></body>'
const config: RuntimeConfig = {
  defaultNetwork: 'a',
  networks: [{ name: 'a', label: 'A', chainId: '0x1', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: null, key: 'k', secret: 's', kind: 'hosted' }],
}

/** A screen as src/serverRender.tsx returns it, with `html` as its markup (written in two pieces, as a stream is). */
function screenOf(html: string, state: unknown | (() => unknown), extra: Partial<FirstScreen> = {}): FirstScreen {
  return {
    pipe: async (destination: Writable) => {
      destination.write(html.slice(0, html.length >> 1))
      await new Promise((next) => setImmediate(next))
      destination.write(html.slice(html.length >> 1))
    },
    state: typeof state === 'function' ? (state as () => unknown) : () => state,
    ...extra,
  }
}

describe('streamedPage', () => {
  it('cuts index.html at its markers: the head to </head> (the config\'s marker kept), #root\'s splash, the place after #root for the data', () => {
    const page = streamedPage(template)!
    expect(page.head.endsWith('</head>')).toBe(true)
    expect(page.head).toContain('<!--chainglass:config-->')
    // The app's code is in the head as the build put it: it loads while the server waits for the node.
    expect(page.head).toContain('<script type="module" crossorigin src="/assets/index-a1_B.js"></script>')
    expect(page.beforeScreen).toBe('<body><div id="root">')
    expect(page.splash).toBe('<!--chainglass:screen--><div role="status">splash</div><!--/chainglass:screen-->')
    expect(page.beforeState).toBe('</div>')
    expect(page.afterState).toBe('<noscript>x</noscript></body>')
    expect(Object.values(page).join('')).toBe(template.replace('<!--chainglass:state-->', ''))
  })

  it('leaves a page without the markers to be sent as it is (null)', () => {
    expect(streamedPage('<head><!--chainglass:config--></head><div id="root"></div>')).toBeNull()
    expect(streamedPage('<head></head><div id="root"><!--chainglass:screen--><!--/chainglass:screen--></div><!--chainglass:state-->')).toBeNull()
    expect(streamedPage('<head><!--chainglass:config--></head><div id="root"><!--chainglass:screen--><!--/chainglass:screen--></div>')).toBeNull()
  })
})

describe('the data block', () => {
  it('reads back as sent, and says how many answers it holds', () => {
    const state = { state: { queries: [{ queryKey: ['a', 'block', '0x1e'], state: { data: { number: '0x1e' } } }] }, renderedAt: 5 }
    const block = stateBlock(screenOf('', state, { answers: 1 }))
    const json = /^<script type="application\/json" id="chainglass-first-screen" data-answers="1">(.*)<\/script>$/.exec(block)![1]!
    expect(JSON.parse(json)).toEqual(state)
  })

  it('no value from the chain can end the block or open a comment in it (every < escaped), and $ patterns are not expanded', () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $1'
    const block = stateBlock(screenOf('', { text: hostile }))
    expect(block.match(/<\/script>/g)).toHaveLength(1)
    expect(block).not.toContain('<!--')
    const json = /id="chainglass-first-screen">(.*?)<\/script>/.exec(block)![1]!
    expect((JSON.parse(json) as { text: string }).text).toBe(hostile)
  })
})

describe('createFirstScreenPage', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'))
  fs.writeFileSync(path.join(dist, 'index.html'), template)
  const accepts = (url: string) => url.startsWith('/block/')
  const server = (render: FirstScreenRenderer): FirstScreenRender => ({ accepts, render })
  const text = async (body: Readable) => Buffer.concat(await body.toArray()).toString()

  it('sends the head before the page\'s data is read, then the markup in #root, then the data after #root', async () => {
    let resolve!: (screen: FirstScreen) => void
    const page = createFirstScreenPage(dist, () => config, server(() => new Promise((done) => (resolve = done))))
    const response = page({ url: '/block/5' })!
    const first = String((await response.body[Symbol.asyncIterator]().next()).value)
    expect(first).toContain('id="chainglass-config"')
    expect(first).toContain('</head>')
    expect(first).not.toContain('<body>')
    resolve(screenOf('<p>Block 5</p>', { state: { queries: [] }, renderedAt: 1 }, { answers: 0 }))
    const rest = await text(response.body)
    expect(rest).toMatch(/^<body><div id="root"><p>Block 5<\/p><\/div><script type="application\/json" id="chainglass-first-screen" data-answers="0">\{.*\}<\/script><noscript>x<\/noscript><\/body>$/)
    expect(rest).not.toContain('splash')
  })

  it('a render that never ends, or a markup stream that never ends, does not hold the page: past the limit it ends without the data, said once', async () => {
    const said: string[] = []
    const never = createFirstScreenPage(dist, () => config, server(() => new Promise<FirstScreen>(() => {})), (message) => said.push(message), 50)
    const plain = await text(never({ url: '/block/5' })!.body)
    expect(plain).toContain('<div role="status">splash</div>')
    expect(plain).not.toContain('chainglass-first-screen')
    const stalled: FirstScreen = { pipe: (destination) => (destination.write('<p>Block'), new Promise<void>(() => {})), state: () => ({}) }
    const cut = await text(createFirstScreenPage(dist, () => config, server(async () => stalled), (message) => said.push(message), 50)({ url: '/block/5' })!.body)
    expect(cut).toContain('<div id="root"><p>Block')
    expect(cut).not.toContain('chainglass-first-screen')
    expect(cut).toMatch(/<\/body>$/)
    // Each page's server says it (once: the same failure again is not repeated).
    expect(said).toEqual([expect.stringContaining('did not finish within 50 ms'), expect.stringContaining('did not finish within 50 ms')])
  })

  it('the markup leaves before the data is made: when the data function is called, the body has sent the markup', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const sent: Buffer[] = []
      let sentWhenMade = ''
      const asText = (bytes: Buffer) =>
        encoding === 'br'
          ? zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }).toString()
          : encoding === 'gzip'
            ? zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString()
            : bytes.toString()
      const page = createFirstScreenPage(dist, () => config, server(async () => screenOf('<p>Block 5</p>', () => ((sentWhenMade = asText(Buffer.concat(sent))), { queries: [] }))))
      const response = page({ url: '/block/5', acceptEncoding: encoding })!
      response.body.on('data', (chunk: Buffer) => sent.push(chunk))
      await new Promise((ended) => response.body.on('end', ended))
      expect(sentWhenMade).toContain('<div id="root"><p>Block 5</p>')
      expect(sentWhenMade).not.toContain('chainglass-first-screen')
      expect(asText(Buffer.concat(sent))).toContain('id="chainglass-first-screen"')
    }
  })

  it('compressed as asked; the render is given the nonce the policy gets, a new one per response', async () => {
    const nonces: string[] = []
    const page = createFirstScreenPage(dist, () => config, server(async (_url, _config, nonce) => (nonces.push(nonce), screenOf(`<style nonce="${nonce}">x</style><p>Block 5</p>`, {}))))
    const response = page({ url: '/block/5', acceptEncoding: 'gzip, br' })!
    expect(response.encoding).toBe('br')
    expect(response.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const html = zlib.brotliDecompressSync(Buffer.concat(await response.body.toArray())).toString()
    expect(html).toContain('id="chainglass-config"')
    expect(html).toContain(`<style nonce="${response.nonce}">x</style><p>Block 5</p>`)
    expect(nonces).toEqual([response.nonce])
    expect(page({ url: '/block/5', acceptEncoding: 'gzip' })!.nonce).not.toBe(response.nonce)
    expect(nonceSource('AbC+/9==')).toBe("'nonce-AbC+/9=='")
  })

  it('says where the time went (Server-Timing, a trailer): the whole first, then the render\'s data and markup, and composing', async () => {
    const page = createFirstScreenPage(dist, () => config, server(async () => screenOf('<p>Block 5</p>', {}, { timings: { dataMs: 12.34, renderMs: 5.6 } })))
    const response = page({ url: '/block/5', acceptEncoding: 'gzip' })!
    await response.body.toArray()
    const entries = (await response.serverTiming).split(', ')
    expect(entries.map((entry) => entry.split(';')[0])).toEqual(['render', 'data', 'markup', 'compose'])
    expect(entries[0]).toMatch(/^render;desc="first screen";dur=\d+\.\d$/)
    expect(entries.slice(1, 3)).toEqual(['data;dur=12.3', 'markup;dur=5.6'])
  })

  it('a page the server does not render is null (the plain page is sent); a render that fails ends as the plain page, said once, without the URL', async () => {
    const said: string[] = []
    expect(createFirstScreenPage(dist, () => config, server(async () => null))({ url: '/' })).toBeNull()
    const failing = createFirstScreenPage(dist, () => config, server(() => Promise.reject(new Error('boom'))), (message) => said.push(message))
    for (const url of ['/block/5?network=mine', '/block/6']) {
      const html = await text(failing({ url })!.body)
      expect(html).toContain('<div id="root"><!--chainglass:screen--><div role="status">splash</div><!--/chainglass:screen--></div>')
      expect(html).not.toContain('chainglass-first-screen')
    }
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('boom')
    expect(said[0]).not.toContain('mine')
  })

  it('a stream that breaks off sends no data block: the app then renders the page itself instead of hydrating what arrived', async () => {
    const said: string[] = []
    const broken: FirstScreen = {
      pipe: async (destination) => {
        destination.write('<p>Blo')
        throw new Error('stream broke')
      },
      state: () => ({}),
    }
    const html = await text(createFirstScreenPage(dist, () => config, server(async () => broken), (message) => said.push(message))({ url: '/block/7' })!.body)
    expect(html).toContain('<div id="root"><p>Blo</div>')
    expect(html).not.toContain('chainglass-first-screen')
    expect(said[0]).toContain('stream broke')
  })

  it('no server render built: none loaded', async () => {
    expect(await loadFirstScreenRenderer(path.join(dist, 'nothing-here'))).toBeNull()
  })

  it('the render is given the deadline the service was configured with (CHAINGLASS_FIRST_SCREEN_DEADLINE_MS), else the default', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-render-'))
    // A render module that answers with the deadline it was given, as the page's html.
    fs.writeFileSync(
      path.join(dir, serverRenderFile),
      'export const rendersFirstScreen = () => true\nexport const renderFirstScreen = async (_url, _config, options) => ({ deadline: options.dataDeadlineMs, nonce: options.nonce })\n',
    )
    expect(await (await loadFirstScreenRenderer(dir, 5000))!.render('/block/1', config, 'n1')).toEqual({ deadline: 5000, nonce: 'n1' })
    expect(await (await loadFirstScreenRenderer(dir))!.render('/block/1', config, 'n2')).toEqual({ deadline: dataDeadlineMs, nonce: 'n2' })
    expect(loadConfig({ CHAINGLASS_FIRST_SCREEN_DEADLINE_MS: '5000' }).firstScreenDeadlineMs).toBe(5000)
    expect(loadConfig({}).firstScreenDeadlineMs).toBe(dataDeadlineMs)
    expect(() => loadConfig({ CHAINGLASS_FIRST_SCREEN_DEADLINE_MS: '0' })).toThrow('CHAINGLASS_FIRST_SCREEN_DEADLINE_MS must be a number >= 1')
  })
})
