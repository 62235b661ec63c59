import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseBasicAuth } from './auth.ts'
import { cleanPartName } from './multipart.ts'
import { startFileService } from './server.ts'
import { basicAuth, isKuboError, startTestFiles, testKey, testSecret, type TestFiles } from './testing.ts'

const appOrigin = 'http://127.0.0.1:5173'
let files: TestFiles
let storedCid: string

beforeAll(async () => {
  files = await startTestFiles({ allowedOrigins: [appOrigin] })
  storedCid = (await files.addOne('secret content that must not leak\n')).Hash
})
afterAll(async () => {
  await files?.close()
})

const b64 = (text: string) => Buffer.from(text).toString('base64')

const refused: Array<[string, Record<string, string>]> = [
  ['no Authorization header', {}],
  ['a wrong user', { authorization: basicAuth('someone-else', testSecret) }],
  ['a wrong password', { authorization: basicAuth(testKey, 'not-the-secret') }],
  ['the key in another case', { authorization: basicAuth(testKey.toUpperCase(), testSecret) }],
  ['the secret in another case', { authorization: basicAuth(testKey, testSecret.toUpperCase()) }],
  ['user and password swapped', { authorization: basicAuth(testSecret, testKey) }],
  ['an empty password', { authorization: basicAuth(testKey, '') }],
  ['the key with a trailing space', { authorization: basicAuth(`${testKey} `, testSecret) }],
  ['a prefix of the key', { authorization: basicAuth(testKey.slice(0, -1), testSecret) }],
  ['the key extended', { authorization: basicAuth(`${testKey}x`, testSecret) }],
  ['a prefix of the secret', { authorization: basicAuth(testKey, testSecret.slice(0, -1)) }],
  ['the secret extended', { authorization: basicAuth(testKey, `${testSecret}x`) }],
  ['key and secret run together as the user', { authorization: basicAuth(`${testKey}${testSecret}`, '') }],
  ['another scheme', { authorization: `Bearer ${b64(`${testKey}:${testSecret}`)}` }],
  ['Basic with nothing after it', { authorization: 'Basic' }],
  ['Basic with an empty value', { authorization: 'Basic ' }],
  ['Basic of an empty user and password', { authorization: `Basic ${b64(':')}` }],
  ['credentials that are not base64', { authorization: 'Basic not*base64!' }],
  ['base64 without a colon', { authorization: `Basic ${b64(`${testKey}${testSecret}`)}` }],
  ['credentials sent in clear', { authorization: `Basic ${testKey}:${testSecret}` }],
  ['two credentials', { authorization: `Basic ${b64(`${testKey}:${testSecret}`)} ${b64(`${testKey}:${testSecret}`)}` }],
]

const endpoints = [
  '/api/v0/add',
  `/api/v0/cat?arg=CID`,
  `/api/v0/pin/add?arg=CID`,
  `/api/v0/pin/rm?arg=CID`,
  '/api/v0/pin/ls',
  '/api/v0/version',
  '/api/v0/no-such-command',
]

describe('HTTP Basic auth: key as user, secret as password', () => {
  it.each(refused)('%s → 401 on every endpoint, with a Basic challenge and Kubo\'s error shape', async (_label, headers) => {
    for (const endpoint of endpoints) {
      const form = new FormData()
      form.append('file', new Blob(['should never be stored']), 'x.txt')
      const reply = await files.post(endpoint.replace('CID', storedCid), {
        headers: { authorization: '', ...headers },
        body: endpoint.endsWith('/add') ? form : undefined,
      })
      expect(reply.status, `${endpoint}: ${reply.text}`).toBe(401)
      expect(reply.headers.get('www-authenticate')).toBe('Basic realm="chainglass files"')
      expect(isKuboError(reply)).toBe(true)
      expect(reply.text).not.toContain('secret content')
    }
  })

  it('lets the right credentials through, whatever the case of the scheme', async () => {
    for (const scheme of ['Basic', 'basic', 'BASIC']) {
      const reply = await files.post(`/api/v0/cat?arg=${storedCid}`, { headers: { authorization: `${scheme} ${b64(`${testKey}:${testSecret}`)}` } })
      expect(reply.status).toBe(200)
      expect(reply.text).toBe('secret content that must not leak\n')
    }
  })

  it('allows a colon inside the secret (only the first colon splits user from password)', () => {
    expect(parseBasicAuth(`Basic ${b64('key:pa:ss')}`)).toEqual({ user: 'key', password: 'pa:ss' })
    expect(parseBasicAuth(undefined)).toBeNull()
    expect(parseBasicAuth(`Basic ${b64('no-colon')}`)).toBeNull()
  })

  it('lets no refused add reach the store: not pinned, and its bytes are not there to cat', async () => {
    const content = `refused upload ${Date.now()}\n`
    const before = (await files.post('/api/v0/pin/ls')).json
    for (const [label, headers] of refused) {
      const form = new FormData()
      form.append('file', new Blob([content]), 'refused.txt')
      const reply = await files.post('/api/v0/add', { headers: { authorization: '', ...headers }, body: form })
      expect(reply.status, label).toBe(401)
    }
    expect((await files.post('/api/v0/pin/ls')).json).toEqual(before)
    const { Hash } = await files.addOne(content, 'only-hash=true&pin=false')
    expect((await files.cat(Hash)).status).toBe(404)
  })

  it('stores nothing from a refused add', async () => {
    const before = (await files.post('/api/v0/pin/ls')).json
    const form = new FormData()
    form.append('file', new Blob(['refused upload']), 'refused.txt')
    expect((await files.post('/api/v0/add', { headers: { authorization: '' }, body: form })).status).toBe(401)
    expect((await files.post('/api/v0/pin/ls')).json).toEqual(before)
  })
})

