import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, isKuboError, multipartChunks, patternBytes, rawRequest, startTestFiles, type Reply, type TestFiles } from './testing.ts'

const maxUploadBytes = 1024 * 1024
let files: TestFiles
const internalErrors: string[] = []

beforeAll(async () => {
  files = await startTestFiles({ maxUploadBytes, log: (line) => internalErrors.push(line) })
})
afterAll(async () => {
  await files?.close()
})

const expectError = (reply: Reply, status: number, message?: RegExp) => {
  expect(reply.status, reply.text).toBe(status)
  expect(isKuboError(reply), reply.text).toBe(true)
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
  if (message) expect((reply.json as { Message: string }).Message).toMatch(message)
}

describe('client mistakes are 400 with Kubo\'s error shape (Code 1)', () => {
  it.each([
    ['a malformed CID to cat', '/api/v0/cat?arg=not-a-cid', /invalid path "not-a-cid"/],
    ['a malformed CID to pin/add', '/api/v0/pin/add?arg=Qm123', /invalid path "Qm123"/],
    ['a malformed CID to pin/rm', '/api/v0/pin/rm?arg=bafy!!', /invalid path/],
    ['a non-ipfs path', '/api/v0/cat?arg=/ipns/example.com', /only \/ipfs\/ paths/],
    ['cat without arg', '/api/v0/cat', /argument "ipfs-path" is required/],
    ['pin/add without arg', '/api/v0/pin/add', /argument "ipfs-path" is required/],
    ['pin/rm without arg', '/api/v0/pin/rm', /argument "ipfs-path" is required/],
    ['a negative offset', '/api/v0/cat?arg=QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o&offset=-1', /negative offset/],
    ['a length that is not a number', '/api/v0/cat?arg=QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o&length=ten', /int64/],
    ['an unknown pin type', '/api/v0/pin/ls?type=sideways', /invalid type 'sideways'/],
  ])('%s', async (_label, pathAndQuery, message) => {
    const reply = await files.post(pathAndQuery)
    expectError(reply, 400, message)
    expect((reply.json as { Code: number }).Code).toBe(1)
  })

  it.each([
    ['no file in the form', () => {
      const form = new FormData()
      form.append('note', 'a text field, not a file')
      return form
    }, /file argument was nil/],
    ['a body that is not multipart', () => 'just text', /multipart\/form-data/],
    ['no body at all', () => undefined, /multipart\/form-data/],
  ])('add with %s', async (_label, body, message) => {
    expectError(await files.post('/api/v0/add', { body: body() }), 400, message)
  })

  it.each([
    ['cid-version=9', /unknown CID version/],
    ['chunker=size-0', /greater than 0/],
    ['chunker=size-2000000', /maximum chunk size of 1048576/],
    ['chunker=rabin', /not supported/],
    ['trickle=true', /option "trickle" is not supported/],
    ['hash=blake2b-256', /not supported/],
    ['pin=maybe', /could not convert value "maybe" to type "bool"/],
  ])('add with %s', async (query, message) => {
    expectError((await files.add([{ name: 'x.txt', content: 'x' }], query)) as Reply, 400, message)
  })
})

