import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/service.ts'

/**
 * The cap on the answer bytes one client may hold in the gateway (fairShare.ts), against the real gateway and
 * anvil, set low (64 KiB) so a batch of a thousand copies of the genesis block passes it. The calls past the cap
 * are answered -32005 with a back-off hint; none is dropped; and the client is served again once its answer left.
 */
const limitBytes = 64 * 1024
let service: TestService
let genesis: unknown
let genesisBytes: number

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_MAX_RESPONSE_BYTES: String(limitBytes) })
  genesis = await service.node('eth_getBlockByNumber', ['0x0', true])
  genesisBytes = JSON.stringify(genesis).length
}, 90_000)
afterAll(async () => {
  await service?.close()
})

const genesisBatch = (size: number) => Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: ['0x0', true] }))

type Reply = { id: number; result?: unknown; error?: { code: number; message: string; data?: { limit_bytes?: number; backoff_seconds?: number } } }

/** Every id answered once; results are the node's own block; the rest the cap's -32005 with its hint. */
function checkAnswers(replies: Reply[], size: number): { results: number } {
  expect(replies.map((reply) => reply.id).sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, id) => id))
  let results = 0
  for (const reply of replies) {
    if ('result' in reply) {
      expect(reply.result).toEqual(genesis)
      results += 1
      continue
    }
    expect(reply.error).toMatchObject({ code: -32005, message: expect.stringMatching(/^response too large: .* retry after 1 s$/) })
    expect(reply.error!.data).toEqual({ limit_bytes: limitBytes, backoff_seconds: 1 })
  }
  return { results }
}

describe("a client's answer bytes held in the gateway", () => {
  it('over HTTP: the batch is answered in full, results up to the cap and -32005 with a back-off hint past it', async () => {
    const size = 1_000
    expect(genesisBytes * size).toBeGreaterThan(4 * limitBytes)
    const { status, json } = await service.post(genesisBatch(size))
    expect(status).toBe(200)
    const { results } = checkAnswers(json as Reply[], size)
    // The cap was reached, and passed by no more than the calls already at the node when it was (8 a client).
    expect(results * genesisBytes).toBeGreaterThan(limitBytes)
    expect(results * genesisBytes).toBeLessThanOrEqual(limitBytes + 9 * genesisBytes)
    // Its answer sent, the client has nothing held: a batch under the cap is answered whole.
    const small = Math.floor(limitBytes / genesisBytes / 2)
    const again = await service.post(genesisBatch(small))
    expect(checkAnswers(again.json as Reply[], small).results).toBe(small)
  }, 60_000)

  it('over WebSocket: the same, and another client on the same gateway is served whole meanwhile', async () => {
    const socket = await service.socket()
    const size = 1_000
    const flooding = socket.sendRaw(JSON.stringify(genesisBatch(size)), 'batch')
    const other = await service.post(genesisBatch(4))
    expect(checkAnswers(other.json as Reply[], 4).results).toBe(4)
    const { results } = checkAnswers((await flooding) as Reply[], size)
    expect(results).toBeLessThan(size)
    expect(results * genesisBytes).toBeGreaterThan(limitBytes)
    expect(await socket.call('eth_getBlockByNumber', ['0x0', true])).toMatchObject({ result: genesis })
    socket.close()
  }, 60_000)
})
