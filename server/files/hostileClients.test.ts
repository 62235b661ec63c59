import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawClient } from '../testing/rawClient.ts'
import { basicAuth, blockFilesOnDisk, leftoverFiles, patternBytes, startTestFiles, type TestFiles } from './testing.ts'

/**
 * Clients of the file store that misbehave at the socket level (a body cut in the middle of
 * a part, a reset while a 413 is drained or while cat streams, chunked bodies with broken sizes, bytes that are
 * not HTTP, forms whose parts are malformed). Each is an 'error' on some socket or stream (the request, busboy
 * and its file streams, the block writes, the exporter); one without a listener stops the process. After each
 * batch the store must answer, an add must round-trip, and at the end the disk holds exactly the blocks of
 * the adds that finished: every cut-off add cleaned up after itself.
 */
const KiB = 1024
const MiB = 1024 * KiB
const limit = 4 * MiB
let files: TestFiles
const logged: string[] = []
let uncaught = 0
const countUncaught = () => void uncaught++

/** A stored file large enough that cat streams it over many writes (a reset lands mid-stream). */
const large = patternBytes(3 * MiB, 501)
/** The one file the faults add whole: its blocks are stored before the faults, so finishing it again adds none. */
const finished = patternBytes(300 * KiB, 502)
/** Added after each batch and read back. */
const roundTrip = patternBytes(40 * KiB, 503)
let largeCid = ''
let finishedCid = ''
let baseline = new Set<string>()

beforeAll(async () => {
  files = await startTestFiles({ maxUploadBytes: limit, log: (line) => logged.push(line) })
  largeCid = (await files.addOne(large, '', 'large.bin')).Hash
  finishedCid = (await files.addOne(finished, 'pin=false', 'finished.bin')).Hash
  await files.addOne(roundTrip, '', 'round-trip.bin')
  baseline = blockFilesOnDisk(files.dataDir)
  process.on('uncaughtException', countUncaught)
})
afterAll(async () => {
  process.off('uncaughtException', countUncaught)
  await files?.close()
})

