import { describe, expect, it } from 'vitest'
import { criticalPath, jsFiles, kindOf, splitAt, wireBytesByKind, type RequestRecord } from './loadFigures.ts'

const app = 'http://127.0.0.1:19302'
const rpc = 'http://127.0.0.1:19301/v3/key'

/** A request from `start` to `end` (ms, turned into the protocol's seconds), headers 1 ms before the end. */
function request(id: string, url: string, start: number, end: number | undefined, extra: Partial<RequestRecord> = {}): RequestRecord {
  const type = extra.type ?? (url.endsWith('.js') ? 'Script' : 'Other')
  return { id, url, method: 'GET', type, start: start / 1000, ...(end === undefined ? {} : { end: end / 1000, headersAt: (end - 1) / 1000 }), fromCache: false, wireBytes: 100, ...extra }
}
const documentAt = (end: number, extra: Partial<RequestRecord> = {}) => request('doc', `${app}/block/5`, 0, end, { type: 'Document', ...extra })
const post = (start: number) => request('post', rpc, start, start + 20, { method: 'POST', type: 'Fetch' })

describe('criticalPath', () => {
  it('counts the document, then each request asked for after the one before had arrived, up to the data request', () => {
    const records = [documentAt(10), request('entry', `${app}/assets/entry.js`, 11, 30), request('config', `${app}/config.json`, 11, 15), request('chunk', `${app}/assets/page.js`, 31, 50), post(51)]
    expect(criticalPath(records, 'post')).toEqual({ roundTrips: 3, chain: [`${app}/block/5`, `${app}/assets/entry.js`, `${app}/assets/page.js`] })
  })

  it('does not chain a request that started before the previous one had fully arrived (in parallel, not after)', () => {
    // The chunk starts at 29, one ms before the entry's last byte: parallel to it, so it follows the document only.
    const records = [documentAt(10), request('entry', `${app}/assets/entry.js`, 11, 30), request('chunk', `${app}/assets/page.js`, 29, 50), post(51)]
    expect(criticalPath(records, 'post').roundTrips).toBe(2)
  })

  it('leaves out what arrives after the data request left, and whatever came from the cache', () => {
    const records = [
      documentAt(10),
      request('entry', `${app}/assets/entry.js`, 11, 30, { fromCache: true }),
      request('late', `${app}/assets/late.js`, 12, 60),
      request('chunk', `${app}/assets/page.js`, 31, 45, { fromCache: true }),
      post(50),
    ]
    expect(criticalPath(records, 'post')).toEqual({ roundTrips: 1, chain: [`${app}/block/5`] })
  })

  it('finds the longest chain, not the one that starts with the earliest request', () => {
    // a ends first, but only b leads on to c and d.
    const records = [
      documentAt(10),
      request('a', `${app}/a.js`, 11, 12),
      request('b', `${app}/b.js`, 11, 20),
      request('x', `${app}/x.js`, 13, 90),
      request('c', `${app}/c.js`, 21, 30),
      request('d', `${app}/d.js`, 31, 40),
      post(41),
    ]
    expect(criticalPath(records, 'post').chain.map((url) => url.split('/').at(-1))).toEqual(['5', 'a.js', 'c.js', 'd.js'])
    expect(criticalPath(records, 'post').roundTrips).toBe(4)
  })

  it("chains a boot script found while the document still streams in (after its headers), and counts the document when the data leaves before its last byte", () => {
    const boot = request('boot', `${app}/boot.js`, 5, 8)
    const streaming = documentAt(100, { headersAt: 0.004 })
    expect(criticalPath([streaming, boot, post(9)], 'post').roundTrips).toBe(2)
    expect(criticalPath([streaming, post(3)], 'post')).toEqual({ roundTrips: 1, chain: [`${app}/block/5`] })
  })

  it('lets what the parser found in the document follow the document only, however late the parser asked for it', () => {
    const records = [
      documentAt(10),
      request('config', `${app}/config.json`, 11, 15, { fromParser: true }),
      request('preload', `${app}/assets/dep.js`, 16, 30, { fromParser: true }),
      request('chunk', `${app}/assets/page.js`, 31, 40),
      post(41),
    ]
    // Without the rule: document › config.json › dep.js › page.js, four.
    expect(criticalPath(records, 'post').roundTrips).toBe(3)
    expect(criticalPath(records, 'post').chain.at(-1)).toBe(`${app}/assets/page.js`)
  })

  it("takes no CORS preflight as a link of its own, even with the protocol's out-of-order times for it", () => {
    const records = [
      documentAt(10),
      request('sample', 'http://127.0.0.1:19301/sample/a/v3/key', 11, 20, { method: 'POST', type: 'Fetch' }),
      request('preflight', 'http://127.0.0.1:19301/sample/a/v3/key', 22, 21, { method: 'OPTIONS', type: 'Preflight' }),
      post(23),
    ]
    expect(criticalPath(records, 'post').chain).toEqual([`${app}/block/5`, 'http://127.0.0.1:19301/sample/a/v3/key'])
  })

  it('ignores a request that failed or never finished, and one from before the document', () => {
    const records = [request('old', `${app}/old.js`, -50, 5), documentAt(10), request('failed', `${app}/f.js`, 11, undefined), post(30)]
    expect(criticalPath(records, 'post').roundTrips).toBe(1)
  })

  it('throws without a document or without the data request', () => {
    expect(() => criticalPath([post(1)], 'post')).toThrow(/no document/)
    expect(() => criticalPath([documentAt(10)], 'post')).toThrow(/no request post/)
  })
})