describe('browsers', () => {
  it('answers the CORS preflight for an allowed origin without credentials, allowing Authorization', async () => {
    const response = await fetch(files.url('/api/v0/add'), {
      method: 'OPTIONS',
      headers: { origin: appOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(appOrigin)
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('exposes Kubo\'s stream headers to the app', async () => {
    const reply = await files.post(`/api/v0/cat?arg=${storedCid}`, { headers: { origin: appOrigin } })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('access-control-allow-origin')).toBe(appOrigin)
    const exposed = (reply.headers.get('access-control-expose-headers') ?? '').split(/,\s*/)
    expect(exposed).toEqual(expect.arrayContaining(['X-Stream-Output', 'X-Chunked-Output', 'X-Content-Length']))
  })

  it('refuses a request from an origin that is not allowed, even with the right credentials (403)', async () => {
    const reply = await files.post(`/api/v0/cat?arg=${storedCid}`, { headers: { origin: 'http://evil.example' } })
    expect(reply.status).toBe(403)
    expect(isKuboError(reply)).toBe(true)
    expect(reply.text).not.toContain('secret content')
  })

  it('reflects any origin when allowedOrigins is true', async () => {
    const open = await startTestFiles({ allowedOrigins: true })
    try {
      const reply = await open.post('/api/v0/version', { headers: { origin: 'http://anywhere.example' } })
      expect(reply.status).toBe(200)
      expect(reply.headers.get('access-control-allow-origin')).toBe('http://anywhere.example')
    } finally {
      await open.close()
    }
  })
})

describe('the service', () => {
  it('answers version in Kubo\'s keys', async () => {
    const reply = await files.post('/api/v0/version')
    expect(Object.keys(reply.json as object).sort()).toEqual(['Commit', 'Golang', 'Repo', 'System', 'Version'])
  })

  it('listens on 127.0.0.1 only', async () => {
    const address = await new Promise<string>((resolve) => {
      const socket = net.connect(files.port, '127.0.0.1', () => {
        resolve(socket.remoteAddress ?? '')
        socket.end()
      })
    })
    expect(address).toBe('127.0.0.1')
  })

  it('fails with EADDRINUSE on a taken port, so the caller can name the setting', async () => {
    const error = await startFileService({ port: files.port, key: 'k', secret: 's', dataDir: files.dataDir }).catch((caught: unknown) => caught)
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE')
    // The running service is unharmed.
    expect((await files.post('/api/v0/version')).status).toBe(200)
  })
})

describe('part names', () => {
  it.each([
    ['plain.txt', 'plain.txt'],
    ['a%20b.txt', 'a b.txt'],
    ['a+b.txt', 'a b.txt'],
    ['/abs/path.txt', 'abs/path.txt'],
    ['../../up.txt', 'up.txt'],
    ['dir/./x/../y.txt', 'dir/y.txt'],
    ['bad%zzescape', 'bad%zzescape'],
    ['', undefined],
    ['/', undefined],
  ])('%s → %s', (raw, cleaned) => {
    expect(cleanPartName(raw)).toBe(cleaned)
  })
})
