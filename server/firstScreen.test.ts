import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import type { Readable } from 'node:stream'
import { nonceSource } from './csp.ts'
import { loadConfig } from './config.ts'
import { dataDeadlineMs, loadFirstScreenRenderer, moveStylesToSheet, serverRenderFile, streamedPage, type FirstScreen, type FirstScreenRender, type FirstScreenRenderer, type StreamedPage } from './firstScreen.ts'
import { createFirstScreenPage } from './indexPage.ts'

const template = '<head><!--chainglass:config--><script src="/assets/boot.js"></script><script type="module" crossorigin src="/assets/index-a1_B.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/app-c2.js">\n<link rel="stylesheet" crossorigin href="/assets/app-d3.css"></head><body><div id="root"><!--chainglass:screen--><div role="status">splash</div><!--/chainglass:screen--></div></body>'
const config: RuntimeConfig = {
  defaultNetwork: 'a',
  networks: [{ name: 'a', label: 'A', chainId: '0x1', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: null, key: 'k', secret: 's', kind: 'hosted' }],
}

/** The page as the browser gets it: the head, then the rest. */
const whole = (page: StreamedPage, screen: FirstScreen | null, nonce = 'n0nce') => page.head + page.rest(screen, nonce).map((part) => part()).join('')

describe('streamedPage', () => {
  it('the head goes first, to </head>: the stylesheet and the boot script in it, the config\'s marker kept for withRuntimeConfig', () => {
    const page = streamedPage(template)!
    expect(page.head.endsWith('</head>')).toBe(true)
    expect(page.head).toContain('<link rel="stylesheet" crossorigin href="/assets/app-d3.css">')
    expect(page.head).toContain('<script src="/assets/boot.js"></script>')
    expect(page.head).toContain('<!--chainglass:config-->')
  })

  it('the app\'s code is named, not loaded: the boot script preloads it and starts the entry from a data block (before it) once the screen is painted', () => {
    const { head } = streamedPage(template)!
    expect(head).not.toContain('<script type="module"')
    expect(head).not.toContain('modulepreload')
    const entry = /<script type="application\/json" id="chainglass-entry">(.*?)<\/script><script src="\/assets\/boot.js">/.exec(head)![1]!
    expect(JSON.parse(entry)).toEqual({ entry: '/assets/index-a1_B.js', preloads: ['/assets/app-c2.js'] })
  })

  it('the rest puts the markup, inert, in place of the splash, then its data in a part of its own, where it reads back as sent', () => {
    const state = { queries: [{ queryKey: ['a', 'block', '0x1e'], state: { data: { number: '0x1e' } } }] }
    const parts = streamedPage(template)!.rest({ html: '<main>Block 30</main>', state }, 'n0nce').map((part) => part())
    expect(parts).toHaveLength(2)
    expect(parts[0]).toBe('<body><div id="root"><div inert data-first-screen><main>Block 30</main></div>')
    expect(parts[1]).toMatch(/^<script type="application\/json" id="chainglass-first-screen">.*<\/script><\/div><\/body>$/)
    const html = whole(streamedPage(template)!, { html: '<main>Block 30</main>', state })
    expect(html).not.toContain('splash')
    const json = /<script type="application\/json" id="chainglass-first-screen">(.*?)<\/script>/.exec(html)![1]!
    expect(JSON.parse(json)).toEqual(state)
  })

  it('data given as a function is made only when its part is: after the markup\'s part', () => {
    const state = { queries: [{ queryKey: ['a', 'block', '0x1e'], state: { data: { number: '0x1e' } } }] }
    const made: string[] = []
    const [markup, data] = streamedPage(template)!.rest({ html: '<main>Block 30</main>', state: () => (made.push('data'), state) }, 'n0nce')
    expect(markup!()).toContain('<main>Block 30</main>')
    expect(made).toEqual([])
    const json = /id="chainglass-first-screen">(.*?)<\/script>/.exec(data!())![1]!
    expect(made).toEqual(['data'])
    expect(JSON.parse(json)).toEqual(state)
  })

  it('the data block says how many answers it holds, so the boot script knows when to ask for the page\'s data itself', () => {
    const page = streamedPage(template)!
    const empty = whole(page, { html: '<main>Block 30</main>', state: { queries: [] }, answers: 0 })
    expect(empty).toMatch(/<script type="application\/json" id="chainglass-first-screen" data-answers="0">/)
    const two = whole(page, { html: '<main>Block 30</main>', state: { queries: [] }, answers: 2 })
    expect(two).toMatch(/<script type="application\/json" id="chainglass-first-screen" data-answers="2">/)
  })

  it('without a screen (the render failed) the rest is the plain page\'s: the splash, for the app to replace', () => {
    const page = streamedPage(template)!
    expect(page.rest(null, 'n0nce').map((part) => part())).toEqual([template.slice(template.indexOf('</head>') + '</head>'.length)])
  })

  it('no value from the chain can end the data block (every < escaped), and $ patterns are not expanded', () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $1'
    const html = whole(streamedPage(template)!, { html: '', state: { text: hostile } })
    // The boot script's, the entry block's and the data block's own.
    expect(html.match(/<\/script>/g)).toHaveLength(3)
    const json = /id="chainglass-first-screen">(.*?)<\/script>/.exec(html)![1]!
    expect((JSON.parse(json) as { text: string }).text).toBe(hostile)
  })

  it('leaves a page without the markers to be sent as it is (null)', () => {
    expect(streamedPage('<head><!--chainglass:config--></head><div id="root"></div>')).toBeNull()
    expect(streamedPage('<head></head><div id="root"><!--chainglass:screen--><!--/chainglass:screen--></div>')).toBeNull()
  })
})