const boundary = 'hostile-boundary'
const partHead = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
const form = (content: Buffer) => Buffer.concat([Buffer.from(partHead('f.bin')), content, Buffer.from(`\r\n--${boundary}--\r\n`)])
const request = (path: string, length: number | 'chunked' | null, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${basicAuth()}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
  `${length === 'chunked' ? 'Transfer-Encoding: chunked\r\n' : length === null ? '' : `Content-Length: ${length}\r\n`}${extra}\r\n`

type Fault = { kind: string; write: (port: number) => Promise<void> }

const faults: Array<(size: number, pause: number, seed: number) => Fault> = [
  // Adds cut in the middle of the file, with or without progress lines going out.
  (size, pause, seed) => ({
    kind: 'add reset mid-body',
    write: (port) => {
      const body = form(patternBytes(size, seed))
      return rawClient(port, [request('/api/v0/add', body.length), body.subarray(0, Math.floor(body.length / 2))], 'wait-reset', pause)
    },
  }),
  (size, pause, seed) => ({
    kind: 'add with progress reset mid-body',
    write: (port) => {
      const body = form(patternBytes(size, seed))
      return rawClient(port, [request('/api/v0/add?progress=true', body.length), body.subarray(0, Math.floor(body.length * 0.7))], 'wait-reset', pause)
    },
  }),
  // Over the limit: declared (refused before the body) and undeclared (refused when it crosses the line).
  (_size, pause) => ({ kind: 'add declared over the limit, reset while refused', write: (port) => rawClient(port, [request('/api/v0/add', limit * 4), Buffer.alloc(MiB, 0x61)], 'reset', pause) }),
  (_size, pause, seed) => ({
    kind: 'chunked add growing over the limit',
    write: (port) => {
      const chunk = (bytes: Buffer) => Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')])
      const pieces = [chunk(Buffer.from(partHead('big.bin')))]
      for (let sent = 0; sent <= limit; sent += MiB) pieces.push(chunk(patternBytes(MiB, seed + sent)))
      return rawClient(port, [request('/api/v0/add', 'chunked'), ...pieces], 'wait-reset', pause)
    },
  }),
  (size, _pause, seed) => ({ kind: 'add with a broken chunk size', write: (port) => rawClient(port, [request('/api/v0/add', 'chunked'), `zz\r\n${partHead('x')}`, patternBytes(size, seed)], 'end', 1) }),
  // Malformed forms: a part header that never ends, a boundary that is never closed.
  (size, _pause, seed) => ({
    kind: 'add whose part header never ends',
    write: (port) => {
      const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x"\r\nX: `), patternBytes(size, seed)])
      return rawClient(port, [request('/api/v0/add', body.length), body], 'wait-reset', 5)
    },
  }),
  (size, _pause, seed) => ({
    kind: 'add whose form is never closed',
    write: (port) => {
      const body = Buffer.concat([Buffer.from(partHead('open.bin')), patternBytes(size, seed)])
      return rawClient(port, [request('/api/v0/add', body.length), body], 'end', 1)
    },
  }),
  // A whole add of a file already stored, then gone before the answer: the add may finish; no new block either way.
  () => ({ kind: 'whole add, reset awaiting the answer', write: (port) => rawClient(port, [request('/api/v0/add', form(finished).length), form(finished)], 'reset', 0) }),
  // cat streaming a large file, reset while it is read; pin/add walking it, reset before the answer.
  (_size, pause) => ({ kind: 'cat reset mid-stream', write: (port) => rawClient(port, [request(`/api/v0/cat?arg=${largeCid}`, 0)], 'wait-reset', pause) }),
  (_size, pause) => ({ kind: 'cat with offset, reset mid-stream', write: (port) => rawClient(port, [request(`/api/v0/cat?arg=${largeCid}&offset=${MiB + 7}`, 0)], 'wait-reset', pause) }),
  () => ({ kind: 'pin/add reset awaiting the answer', write: (port) => rawClient(port, [request(`/api/v0/pin/add?arg=${finishedCid}`, 0)], 'reset', 0) }),
  () => ({ kind: 'repo/gc reset awaiting the answer', write: (port) => rawClient(port, [request('/api/v0/repo/gc', 0)], 'reset', 0) }),
  // Wrong credentials with a body, cut; not HTTP; headers that never end.
  (size) => ({
    kind: 'wrong credentials, reset mid-body',
    write: (port) => rawClient(port, [request('/api/v0/add', size * 2).replace(basicAuth(), basicAuth('nobody', 'wrong')), Buffer.alloc(size, 0x62)], 'reset', 1),
  }),
  () => ({ kind: 'not HTTP', write: (port) => rawClient(port, ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', Buffer.alloc(2048, 0xff)], 'end', 1) }),
  () => ({ kind: 'headers over 16 KiB', write: (port) => rawClient(port, [`POST /api/v0/add HTTP/1.1\r\nX: ${'a'.repeat(20_000)}\r\n`], 'wait-reset', 5) }),
]

describe('hostile clients of the file store', () => {
  it('no fault stops the store or goes unhandled; cut-off adds leave no block; finished ones read back', async () => {
    const plan = fc.sample(
      fc.tuple(fc.nat(faults.length - 1), fc.integer({ min: 1, max: 2 * MiB }), fc.integer({ min: 0, max: 30 }), fc.nat(1_000_000)),
      { numRuns: 300, seed: 14 },
    )
    const tried = new Map<string, number>()
    for (let start = 0; start < plan.length; start += 10) {
      await Promise.all(
        plan.slice(start, start + 10).map(async ([which, size, pause, seed]) => {
          const fault = faults[which]!(size, pause, seed)
          tried.set(fault.kind, (tried.get(fault.kind) ?? 0) + 1)
          await fault.write(files.port)
        }),
      )
      expect((await files.post('/api/v0/version')).status).toBe(200)
      const added = await files.addOne(roundTrip, '', 'round-trip.bin')
      expect((await files.cat(added.Hash)).bytes.equals(roundTrip)).toBe(true)
    }
    // Every cut-off add has finished its cleanup once no add is under way.
    const deadline = Date.now() + 10_000
    while (leftoverFiles(files.dataDir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(leftoverFiles(files.dataDir)).toEqual([])
    expect([...blockFilesOnDisk(files.dataDir)].sort()).toEqual([...baseline].sort())
    expect((await files.cat(largeCid)).bytes.equals(large)).toBe(true)
    expect((await files.cat(finishedCid)).bytes.equals(finished)).toBe(true)

    expect(uncaught).toBe(0)
    const internal = logged.filter((line) => /internal error|add failed/.test(line))
    expect(internal).toEqual([])
    console.log(`file store hostile clients: ${plan.length} faults, ${[...tried].map(([kind, count]) => `${kind} ${count}`).join(', ')}; uncaught errors ${uncaught}`)
    expect(tried.size).toBe(faults.length)
  })

  it('holds no socket of a client that has gone: the store closes within seconds', async () => {
    const started = Date.now()
    await files.close()
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
