import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/service.ts'

/**
 * Sharing the node (fairShare.ts) and letting go of a socket that never reads (clientLimits.ts closeIfUnread),
 * against the real gateway and anvil. The chain is made heavy first: 60 blocks of 15 transfers each, so a full
 * block is several KB and a batch of 1,000 of them keeps anvil busy for a second or more.
 */
let service: TestService
const logged: string[] = []
const blocks = 60

const node = async (method: string, params: unknown[]) => {
  const response = await fetch(service.anvil.httpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await response.json()) as { result: unknown }).result
}

beforeAll(async () => {
  service = await startTestService({}, { log: (line) => logged.push(line) })
  // Straight to anvil (its accounts are unlocked): fifteen transfers a block, mined together.
  const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  await node('evm_setAutomine', [false])
  for (let block = 0; block < blocks; block++) {
    await Promise.all(Array.from({ length: 15 }, () => node('eth_sendTransaction', [{ from, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }])))
    await node('evm_mine', [])
  }
  await node('evm_setAutomine', [true])
}, 90_000)
afterAll(async () => {
  await service?.close()
})

/** A batch of 1,000 full blocks from the heavy part of the chain. */
const fullBlocks = (offset = 0) => Array.from({ length: 1_000 }, (_, index) => ({ jsonrpc: '2.0', id: index, method: 'eth_getBlockByNumber', params: [`0x${(1 + ((index + offset) % blocks)).toString(16)}`, true] }))

const post = async (body: unknown) => {
  const response = await fetch(service.urls.rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, json: (await response.json()) as unknown }
}

describe('one client flooding the node', () => {
  it("another client's eth_blockNumber stays quick, and every flood call is answered", async () => {
    const flood = Promise.all(Array.from({ length: 5 }, (_, index) => post(fullBlocks(index))))
    let flooding = true
    void flood.finally(() => (flooding = false))
    const latencies: number[] = []
    // Another client, one call after the other, for as long as the flood lasts.
    while (flooding) {
      const started = performance.now()
      const { json } = await post({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
      latencies.push(performance.now() - started)
      expect(json).toMatchObject({ result: expect.stringMatching(/^0x/) })
    }
    const answers = await flood
    latencies.sort((a, b) => a - b)
    const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!
    console.log(`fair share: ${latencies.length} eth_blockNumber during the flood, p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`)
    expect(latencies.length).toBeGreaterThan(5)
    expect(p99).toBeLessThanOrEqual(1_000)
    // Every call of the flood answered: a block (none is rate limited here: no limit is configured).
    for (const { status, json } of answers) {
      expect(status).toBe(200)
      const replies = json as Array<{ id: number; result?: { number: string } }>
      expect(replies).toHaveLength(1_000)
      expect(replies.every((reply) => typeof reply.result?.number === 'string')).toBe(true)
    }
  }, 60_000)
})

describe('a WebSocket client that never reads', () => {
  it('is closed with 1009 once it has left more than 16 MB unread, said once, and the gateway keeps serving', async () => {
    const socket = new WebSocket(`${service.urls.ws}`)
    await new Promise((resolve) => socket.once('open', resolve))
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    // It stops reading: the kernel's buffers fill, then the gateway's.
    const raw = (socket as unknown as { _socket: import('node:net').Socket })._socket
    raw.pause()
    for (let batch = 0; batch < 4; batch++) socket.send(JSON.stringify(fullBlocks(batch)))
    await expect.poll(() => logged.some((line) => line.includes('MB of answers unread')), { timeout: 30_000 }).toBe(true)
    // Meanwhile another client is answered.
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).json).toMatchObject({ result: '0x7a69' })
    // Reading again, it finds its answers up to the close, and the close's code.
    raw.resume()
    expect(await closed).toBe(1009)
    expect(logged.filter((line) => line.includes('MB of answers unread'))).toHaveLength(1)
  }, 60_000)
})
