import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { basicAuth, startTestFiles, testKey, testSecret, type TestFiles } from './testing.ts'

/**
 * Fuzzing the file service in the gateway's spirit: generated requests of every kind — endpoints real and
 * not, garbage CIDs and options, broken multipart, bad credentials — must each get an answer below 500,
 * Kubo-shaped when it is an error, and leave the service working.
 */
let files: TestFiles
beforeAll(async () => {
  files = await startTestFiles({ maxUploadBytes: 64 * 1024 })
})
afterAll(async () => {
  await files?.close()
})

const endpoints = fc.constantFrom('/api/v0/add', '/api/v0/cat', '/api/v0/pin/add', '/api/v0/pin/rm', '/api/v0/pin/ls', '/api/v0/version', '/api/v0/nope', '/api/v1/add', '/', '/api/v0/cat/../../etc/passwd')
const cidish = fc.oneof(
  fc.constantFrom('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', 'bafkqaaa', 'Qm', '', '/ipfs/QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', 'zzz'),
  fc.string({ maxLength: 80 }),
  fc.string({ minLength: 1000, maxLength: 5000 }),
)
const query = fc.record(
  {
    arg: fc.array(cidish, { maxLength: 3 }),
    'cid-version': fc.constantFrom('0', '1', '2', '-1', 'x'),
    'raw-leaves': fc.constantFrom('true', 'false', 'maybe'),
    pin: fc.constantFrom('true', 'false', '1'),
    chunker: fc.constantFrom('size-262144', 'size-0', 'size-99999999999', 'rabin', 'size-x'),
    offset: fc.constantFrom('0', '-5', '999999999999', 'x'),
    length: fc.constantFrom('0', '-1', '10', 'x'),
    hash: fc.constantFrom('sha2-256', 'blake3', 'md5'),
  },
  { requiredKeys: [] },
)
const auth = fc.oneof(
  { weight: 6, arbitrary: fc.constant(basicAuth()) },
  { weight: 1, arbitrary: fc.constantFrom('', 'Basic', 'Basic !!!', 'Bearer x', basicAuth(testKey.toUpperCase(), testSecret), basicAuth(testKey, testSecret + 'x'), basicAuth(testKey + ':', testSecret)) },
)
const body = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => new Uint8Array(bytes)),
  fc.string({ maxLength: 500 }),
  fc.tuple(fc.string({ maxLength: 30 }), fc.uint8Array({ maxLength: 500 })).map(([boundaryTail, bytes]) => `--x${boundaryTail}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n${Buffer.from(bytes).toString('latin1')}`),
)
const request = fc.record({
  endpoint: endpoints,
  query,
  auth,
  body,
  contentType: fc.constantFrom('multipart/form-data; boundary=x', 'multipart/form-data', 'application/octet-stream', 'text/plain', ''),
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT'),
})

function toQuery(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) for (const item of Array.isArray(value) ? value : [value]) search.append(key, item)
  const text = search.toString()
  return text ? `?${text}` : ''
}

describe('fuzzing the file service (2,000 generated requests)', () => {
  it('answers everything below 500, errors in Kubo shape, and keeps working', async () => {
    const samples = fc.sample(request, { numRuns: 2000, seed: 20261122 })
    const statuses = new Map<number, number>()
    for (let start = 0; start < samples.length; start += 20) {
      await Promise.all(
        samples.slice(start, start + 20).map(async (sample) => {
          const reply = await files.post(sample.endpoint + toQuery(sample.query as Record<string, string | string[]>), {
            method: sample.method,
            headers: { authorization: sample.auth, 'content-type': sample.contentType },
            body: sample.method === 'GET' ? undefined : sample.body,
          })
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1)
          const what = `${sample.method} ${sample.endpoint} → ${reply.status}: ${reply.text.slice(0, 200)}`
          expect(reply.status, what).toBeLessThan(500)
          if (reply.status >= 400) {
            expect(reply.json, what).toMatchObject({ Type: 'error' })
            const error = reply.json as { Message: unknown; Code: unknown }
            expect(typeof error.Message, what).toBe('string')
            expect(Number.isInteger(error.Code), what).toBe(true)
            expect(reply.text, what).not.toMatch(/at \w+ \(|node:internal|<html/i)
          }
        }),
      )
    }
    // Afterwards the service still adds and reads back, byte for byte.
    const added = await files.addOne('hello world\n')
    expect(added.Hash).toBe('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o') // Kubo's published CID for these 12 bytes
    expect((await files.cat(added.Hash)).text).toBe('hello world\n')
    // The generator reached every kind of answer: successes, client errors, refused credentials.
    for (const status of [200, 400, 401, 404]) expect(statuses.get(status) ?? 0, `answers with status ${status}`).toBeGreaterThan(0)
  })
})
