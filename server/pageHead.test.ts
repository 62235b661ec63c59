import { describe, expect, it } from 'vitest'
import type { PreloadTable } from '../contract/pageAssets.ts'
import { routePages } from '../src/routePages.ts'
import { chunksForPath, composeHead, stylesheetCached, stylesheetCookie, type LoadedAssets } from './pageHead.ts'

// The table as the build writes it, with each route's "files" standing for the route itself.
const table: PreloadTable = routePages.map(({ path: route }) => [route, [route]] as const)

describe('the page preloads of a URL', () => {
  // Which route React Router's rules (static parts case-insensitive, a trailing slash ignored, the most specific
  // route first, '*' for the rest) pick for each path.
  it.each([
    ['/', ''],
    ['/blocks', 'blocks'],
    ['/BLOCKS', 'blocks'],
    ['/block/5', 'block/:id'],
    ['/block/0x4ba3/', 'block/:id'],
    ['/block/5/receipts', 'block/:id/receipts'],
    ['/block/5/tx/0', 'block/:id/tx/:index'],
    ['/tx/0x' + 'ab'.repeat(32), 'tx/:hash'],
    ['/uncle/9515350/0', 'uncle/:id/:index'],
    ['/address/0x0000000000000000000000000000000000000001', 'address/:address'],
    ['/l2b/pending', 'l2b/pending'],
    ['/l2b/other', '*'],
    ['/no-such-page', '*'],
    ['/block/5/nothing/else', '*'],
  ])('%s opens the route %s', (pathname, route) => {
    expect(chunksForPath(table, pathname)).toEqual([route])
  })

  it('has nothing to preload from an empty table', () => {
    expect(chunksForPath([], '/block/1')).toEqual([])
  })
})

const html = '<!doctype html>\n<html lang="en">\n<head><!--chainglass:config--><!--chainglass:preload--><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="stylesheet" crossorigin href="/assets/index.css"></head>'
const assets: LoadedAssets = {
  stylesheets: [{ tag: '<link rel="stylesheet" crossorigin href="/assets/index.css">', href: '/assets/index.css' }],
  routes: [['block/:id', ['/assets/BlockPage.js', '/assets/shared.js']], ['*', ['/assets/NotFound.js']]],
  css: 'html{color:red}.a::after{content:"</style><script>"}',
}

describe("the head the app server sends", () => {
  it('carries the theme chosen in the cookie as the class on <html>, and nothing for "system"', () => {
    expect(composeHead(html, { pathname: '/', theme: 'dark', assets: null })).toContain('<html lang="en" class="dark">')
    expect(composeHead(html, { pathname: '/', theme: 'light', assets: null })).toContain('<html lang="en" class="light">')
    expect(composeHead(html, { pathname: '/', theme: 'system', assets: null })).toContain('<html lang="en">\n')
  })

  it('prefetches the chunks of the page the URL opens at the marker, as the app prefetches its own (compiled after the paint)', () => {
    const head = composeHead(html, { pathname: '/block/7', theme: 'system', assets })
    expect(head).toContain('<link rel="prefetch" as="script" crossorigin href="/assets/BlockPage.js">\n    <link rel="prefetch" as="script" crossorigin href="/assets/shared.js">')
    expect(head).not.toContain('modulepreload')
    expect(head).not.toContain('<!--chainglass:preload-->')
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">')
  })

  it('puts the stylesheet in the page under the nonce when asked, in place of its link, with no way to end the element', () => {
    const head = composeHead(html, { pathname: '/block/7', theme: 'system', assets, inlineStyleNonce: 'n0nce' })
    expect(head).not.toContain('rel="stylesheet"')
    expect(head).toContain('<style nonce="n0nce">html{color:red}.a::after{content:"<\\/style><script>"}</style>\n    <link rel="prefetch" crossorigin href="/assets/index.css"></head>')
    expect(head.match(/<\/style/g)).toHaveLength(1)
  })

  it('links the stylesheet, not inline, for a browser whose cookie says it has this build\'s sheet cached', () => {
    const cookie = stylesheetCookie(assets)
    expect(cookie).toBe('chainglass-style=index.css; Path=/; Max-Age=31536000; SameSite=Lax')
    const sent = `a=1; ${cookie.split(';')[0]}`
    expect(stylesheetCached(assets, sent)).toBe(true)
    expect(stylesheetCached(assets, 'chainglass-style=index-old.css')).toBe(false)
    expect(stylesheetCached(null, sent)).toBe(false)
    const head = composeHead(html, { pathname: '/block/7', theme: 'system', assets, inlineStyleNonce: 'n0nce', stylesheetCached: true })
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">')
    expect(head).not.toContain('<style')
  })
})