describe('style attributes of a rendered page', () => {
  it('move into one sheet, a rule per distinct value as the DOM has it (React escapes &, <, >, " and \' in attributes)', () => {
    const moved = moveStylesToSheet('<div style="width:11%"></div><tr style="height:31px"></tr><b style="width:11%"></b><i style="font-family:&quot;A&amp;B&quot;"></i><p data-style="x"></p>')
    expect(moved.html).toBe('<div data-first-screen-style="0"></div><tr data-first-screen-style="1"></tr><b data-first-screen-style="0"></b><i data-first-screen-style="2"></i><p data-style="x"></p>')
    expect(moved.sheet).toBe('[data-first-screen-style="0"]{width:11%}[data-first-screen-style="1"]{height:31px}[data-first-screen-style="2"]{font-family:"A&B"}')
  })

  it('a value that could leave its rule is dropped, not copied', () => {
    for (const hostile of ['}body{display:none', '</style><script>', 'background:url(x)\\7d', '@import url(x)']) {
      const moved = moveStylesToSheet(`<div style="${hostile.replace(/"/g, '&quot;').replace(/</g, '&lt;')}">x</div>`)
      expect(moved).toEqual({ html: '<div>x</div>', sheet: '' })
    }
  })

  it('the sheet carries the response\'s nonce (its text is not known when the policy is sent), and no style attribute is left', () => {
    const html = whole(streamedPage(template)!, { html: '<div style="width:11%"></div>', state: {} }, 'AbC+/9==')
    expect(html).toContain('<style nonce="AbC+/9==">[data-first-screen-style="0"]{width:11%}</style>')
    expect(html).not.toContain(' style=')
    expect(nonceSource('AbC+/9==')).toBe("'nonce-AbC+/9=='")
  })
})

