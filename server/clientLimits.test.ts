import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localRuntimeConfig, startAppServer } from './appServer.ts'
import { clientLimits } from './clientLimits.ts'
import { loadConfig } from './config.ts'
import { startTestService, type TestService } from './testing/service.ts'

/**
 * Slow and silent clients on every port (clientLimits.ts), against the real gateway, file store and app server,
 * with the limits shortened by their settings (CHAINGLASS_SLOW_CLIENT_MS, CHAINGLASS_PEER_TIMEOUT_MS) so each
 * is met in well under a second. The keep-alive limit is the fixed one (5 s).
 */
const slowClientMs = 600
const peerTimeoutMs = 600
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-limits-dist-'))
let service: TestService
const ports = { gateway: 0, files: 0, app: 0 }
let closeApp: () => Promise<void>

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><!--chainglass:config--><div id="root"></div>')
  service = await startTestService({ CHAINGLASS_SLOW_CLIENT_MS: String(slowClientMs), CHAINGLASS_PEER_TIMEOUT_MS: String(peerTimeoutMs) })
  const runtime = () => localRuntimeConfig(service.config, { rpc: service.gateway.port, files: service.files.port })
  const app = await startAppServer(0, runtime, dist, { limits: clientLimits(service.config) })
  Object.assign(ports, { gateway: service.gateway.port, files: service.files.port, app: app.port })
  closeApp = () => app.app.close()
})
afterAll(async () => {
  await closeApp?.()
  await service?.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const parts = ['gateway', 'files', 'app'] as const

/** A raw connection: what it was sent back, and when the server closed it (ms after connecting). */
function rawClient(port: number): { socket: net.Socket; closed: Promise<{ afterMs: number; received: string }> } {
  const started = performance.now()
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  socket.on('data', (chunk) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) => socket.on('close', () => resolve({ afterMs: performance.now() - started, received })))
  return { socket, closed }
}

/** A request that must be answered while slow clients hold connections: a call, a version, a page. */
async function servesMeanwhile(part: (typeof parts)[number]): Promise<number> {
  const base = `http://127.0.0.1:${ports[part]}`
  if (part === 'gateway') return (await fetch(`${base}/v3/${service.config.key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })).status
  if (part === 'files') return (await fetch(`${base}/api/v0/version`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${service.config.key}:${service.config.secret}`).toString('base64')}` } })).status
  return (await fetch(`${base}/config.json`)).status
}

describe('the limits', () => {
  it('by default: the head within 10 s, an idle keep-alive connection 5 s, a silent WebSocket peer 30 s (issue 41)', () => {
    const limits = clientLimits(loadConfig({}))
    expect(limits.headMs).toBeLessThanOrEqual(10_000)
    expect(limits.keepAliveMs).toBeLessThanOrEqual(5_000)
    expect(limits.peerTimeoutMs).toBeLessThanOrEqual(30_000)
    expect(limits.bodyMinBytesPerSecond).toBeGreaterThan(0)
  })
})

describe('slow and silent clients are let go on every port, and the port keeps serving', () => {
  for (const part of parts) {
    it(`${part}: half a request head, a silent connection and a trickled body are closed at their limits`, async () => {
      const halfHead = rawClient(ports[part])
      halfHead.socket.write('POST /v3/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: appl')
      const silent = rawClient(ports[part])
      const trickled = rawClient(ports[part])
      // A request the port takes (the right key, the right credentials), so it waits for the body.
      const authorization = `Basic ${Buffer.from(`${service.config.key}:${service.config.secret}`).toString('base64')}`
      const target =
        part === 'files'
          ? `/api/v0/add HTTP/1.1\r\nAuthorization: ${authorization}\r\nContent-Type: multipart/form-data; boundary=b`
          : `${part === 'gateway' ? `/v3/${service.config.key}` : '/rpc/devnet'} HTTP/1.1\r\nContent-Type: application/json`
      trickled.socket.write(`POST ${target}\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n`)
      // One byte every 50 ms: 20 bytes a second, far under the minimum rate.
      const trickle = setInterval(() => trickled.socket.writable && trickled.socket.write('x'), 50)
      // Twenty more half heads beside them: the port still answers a real client at once.
      const crowd = Array.from({ length: 20 }, () => rawClient(ports[part]))
      for (const held of crowd) held.socket.write('GET / HTTP/1.1\r\n')
      expect(await servesMeanwhile(part)).toBe(200)

      const [head, quiet, body] = await Promise.all([halfHead.closed, silent.closed, trickled.closed])
      clearInterval(trickle)
      await Promise.all(crowd.map((held) => held.closed))
      // Closed once the limit has passed, and well before a multiple of it (Node checks every headMs / 4).
      expect(head.afterMs).toBeGreaterThanOrEqual(slowClientMs * 0.9)
      expect(head.afterMs).toBeLessThan(slowClientMs * 4)
      expect(head.received).toMatch(/^HTTP\/1\.1 408 /)
      expect(quiet.afterMs).toBeLessThan(slowClientMs * 4)
      expect(body.afterMs).toBeGreaterThanOrEqual(slowClientMs * 0.9)
      expect(body.afterMs).toBeLessThan(slowClientMs * 4)
      expect(body.received).toMatch(/^HTTP\/1\.1 408 /)
      expect(await servesMeanwhile(part)).toBe(200)
    })

  }

  it('every port: an idle keep-alive connection is closed after 5 s, as its answer says', async () => {
    const idle = async (part: (typeof parts)[number]) => {
      const client = rawClient(ports[part])
      const request =
        part === 'gateway'
          ? `POST /v3/${service.config.key} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`
          : `GET /${part === 'app' ? 'config.json' : 'api/v0/version'} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`
      client.socket.write(request)
      return client.closed
    }
    for (const { afterMs, received } of await Promise.all(parts.map(idle))) {
      expect(received).toMatch(/\r\nKeep-Alive: timeout=5\r\n/i)
      expect(afterMs).toBeGreaterThanOrEqual(4_500)
      expect(afterMs).toBeLessThan(7_000)
    }
  }, 10_000)

  for (const part of ['gateway', 'app'] as const) {
    it(`${part}: a WebSocket peer that answers no ping is closed within the limit`, async () => {
      const url = part === 'gateway' ? `ws://127.0.0.1:${ports.gateway}/ws/v3/${service.config.key}` : `ws://127.0.0.1:${ports.app}/rpc/devnet`
      const started = performance.now()
      // A peer that has gone without a word: it never answers a ping.
      const dead = new WebSocket(url, { autoPong: false })
      const alive = new WebSocket(url)
      await Promise.all([dead, alive].map((socket) => new Promise((resolve) => socket.once('open', resolve))))
      const closedAfter = await new Promise<number>((resolve) => dead.once('close', () => resolve(performance.now() - started)))
      expect(closedAfter).toBeLessThan(peerTimeoutMs * 2)
      // One that answers stays.
      expect(alive.readyState).toBe(WebSocket.OPEN)
      alive.close()
    })
  }
})
