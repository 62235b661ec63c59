import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestFiles, type TestFiles } from './testing.ts'
import { sniffContentType } from './routes/gateway.ts'

/**
 * The store's read-only path gateway (GET /ipfs/<cid>[/path]) on the real file service: the bytes as added,
 * the content type by name or by the first bytes, a directory's index.html or its listing, every answer
 * sandboxed, no credentials needed, nothing fetched from elsewhere.
 */
let files: TestFiles

beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

const get = (path: string) => fetch(files.url(path))

describe('GET /ipfs/<cid>[/path]', () => {
  it('a file: its bytes as added, text sniffed, sandboxed, with no credentials', async () => {
    const added = await files.addOne('hello world\n')
    // The brief's vector: Kubo's CID for these bytes.
    expect(added.Hash).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')
    const response = await get(`/ipfs/${added.Hash}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('hello world\n')
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe('sandbox')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toBe(`"${added.Hash}"`)
  })

  it('a folder: index.html served (sandboxed), a named file by its extension, a folder without index listed', async () => {
    const reply = await files.add(
      [
        { name: 'site/index.html', content: '<!doctype html><title>t</title><script>document.title = "ran"</script><p>hello</p>' },
        { name: 'site/data/a.json', content: '{"a":1}' },
        { name: 'site/data/<b>.txt', content: 'b' },
      ],
      'wrap-with-directory=false',
    )
    expect(reply.status, reply.text).toBe(200)
    const root = reply.lines.find((line) => line.Name === 'site')!.Hash as string
    const page = await get(`/ipfs/${root}/`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe('sandbox')
    expect(await page.text()).toContain('<p>hello</p>')
    const json = await get(`/ipfs/${root}/data/a.json`)
    expect(json.headers.get('content-type')).toBe('application/json')
    expect(await json.text()).toBe('{"a":1}')
    const listing = await (await get(`/ipfs/${root}/data`)).text()
    expect(listing).toContain('a.json')
    // Names are the uploader's: escaped in the listing, never markup.
    expect(listing).toContain('&#60;b&#62;.txt')
    expect(listing).not.toContain('<b>')
  })

  it('what the store does not hold is 404 at once; a malformed CID 400', async () => {
    const missing = await get('/ipfs/QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn/nothing')
    expect(missing.status).toBe(404)
    const unknown = await get('/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy')
    expect(unknown.status).toBe(404)
    expect((await get('/ipfs/not-a-cid')).status).toBe(400)
  })

  it('the RPC still wants its credentials', async () => {
    const response = await fetch(files.url('/api/v0/version'), { method: 'POST' })
    expect(response.status).toBe(401)
  })
})

describe('sniffContentType', () => {
  it('knows images and PDF by their magic bytes, UTF-8 text, and calls the rest octet-stream', () => {
    expect(sniffContentType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('image/png')
    expect(sniffContentType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffContentType(new TextEncoder().encode('%PDF-1.7'))).toBe('application/pdf')
    expect(sniffContentType(new TextEncoder().encode('héllo\n'))).toBe('text/plain; charset=utf-8')
    expect(sniffContentType(Uint8Array.from([0x00, 0x01, 0x02]))).toBe('application/octet-stream')
    expect(sniffContentType(Uint8Array.from([0xc3, 0x28]))).toBe('application/octet-stream')
  })
})
