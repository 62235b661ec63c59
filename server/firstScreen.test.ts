import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'
import { styleSheetSource } from './csp.ts'
import { loadFirstScreenRenderer, moveStylesToSheet, withFirstScreen } from './firstScreen.ts'
import { createFirstScreenPage } from './indexPage.ts'

const template = '<head><!--chainglass:config--><script src="/assets/boot.js"></script><script type="module" crossorigin src="/assets/index-a1_B.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/app-c2.js">\n<link rel="stylesheet" crossorigin href="/assets/app-d3.css"></head><body><div id="root"><!--chainglass:screen--><div role="status">splash</div><!--/chainglass:screen--></div></body>'
const config: RuntimeConfig = {
  defaultNetwork: 'a',
  networks: [{ name: 'a', label: 'A', chainId: '0x1', rpcBase: 'http://127.0.0.1:1', wsBase: 'ws://127.0.0.1:1', ipfsUrl: null, key: 'k', secret: 's', kind: 'hosted' }],
}

describe('withFirstScreen', () => {
  it('puts the markup in place of the splash and the data before the boot script, where it reads back as sent', () => {
    const state = { queries: [{ queryKey: ['a', 'block', '0x1e'], state: { data: { number: '0x1e' } } }] }
    const { page } = withFirstScreen(template, { html: '<main>Block 30</main>', state })!
    expect(page).toContain('<div id="root"><div inert data-first-screen><main>Block 30</main></div></div>')
    expect(page).not.toContain('splash')
    const json = /<script type="application\/json" id="chainglass-first-screen">(.*?)<\/script>/.exec(page)![1]!
    expect(JSON.parse(json)).toEqual(state)
    expect(page.indexOf('id="chainglass-first-screen"')).toBeLessThan(page.indexOf('src="/assets/boot.js"'))
    // The config's marker is still there for withRuntimeConfig.
    expect(page).toContain('<!--chainglass:config-->')
  })

  it('the app\'s code is named, not loaded: the boot script preloads it and starts the entry from a data block once the screen is painted; the stylesheet stays', () => {
    const { page } = withFirstScreen(template, { html: '<main>Block 30</main>', state: {} })!
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('modulepreload')
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/app-d3.css">')
    const entry = /<script type="application\/json" id="chainglass-entry">(.*?)<\/script><script src="\/assets\/boot.js">/.exec(page)![1]!
    expect(JSON.parse(entry)).toEqual({ entry: '/assets/index-a1_B.js', preloads: ['/assets/app-c2.js'] })
  })

  it('no value from the chain can end the data block (every < escaped), and $ patterns are not expanded', () => {
    const hostile = '</script><script>alert(1)</script><!-- $& $1'
    const { page } = withFirstScreen(template, { html: '', state: { text: hostile } })!
    expect(page.match(/<\/script>/g)).toHaveLength(3)
    const json = /id="chainglass-first-screen">(.*?)<\/script>/.exec(page)![1]!
    expect((JSON.parse(json) as { text: string }).text).toBe(hostile)
  })

  it('leaves a page without the markers to be sent as it is (null)', () => {
    expect(withFirstScreen('<head><!--chainglass:config--></head><div id="root"></div>', { html: 'x', state: {} })).toBeNull()
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

  it('the sheet is allowed by its SHA-256 hash (CSP: base64 of the digest of the element\'s text), and the page carries it', () => {
    expect(styleSheetSource('[data-first-screen-style="0"]{width:11%}')).toBe(`'sha256-${createHash('sha256').update('[data-first-screen-style="0"]{width:11%}', 'utf8').digest('base64')}'`)
    const { page, sheet } = withFirstScreen(template, { html: '<div style="width:11%"></div>', state: {} })!
    expect(page).toContain(`<style>${sheet}</style>`)
    expect(page).not.toContain(' style=')
  })
})

describe('createFirstScreenPage', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'))
  fs.writeFileSync(path.join(dist, 'index.html'), template)

  it('sends the rendered page with the config and its style attributes, compressed as asked', async () => {
    const page = createFirstScreenPage(dist, () => config, async () => ({ html: '<p style="width:5%">Block 5</p>', state: { queries: [] } }))
    const rendered = (await page('/block/5', 'gzip, br'))!
    expect(rendered.encoding).toBe('br')
    const html = zlib.brotliDecompressSync(rendered.body).toString()
    expect(html).toContain('id="chainglass-config"')
    expect(html).toContain('<p data-first-screen-style="0">Block 5</p>')
    expect(rendered.sheet).toBe('[data-first-screen-style="0"]{width:5%}')
  })

  it('says where the time went (Server-Timing): the whole first, then the render\'s data and markup, composing and compressing', async () => {
    const page = createFirstScreenPage(dist, () => config, async () => ({ html: '<p>Block 5</p>', state: { queries: [] }, timings: { dataMs: 12.34, renderMs: 5.6 } }))
    const { serverTiming, renderMs } = (await page('/block/5', 'gzip'))!
    const entries = serverTiming.split(', ')
    expect(entries.map((entry) => entry.split(';')[0])).toEqual(['render', 'data', 'markup', 'compose', 'compress'])
    expect(entries[0]).toBe(`render;desc="first screen";dur=${renderMs.toFixed(1)}`)
    expect(entries.slice(1, 3)).toEqual(['data;dur=12.3', 'markup;dur=5.6'])
  })

  it('a page the server does not render, or a render that fails, is null (the plain page is sent); a failure is said once, without the URL', async () => {
    const said: string[] = []
    expect(await createFirstScreenPage(dist, () => config, async () => null)('/', undefined)).toBeNull()
    const failing = createFirstScreenPage(dist, () => config, () => Promise.reject(new Error('boom')), (message) => said.push(message))
    expect(await failing('/block/5?network=mine', undefined)).toBeNull()
    expect(await failing('/block/6', undefined)).toBeNull()
    expect(said).toHaveLength(1)
    expect(said[0]).toContain('boom')
    expect(said[0]).not.toContain('mine')
  })

  it('no server render built: none loaded', async () => {
    expect(await loadFirstScreenRenderer(path.join(dist, 'nothing-here'))).toBeNull()
  })
})
