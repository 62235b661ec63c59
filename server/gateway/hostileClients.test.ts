import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawClient } from '../testing/rawClient.ts'
import { startTestService, type TestService } from '../testing/service.ts'

/**
 * Clients that misbehave at the socket level, not in their JSON: they cut the connection in the middle of a
 * body, before or while the answer comes, during a WebSocket upgrade or a frame, or send bytes that are not
 * HTTP. Each is a fault Node reports as an 'error' event on some socket; one without a listener stops the
 * process. The service must answer a well-formed request after each, and no error may go unhandled.
 */
const limit = 1024 * 1024
let service: TestService
let uncaught = 0
const countUncaught = () => void uncaught++

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BODY_BYTES: String(limit) })
  process.on('uncaughtException', countUncaught)
})
afterAll(async () => {
  process.off('uncaughtException', countUncaught)
  await service?.close()
})

type Fault = { kind: string; write: (port: number, path: string) => Promise<void> }

const call = (size: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ data: '0x' + 'ab'.repeat(size) }, 'latest'] })
const head = (path: string, length: number | 'chunked', extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`}\r\n${extra}\r\n`

const faults: Array<(size: number, pauseMs: number) => Fault> = [
  // Cut in the middle of a body that fits, or one over the limit (while its 413 is being drained).
  (size) => ({ kind: 'reset mid-body', write: (port, path) => rawClient(port, [head(path, size * 2 + 80), call(size).slice(0, size)], 'reset', 1) }),
  (_size, pause) => ({ kind: 'reset mid-body over the limit', write: (port, path) => rawClient(port, [head(path, limit * 3), Buffer.alloc(limit, 0x61)], 'reset', pause) }),
  // A whole request, then gone before or while the answer is written.
  (size) => ({ kind: 'reset awaiting the answer', write: (port, path) => rawClient(port, [head(path, Buffer.byteLength(call(size))) + call(size)], 'reset', 0) }),
  (size, pause) => ({ kind: 'reset while reading the answer', write: (port, path) => rawClient(port, [head(path, Buffer.byteLength(call(size))) + call(size)], 'wait-reset', pause) }),
  // Chunked bodies cut, or with broken chunk sizes.
  (size) => ({ kind: 'broken chunked body', write: (port, path) => rawClient(port, [head(path, 'chunked'), `zz\r\n${call(size)}\r\n`], 'end', 1) }),
  // A wrong key with a body, cut (its 401 is drained like the 413).
  (size) => ({ kind: 'wrong key, reset mid-body', write: (port) => rawClient(port, [head('/v3/wrong', size * 4), 'x'.repeat(size)], 'reset', 1) }),
  // Not HTTP at all, or headers that never end.
  () => ({ kind: 'not HTTP', write: (port) => rawClient(port, ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03', Buffer.alloc(2048, 0xff)], 'end', 1) }),
  () => ({ kind: 'headers over 16 KiB', write: (port, path) => rawClient(port, [`POST ${path} HTTP/1.1\r\nX: ${'a'.repeat(20_000)}\r\n`], 'wait-reset', 5) }),
  // WebSocket upgrades cut half way, refused ones reset, and a frame cut in the middle.
  () => ({
    kind: 'upgrade then reset',
    write: (port, path) =>
      rawClient(port, [`GET /ws${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`], 'reset', 0),
  }),
  () => ({
    kind: 'refused upgrade, reset while the refusal is written',
    write: (port) =>
      rawClient(port, [`GET /ws/v3/wrong HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`, 'x'.repeat(65_536)], 'reset', 0),
  }),
  (size) => ({
    kind: 'WebSocket frame cut',
    write: (port, path) =>
      rawClient(
        port,
        [
          `GET /ws${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
          // A masked text frame header announcing 64 KiB, then a little of it.
          Buffer.concat([Buffer.from([0x81, 0xfe, 0xff, 0xff, 1, 2, 3, 4]), Buffer.alloc(size, 0x41)]),
        ],
        'reset',
        20,
      ),
  }),
]

describe('hostile clients at the socket level', () => {
  it('no fault stops the service or goes unhandled; a request after each is answered', async () => {
    const port = Number(new URL(service.urls.rpc).port)
    const path = new URL(service.urls.rpc).pathname
    const plan = fc.sample(fc.tuple(fc.nat(faults.length - 1), fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 30 })), { numRuns: 300, seed: 14 })
    const tried = new Map<string, number>()
    for (let start = 0; start < plan.length; start += 10) {
      await Promise.all(
        plan.slice(start, start + 10).map(async ([which, size, pause]) => {
          const fault = faults[which]!(size, pause)
          tried.set(fault.kind, (tried.get(fault.kind) ?? 0) + 1)
          await fault.write(port, path)
        }),
      )
      expect((await service.rpc('eth_chainId')).result).toBe('0x7a69')
    }
    const socket = await service.socket()
    expect((await socket.call('eth_chainId')).result).toBe('0x7a69')
    socket.close()
    expect(uncaught).toBe(0)
    // Figures for the notes: every kind of fault was tried.
    console.log(`hostile clients: ${plan.length} faults, ${[...tried].map(([kind, count]) => `${kind} ${count}`).join(', ')}; uncaught errors ${uncaught}`)
    expect(tried.size).toBe(faults.length)
  })

  it('holds no socket of a client that has gone: the service closes within seconds', async () => {
    const started = Date.now()
    await service.close()
    expect(Date.now() - started).toBeLessThan(10_000)
  })
})
