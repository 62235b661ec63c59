import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AnvilNode } from '../chain/anvil.ts'
import { loadConfig } from '../config.ts'
import { PortInUseError, startService } from '../service.ts'
import { mine, startTestService, type TestService } from '../testing/service.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

/** A still chain: it moves only when a test mines. */
async function service(env: Record<string, string> = {}): Promise<TestService> {
  const started = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', ...env })
  cleanups.push(() => started.close())
  return started
}

const transfer = { from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }

describe('eth_estimateGas failover (spec: What the service does)', () => {
  it('with forwarding on, goes to the partner when the primary is down; no other method does', async () => {
    const partner = new AnvilNode({ stateFile: null, blockTime: 0 })
    await partner.start(0)
    cleanups.push(() => partner.stop())
    const gateway = await service({ CHAINGLASS_FAILOVER: '1', CHAINGLASS_FAILOVER_URL: partner.httpUrl, CHAINGLASS_UPSTREAM_TIMEOUT_MS: '2000' })

    expect((await gateway.rpc('eth_estimateGas', [transfer, 'latest'])).result).toBe('0x5208')
    await gateway.anvil.stop()

    const estimate = await gateway.rpc('eth_estimateGas', [transfer, 'latest'])
    expect(estimate.result).toBe('0x5208')
    for (const [method, params] of [['eth_blockNumber', []], ['eth_call', [transfer, 'latest']], ['eth_getBlockByNumber', ['latest', false]]] as const) {
      const reply = await gateway.rpc(method, [...params])
      expect(reply.error?.code, method).toBe(-32603)
      expect(reply.error?.message, method).toMatch(/^node unavailable/)
    }
  })

  it('with forwarding off, eth_estimateGas fails like any other call while the primary is down', async () => {
    const partner = new AnvilNode({ stateFile: null, blockTime: 0 })
    await partner.start(0)
    cleanups.push(() => partner.stop())
    const gateway = await service({ CHAINGLASS_FAILOVER: '0', CHAINGLASS_FAILOVER_URL: partner.httpUrl })
    await gateway.anvil.stop()
    const estimate = await gateway.rpc('eth_estimateGas', [transfer, 'latest'])
    expect(estimate.error?.code).toBe(-32603)
  })

  it('a revert on the primary is an answer, not an outage: it is not forwarded', async () => {
    const partner = new AnvilNode({ stateFile: null, blockTime: 0 })
    await partner.start(0)
    cleanups.push(() => partner.stop())
    const gateway = await service({ CHAINGLASS_FAILOVER: '1', CHAINGLASS_FAILOVER_URL: partner.httpUrl })
    // Init code that reverts with no data (PUSH1 0 PUSH1 0 REVERT).
    const reply = await gateway.rpc('eth_estimateGas', [{ from: transfer.from, data: '0x60006000fd' }, 'latest'])
    expect(reply.error).toEqual({ code: 3, message: 'execution reverted', data: '0x' })
  })
})