describe('other failures', () => {
  it('cat of a CID that is not stored is a prompt 404, never a wait', async () => {
    const started = Date.now()
    const reply = await files.cat('QmY4HSz1oVGdUzb8poVYPLsoqBZjH6LZrtgnme9wWn2Qko')
    expect(Date.now() - started).toBeLessThan(1000)
    expectError(reply, 404, /not found locally/)
  })

  // Kubo's RPC takes POST only, and says so before it looks at the command or the credentials.
  const rpcPaths = ['add', 'cat?arg=QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', 'pin/add', 'pin/rm', 'pin/ls', 'repo/gc', 'version', 'no/such/command']
  it.each(rpcPaths)('every method but POST on /api/v0/%s is 405 with Allow: POST, with or without credentials', async (rpcPath) => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
      for (const authorization of [basicAuth(), '']) {
        const reply = await files.post(`/api/v0/${rpcPath}`, { method, headers: { authorization } })
        const context = `${method} /api/v0/${rpcPath} ${authorization ? 'with' : 'without'} credentials`
        expect(reply.status, context).toBe(405)
        expect(reply.headers.get('allow'), context).toBe('POST')
        if (method !== 'HEAD') expectError(reply, 405, /takes POST only/)
      }
    }
  })

  it('an unknown command is 404 and names the ones that exist', async () => {
    expectError(await files.post('/api/v0/object/get?arg=x'), 404, /pin\/add/)
  })

  it('an upload declared over maxUploadBytes is 413 before its body is read', async () => {
    const boundary = 'too-large'
    const result = await rawRequest(files.port, {
      path: '/api/v0/add',
      headers: { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 50 * maxUploadBytes },
      // Only a little is sent: the answer must not wait for the rest.
      chunks: multipartChunks(boundary, 'big.bin', [patternBytes(1000)]),
      cutAfterChunks: 2,
      cutWhenAnswerHas: 'larger than',
    })
    expect(result.status).toBe(413)
    expect(JSON.parse(result.text)).toEqual({ Message: `upload is larger than the limit of ${maxUploadBytes} bytes`, Code: 1, Type: 'error' })
  })

  it('a chunked upload that grows past maxUploadBytes is 413 when it crosses the line, and nothing is pinned', async () => {
    const before = (await files.post('/api/v0/pin/ls')).json
    const boundary = 'too-large-chunked'
    const pieces = Array.from({ length: 40 }, (_, index) => patternBytes(64 * 1024, index + 1))
    const result = await rawRequest(files.port, {
      path: '/api/v0/add',
      headers: { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      chunks: multipartChunks(boundary, 'big.bin', pieces),
    })
    expect(result.status).toBe(413)
    expect(JSON.parse(result.text)).toMatchObject({ Type: 'error', Code: 1 })
    expect((await files.post('/api/v0/pin/ls')).json).toEqual(before)
  })

  it('with progress=true, an upload that crosses the limit ends its stream with an error line and the X-Stream-Error trailer', async () => {
    const boundary = 'too-large-streaming'
    const pieces = Array.from({ length: 40 }, (_, index) => patternBytes(64 * 1024, index + 100))
    const result = await rawRequest(files.port, {
      path: '/api/v0/add?progress=true',
      headers: { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      chunks: multipartChunks(boundary, 'big.bin', pieces),
    })
    // Progress had started, so the status was already 200.
    expect(result.status).toBe(200)
    const lines = result.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines[0]).toHaveProperty('Bytes')
    expect(lines.some((line) => 'Hash' in line)).toBe(false)
    expect(lines.at(-1)).toEqual({ Message: `upload is larger than the limit of ${maxUploadBytes} bytes`, Code: 1, Type: 'error' })
    expect(result.trailers['x-stream-error']).toBe(`upload is larger than the limit of ${maxUploadBytes} bytes`)
  })

  it('an upload just under the limit goes through', async () => {
    const reply = await files.add([{ name: 'fits.bin', content: patternBytes(maxUploadBytes - 4096) }])
    expect(reply.status).toBe(200)
  })

  it('never answers with a stack trace, and logs no internal error for any of the above', async () => {
    const replies = await Promise.all([
      files.post('/api/v0/cat?arg=%E0%A4%A'),
      files.post('/api/v0/add', { body: 'x', headers: { 'content-type': 'multipart/form-data; boundary=' } }),
      files.post('/api/v0/add', { body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', headers: { 'content-type': 'multipart/form-data; boundary=b' } }),
    ])
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400)
      expect(reply.status).toBeLessThan(500)
      expect(isKuboError(reply), reply.text).toBe(true)
    }
    expect(internalErrors).toEqual([])
  })
})
