import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeLoad, runGatewayLoad } from './testing/load.ts'
import { launchService, printedUrl, supervisedTestEnv, type Launched } from './testing/launched.ts'
import { seedCompiledContracts } from './testing/service.ts'
import { soakSeconds } from './testing/soak.ts'

/**
 * `npm run soak`: real clients through the app server's proxy, for CHAINGLASS_SOAK_SECONDS, while hostile and
 * careless ones do what issue 41 found them doing, all at once and again and again: a client flooding the node
 * with batches of 1,000 full blocks, half-sent request heads and trickled bodies on every port, WebSocket
 * clients that never read. The service runs as npm start runs it (the supervisor and a process per part), the
 * clients in this process. Nothing of the real clients' may be lost, every flood batch is answered whole, every
 * slow or unread connection is let go, no part crashes, and each part's memory stays flat. The slow-client
 * limits are shortened (1 s) so each fault is met many times.
 */
const seconds = soakSeconds()
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-soak-'))
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-soak-dist-'))
const controlPort = 20_000 + Math.floor(Math.random() * 20_000)
const heavyBlocks = 40
let run: Launched
const urls = { rpc: '', ws: '', files: '', app: '' }

/** A part's resident memory, from the kernel. */
function rssMiB(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'))!
  return Number(line.replace(/\D+/g, '')) / 1024
}

beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title><!--chainglass:config--><div id="root"></div>')
  await seedCompiledContracts(dataDir)
  run = launchService(supervisedTestEnv(dataDir, dist, { CHAINGLASS_SLOW_CLIENT_MS: '1000', CHAINGLASS_TEST_CONTROL_PORT: String(controlPort) }), ['--app'])
  await run.printed('chainglass ready', { timeoutMs: 90_000 })
  urls.rpc = `${printedUrl(run, 'JSON-RPC HTTP')}/v3/devkey`
  urls.ws = `${printedUrl(run, 'JSON-RPC HTTP').replace('http', 'ws')}/ws/v3/devkey`
  urls.files = printedUrl(run, 'file storage')
  urls.app = printedUrl(run, 'explorer')
  // Heavy blocks for the flood: fifteen transfers each, through the tests' control of the chain.
  for (let block = 0; block < heavyBlocks; block++) {
    const transfers = Array.from({ length: 15 }, (_, index) => ({ from: 1 + (index % 9), to: '0x000000000000000000000000000000000000dEaD', value: '1' }))
    const response = await fetch(`http://127.0.0.1:${controlPort}/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transfers }) })
    expect(response.status).toBe(200)
  }
}, 180_000)
afterAll(async () => {
  if (run && run.child.exitCode === null) {
    run.child.kill('SIGTERM')
    await run.exited
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(dist, { recursive: true, force: true })
})

/** Repeats `fault` until `until`, one at a time; resolves with how many it ran. */
async function again(until: number, fault: () => Promise<void>): Promise<number> {
  let runs = 0
  while (Date.now() < until) {
    await fault()
    runs += 1
  }
  return runs
}

/** A raw connection that sends `text` and waits for the server to close it. */
function heldUntilClosed(port: number, text: string, trickle = false): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text))
    // Read what the server answers (its 408): a socket that leaves it unread never sees the server's end.
    socket.resume()
    const drip = trickle ? setInterval(() => socket.writable && socket.write('x'), 100) : undefined
    socket.on('error', () => {})
    socket.on('close', () => (clearInterval(drip), resolve()))
  })
}

describe(`hostile clients beside real ones (${seconds} s)`, () => {
  it('loses no real answer, answers every flood batch whole, lets every slow or unread connection go, no part crashes, memory stays flat', async () => {
    const parts = ['gateway', 'files', 'app'] as const
    const pids = Object.fromEntries(parts.map((part) => [part, run.processes().parts[part]!])) as Record<(typeof parts)[number], number>
    // Each part's resident memory, sampled ten times over the run: flat means the second half's peak is not above
    // the first half's by more than a bound (the first seconds grow it to the load's working size).
    const samples: Array<Record<string, number>> = []
    const sample = () => samples.push(Object.fromEntries(parts.map((part) => [part, rssMiB(pids[part])])))
    sample()
    const sampler = setInterval(sample, (seconds * 1000) / 10)
    const mark = run.output().length
    const until = Date.now() + seconds * 1000
    const fullBlocks = Array.from({ length: 1_000 }, (_, index) => ({ jsonrpc: '2.0', id: index, method: 'eth_getBlockByNumber', params: [`0x${(1 + (index % heavyBlocks)).toString(16)}`, true] }))
    const ports = [urls.rpc, urls.files, urls.app].map((url) => Number(new URL(url).port))
    const authorization = `Basic ${Buffer.from('devkey:devsecret').toString('base64')}`
    const unreadLines = () => run.output().slice(mark).split('\n').filter((line) => line.includes('MB of answers unread')).length

    const [real, flood, slowHeads, slowBodies, unread] = await Promise.all([
      // The real clients, through the app server's proxy (which the browser uses) to the gateway.
      runGatewayLoad({ httpUrl: `${urls.app}/rpc/devnet`, wsUrl: `${urls.app.replace('http', 'ws')}/rpc/devnet`, seconds, httpClients: 8, wsClients: 4, maxBatch: 20, timeoutMs: 15_000 }),
      again(until, async () => {
        const response = await fetch(urls.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fullBlocks) })
        const replies = (await response.json()) as Array<{ result?: unknown }>
        expect(replies).toHaveLength(1_000)
        expect(replies.every((reply) => reply.result !== undefined)).toBe(true)
      }),
      again(until, async () => void (await Promise.all(ports.map((port) => heldUntilClosed(port, 'POST /v3/x HTTP/1.1\r\nHost: x\r\n'))))),
      again(until, async () => {
        await Promise.all([
          heldUntilClosed(ports[0]!, 'POST /v3/devkey HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n', true),
          heldUntilClosed(ports[1]!, `POST /api/v0/add HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n`, true),
        ])
      }),
      again(until, async () => {
        const socket = new WebSocket(urls.ws)
        await new Promise((resolve) => socket.once('open', resolve))
        const raw = (socket as unknown as { _socket: net.Socket })._socket
        raw.pause()
        const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
        const before = unreadLines()
        for (let batch = 0; batch < 4; batch++) socket.send(JSON.stringify(fullBlocks))
        await expect.poll(unreadLines, { timeout: 60_000 }).toBeGreaterThan(before)
        raw.resume()
        expect(await closed).toBe(1009)
      }),
    ])
    clearInterval(sampler)
    sample()
    const half = Math.floor(samples.length / 2)
    const peak = (part: string, from: number, to: number) => Math.max(...samples.slice(from, to).map((entry) => entry[part]!))
    console.log(
      `hostile soak, ${seconds} s: real clients ${describeLoad(real)}\n` +
        `flood batches answered whole ${flood}, half-head rounds ${slowHeads} (3 ports), trickled-body rounds ${slowBodies} (2 ports), unread sockets closed ${unread}\n` +
        `rss MiB, ${samples.length} samples: ${parts.map((part) => `${part} ${samples.map((entry) => entry[part]!.toFixed(0)).join(' ')}`).join('; ')}`,
    )
    expect(real.lostIds).toBe(0)
    expect(real.mismatchedIds).toBe(0)
    expect(real.hung).toBe(0)
    expect(real.closedWithoutAnswer).toBe(0)
    expect(real.notJsonRpc).toBe(0)
    expect(real.answered).toBe(real.calls)
    expect(flood).toBeGreaterThan(0)
    expect(slowHeads).toBeGreaterThan(0)
    expect(slowBodies).toBeGreaterThan(0)
    expect(unread).toBeGreaterThan(0)
    // No part crashed or was restarted: the same processes serve, and the log says nothing of it.
    expect(run.output().slice(mark)).not.toMatch(/crashed|exited|restarting/)
    for (const part of parts) expect(run.processes().parts[part]).toBe(pids[part])
    // Flat: no part's resident memory kept growing once the load had reached its working size.
    for (const part of parts) expect(peak(part, half, samples.length) - peak(part, 0, half), `${part}: second half's rss peak over the first's (MiB)`).toBeLessThan(64)
  })
})
