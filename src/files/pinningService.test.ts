import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestFiles, testSecret, type TestFiles } from '../../server/files/testing.ts'
import { createPinningClient, PinningServiceError } from './pinningService.ts'
import { endpointUrl, parsePinningService } from './pinningServices.ts'

/** The panel's Pinning Service API client against the file store's own implementation of the API. */

let files: TestFiles

beforeAll(async () => {
  files = await startTestFiles()
})

afterAll(async () => {
  await files?.close()
})

const client = (token = testSecret) => createPinningClient({ url: files.url('/pinning'), token })

describe('the Pinning Service API client', () => {
  it('adds a pin (queued at first), lists it in every status with its name, and removes it', async () => {
    const added = await files.addOne('for the browser client\n', 'pin=false')
    const pin = await client().add({ cid: added.Hash, name: 'browser.txt' })
    expect(pin).toMatchObject({ cid: added.Hash, name: 'browser.txt', status: 'queued' })
    expect(pin.delegates.length).toBeGreaterThan(0)
    await expect.poll(async () => (await client().list(['queued', 'pinning', 'pinned', 'failed'])).pins.find((item) => item.requestid === pin.requestid)?.status).toBe('pinned')
    const listed = await client().list(['pinned'])
    expect(listed.count).toBe(listed.pins.length)
    expect(listed.pins.find((item) => item.requestid === pin.requestid)).toMatchObject({ cid: added.Hash, name: 'browser.txt', created: pin.created })
    await client().remove(pin.requestid)
    expect((await client().list(['queued', 'pinning', 'pinned', 'failed'])).pins.map((item) => item.requestid)).not.toContain(pin.requestid)
  })

  it('says a wrong token was refused, with the service’s reason and words, and never the token', async () => {
    const refused = await client('a-wrong-token-3c9e').list(['pinned']).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(PinningServiceError)
    const error = refused as PinningServiceError
    expect(error).toMatchObject({ kind: 'http', call: 'list', status: 401, reason: 'UNAUTHORIZED' })
    expect(error.details).toContain('Access token is missing or invalid')
    expect(error.title).toBe('The pinning service refused the access token')
    expect(`${error.message} ${error.details} ${error.hint}`).not.toContain('a-wrong-token-3c9e')
  })

  it('passes on a refusal of the request itself (a CID that is not one) as the service said it', async () => {
    const refused = await client().add({ cid: 'not-a-cid' }).catch((error: unknown) => error)
    expect(refused).toMatchObject({ kind: 'http', call: 'add', status: 400, reason: 'BAD_REQUEST', details: expect.stringContaining('not a CID') })
    const missing = await client().remove('no-such-request').catch((error: unknown) => error)
    expect(missing).toMatchObject({ kind: 'http', call: 'remove', status: 404, reason: 'NOT_FOUND' })
  })

  it('tells an endpoint that answers in another shape (the RPC) from one that does not answer', async () => {
    const rpc = await createPinningClient({ url: files.url('/api/v0'), token: testSecret }).list(['pinned']).catch((error: unknown) => error)
    expect(rpc).toMatchObject({ kind: 'http', status: 405, reason: null })
    // A port nothing listens on: taken from the OS, then let go.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as net.AddressInfo
        server.close(() => resolve(free))
      })
    })
    const silent = await createPinningClient({ url: `http://127.0.0.1:${port}/pinning`, token: testSecret }).list(['pinned']).catch((error: unknown) => error)
    expect(silent).toMatchObject({ kind: 'unreachable', title: 'The pinning service cannot be reached' })
  })
})

describe('a pinning service as the user enters it', () => {
  it('keeps the endpoint without /pins or a trailing slash, as pinning services’ settings take it', () => {
    const parsed = parsePinningService({ id: '1', name: ' Mine ', endpoint: 'https://pin.example/api/v1/pins/', token: 'abc' })
    expect(parsed).toEqual({ ok: true, service: { id: '1', name: 'Mine', endpoint: 'https://pin.example/api/v1', token: 'abc' } })
  })

  it('names the field that is wrong', () => {
    expect(parsePinningService({ id: '1', name: '', endpoint: 'https://pin.example', token: '' })).toMatchObject({ ok: false, field: 'name' })
    expect(parsePinningService({ id: '1', name: 'x', endpoint: 'pin.example', token: '' })).toMatchObject({ ok: false, field: 'endpoint' })
    expect(parsePinningService({ id: '1', name: 'x', endpoint: 'https://pin.example', token: 'two words' })).toMatchObject({ ok: false, field: 'token' })
  })

  it('reads a path as this page’s origin: the store’s own service through the app server', () => {
    expect(endpointUrl({ endpoint: '/files/devnet/pinning' }, 'http://127.0.0.1:5173/files?cid=x')).toBe('http://127.0.0.1:5173/files/devnet/pinning')
    expect(endpointUrl({ endpoint: 'https://pin.example/api' }, 'http://127.0.0.1:5173/')).toBe('https://pin.example/api')
  })
})