describe('node faults', () => {
  it('answers every call with a JSON-RPC error while the node is down, and recovers when it is back', async () => {
    const gateway = await service({ CHAINGLASS_UPSTREAM_TIMEOUT_MS: '2000' })
    const socket = await gateway.socket()
    await gateway.anvil.stop()
    const started = Date.now()
    const batch = await gateway.post([
      { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getLogs', params: [{}] },
    ])
    expect(batch.status).toBe(200)
    for (const reply of batch.json as Array<{ error: { code: number } }>) expect(reply.error.code).toBe(-32603)
    expect((await socket.call('eth_chainId')).error.code).toBe(-32603)
    expect((await socket.call('eth_subscribe', ['newHeads'])).error.code).toBe(-32603)
    expect(Date.now() - started).toBeLessThan(5000)

    await gateway.anvil.start()
    expect((await gateway.rpc('eth_chainId')).result).toBe('0x7a69')
    const { result: id } = await socket.call('eth_subscribe', ['newHeads'])
    await mine(gateway)
    await socket.waitForNotifications(id, 1)
    socket.close()
  })

  it('closes client sockets with 1012 when the node connection drops, so clients resubscribe', async () => {
    const gateway = await service()
    const socket = await gateway.socket()
    await socket.call('eth_subscribe', ['newHeads'])
    await gateway.anvil.stop()
    const closed = await socket.closed
    expect(closed.code).toBe(1012)
  })

  it('restarts a node that dies on its own (supervision)', async () => {
    const gateway = await service()
    const before = Number((await gateway.rpc('eth_blockNumber')).result)
    process.kill(childPid(gateway), 'SIGKILL')
    await expect.poll(async () => (await gateway.rpc('eth_chainId')).result, { timeout: 15_000, interval: 200 }).toBe('0x7a69')
    // Back on the same port with the persisted chain: the gateway found it without being told.
    expect(Number((await gateway.rpc('eth_blockNumber')).result)).toBeGreaterThanOrEqual(0)
    expect(before).toBeGreaterThanOrEqual(0)
  })
})

describe('persistence: a restart keeps the chain', () => {
  it('keeps blocks and state across a stop and start with the same data dir', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-restart-'))
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }))
    const first = await startTestService({ CHAINGLASS_DATA: dataDir, CHAINGLASS_BLOCK_TIME: '0' })
    await mine(first, 3)
    const height = Number((await first.rpc('eth_blockNumber')).result)
    expect(height).toBeGreaterThanOrEqual(3)
    const block = (await first.rpc('eth_getBlockByNumber', ['0x2', false])).result as { hash: string }
    await first.close()
    const second = await service({ CHAINGLASS_DATA: first.dataDir })
    expect(Number((await second.rpc('eth_blockNumber')).result)).toBeGreaterThanOrEqual(height)
    expect(((await second.rpc('eth_getBlockByNumber', ['0x2', false])).result as { hash: string }).hash).toBe(block.hash)
  })
})

describe('rate limit (per key token bucket, off by default)', () => {
  it('past the bucket: HTTP 429 and -32005 with data.rate saying when to retry; then it refills', async () => {
    const gateway = await service({ CHAINGLASS_RATE_LIMIT: '5', CHAINGLASS_RATE_BURST: '3' })
    const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    const batch = await gateway.post([call, { ...call, id: 2 }, { ...call, id: 3 }])
    expect(batch.status).toBe(200)
    const limited = await gateway.post(call)
    expect(limited.status).toBe(429)
    const error = (limited.json as { error: { code: number; data: { rate: { backoff_seconds: number; allowed_rps: number } } } }).error
    expect(error.code).toBe(-32005)
    expect(error.data.rate.allowed_rps).toBe(5)
    expect(error.data.rate.backoff_seconds).toBeGreaterThan(0)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // The one wait the spec tells a client to make: the bucket refills by the gateway's own clock, which no
    // request can move, and backoff_seconds is what this asserts is enough.
    await new Promise((r) => setTimeout(r, error.data.rate.backoff_seconds * 1000 + 50))
    expect((await gateway.post(call)).status).toBe(200)

    const socket = await gateway.socket()
    const replies = await Promise.all([1, 2, 3, 4, 5].map(() => socket.call('eth_chainId')))
    const refused = replies.filter((reply) => reply.error?.code === -32005)
    expect(refused.length).toBeGreaterThan(0)
    expect(refused[0].error.data.rate.backoff_seconds).toBeGreaterThan(0)
    socket.close()
  })

  it('is off by default', async () => {
    const gateway = await service()
    const replies = await Promise.all(Array.from({ length: 200 }, () => gateway.rpc('eth_chainId')))
    expect(replies.every((reply) => reply.result === '0x7a69')).toBe(true)
  })
})

describe('start-up', () => {
  it('a taken port gives one clear error naming the port and the variable', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()))
    cleanups.push(() => new Promise((resolve) => blocker.close(() => resolve())))
    const port = (blocker.address() as net.AddressInfo).port
    const config = loadConfig({ CHAINGLASS_RPC_PORT: String(port), CHAINGLASS_DATA: `/tmp/chainglass-port-test-${process.pid}` })
    const attempt = startService(config, { scenario: false })
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
    await expect(attempt).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use: stop what holds it, or set CHAINGLASS_RPC_PORT to a free port`)
  })
})

function childPid(gateway: TestService): number {
  return gateway.anvil.pid!
}