describe('bytes and files', () => {
  const records = [
    documentAt(10, { wireBytes: 1300 }),
    request('entry', `${app}/assets/entry.js`, 11, 30, { wireBytes: 80_000 }),
    request('preload', `${app}/assets/dep.js`, 11, 30, { type: 'Other', wireBytes: 5_000 }),
    request('css', `${app}/assets/index.css`, 11, 20, { type: 'Stylesheet', wireBytes: 12_000 }),
    request('config', `${app}/config.json`, 11, 15, { type: 'Fetch', wireBytes: 1_700 }),
    request('preflight', rpc, 40, 41, { method: 'OPTIONS', type: 'Preflight', wireBytes: 316 }),
    post(40),
    request('sample', 'http://127.0.0.1:19301/sample/l2a/v3/key', 42, 50, { method: 'POST', type: 'Fetch', wireBytes: 800 }),
    request('again', `${app}/assets/entry.js?again`, 60, 61, { fromCache: true, wireBytes: 0 }),
  ]

  it('splits the wire bytes into document, JS (by type or by name), CSS, RPC (any network, preflights too) and other', () => {
    expect(wireBytesByKind(records)).toEqual({ document: 1300, js: 85_000, css: 12_000, rpc: 100 + 316 + 800, other: 1_700, total: 1300 + 85_000 + 12_000 + 1216 + 1_700 })
    expect(kindOf({ url: `${app}/tx/0xabc.js`, type: 'Document' })).toBe('document')
    expect(kindOf({ url: `${app}/v3/whatever.js`, type: 'Script' })).toBe('rpc')
    // The app server's proxy to a configured network is JSON-RPC too; its file-store proxy is not.
    expect(kindOf({ url: `${app}/rpc/devnet`, type: 'Fetch' })).toBe('rpc')
    expect(kindOf({ url: `${app}/files/devnet/api/v0/cat`, type: 'Fetch' })).toBe('other')
    expect(kindOf({ url: `${app}/rpc-notes.js`, type: 'Script' })).toBe('js')
  })

  it('lists each JS file once with its gzip size from disk, and its wire bytes where it is not on disk', () => {
    const sizes: Record<string, number> = { '/assets/entry.js': 70_000, '/assets/dep.js': 4_000 }
    const js = jsFiles(records, (path) => sizes[path])
    expect(js.files).toBe(2)
    expect(js.gzip).toBe(74_000)
    expect(js.wire).toBe(85_000)
    expect(jsFiles(records, (path) => (path === '/assets/dep.js' ? undefined : sizes[path])).list).toContainEqual({ path: '/assets/dep.js', gzip: 5_000, estimated: true })
  })

  it('splits a load at the moment the content was painted, by when each request was asked for', () => {
    const { before, after } = splitAt(records, 0.042)
    expect(before.map((record) => record.id)).toEqual(['doc', 'entry', 'preload', 'css', 'config', 'preflight', 'post'])
    expect(after.map((record) => record.id)).toEqual(['sample', 'again'])
  })
})