describe('createFirstScreenPage', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'))
  fs.writeFileSync(path.join(dist, 'index.html'), template)
  const accepts = (url: string) => url.startsWith('/block/')
  const server = (render: FirstScreenRenderer): FirstScreenRender => ({ accepts, render })
  const text = async (body: Readable) => Buffer.concat(await body.toArray()).toString()

  it('sends the head before the page\'s data is read, then the rest once rendered', async () => {
    let resolve!: (screen: FirstScreen) => void
    const page = createFirstScreenPage(dist, () => config, server(() => new Promise((done) => (resolve = done))))
    const response = page('/block/5', undefined)!
    const first = String((await response.body[Symbol.asyncIterator]().next()).value)
    expect(first).toContain('id="chainglass-config"')
    expect(first).toContain('</head>')
    expect(first).not.toContain('<body>')
    resolve({ html: '<p>Block 5</p>', state: { queries: [] } })
    expect(await text(response.body)).toContain('<div inert data-first-screen><p>Block 5</p></div>')
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
      const page = createFirstScreenPage(dist, () => config, server(async () => ({ html: '<p>Block 5</p>', state: () => ((sentWhenMade = asText(Buffer.concat(sent))), { queries: [] }) })))
      const response = page('/block/5', encoding)!
      response.body.on('data', (chunk: Buffer) => sent.push(chunk))
      await new Promise((ended) => response.body.on('end', ended))
      expect(sentWhenMade).toContain('<div inert data-first-screen><p>Block 5</p></div>')
      expect(sentWhenMade).not.toContain('chainglass-first-screen')
      expect(asText(Buffer.concat(sent))).toContain('id="chainglass-first-screen"')
    }
  })

  it('compressed as asked, flushed after the head; its sheet carries the nonce the policy gets', async () => {
    const page = createFirstScreenPage(dist, () => config, server(async () => ({ html: '<p style="width:5%">Block 5</p>', state: { queries: [] } })))
    const response = page('/block/5', 'gzip, br')!
    expect(response.encoding).toBe('br')
    expect(response.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    const html = zlib.brotliDecompressSync(Buffer.concat(await response.body.toArray())).toString()
    expect(html).toContain('id="chainglass-config"')
    expect(html).toContain('<p data-first-screen-style="0">Block 5</p>')
    expect(html).toContain(`<style nonce="${response.nonce}">[data-first-screen-style="0"]{width:5%}</style>`)
    expect(page('/block/5', 'gzip')!.nonce).not.toBe(response.nonce)
  })

  it('says where the time went (Server-Timing, a trailer): the whole first, then the render\'s data and markup, and composing', async () => {
    const page = createFirstScreenPage(dist, () => config, server(async () => ({ html: '<p>Block 5</p>', state: { queries: [] }, timings: { dataMs: 12.34, renderMs: 5.6 } })))
    const response = page('/block/5', 'gzip')!
    await response.body.toArray()
    const entries = (await response.serverTiming).split(', ')
    expect(entries.map((entry) => entry.split(';')[0])).toEqual(['render', 'data', 'markup', 'compose'])
    expect(entries[0]).toMatch(/^render;desc="first screen";dur=\d+\.\d$/)
    expect(entries.slice(1, 3)).toEqual(['data;dur=12.3', 'markup;dur=5.6'])
  })

  it('a page the server does not render is null (the plain page is sent); a render that fails ends as the plain page, said once, without the URL', async () => {
    const said: string[] = []
    expect(createFirstScreenPage(dist, () => config, server(async () => null))('/', undefined)).toBeNull()
    const failing = createFirstScreenPage(dist, () => config, server(() => Promise.reject(new Error('boom'))), (message) => said.push(message))
    for (const url of ['/block/5?network=mine', '/block/6']) {
      const html = await text(failing(url, undefined)!.body)
      expect(html).toContain('<div role="status">splash</div>')
      expect(html).not.toContain('data-first-screen')
    }
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('boom')
    expect(said[0]).not.toContain('mine')
  })

  it('no server render built: none loaded', async () => {
    expect(await loadFirstScreenRenderer(path.join(dist, 'nothing-here'))).toBeNull()
  })

  it('the render is given the deadline the service was configured with (CHAINGLASS_FIRST_SCREEN_DEADLINE_MS), else the default', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-render-'))
    // A render module that answers with the deadline it was given, as the page's html.
    fs.writeFileSync(
      path.join(dir, serverRenderFile),
      'export const rendersFirstScreen = () => true\nexport const renderFirstScreen = async (_url, _config, options) => ({ html: String(options.dataDeadlineMs), state: { mutations: [], queries: [] } })\n',
    )
    expect((await (await loadFirstScreenRenderer(dir, 5000))!.render('/block/1', config))?.html).toBe('5000')
    expect((await (await loadFirstScreenRenderer(dir))!.render('/block/1', config))?.html).toBe(String(dataDeadlineMs))
    expect(loadConfig({ CHAINGLASS_FIRST_SCREEN_DEADLINE_MS: '5000' }).firstScreenDeadlineMs).toBe(5000)
    expect(loadConfig({}).firstScreenDeadlineMs).toBe(dataDeadlineMs)
    expect(() => loadConfig({ CHAINGLASS_FIRST_SCREEN_DEADLINE_MS: '0' })).toThrow('CHAINGLASS_FIRST_SCREEN_DEADLINE_MS must be a number >= 1')
  })
})
