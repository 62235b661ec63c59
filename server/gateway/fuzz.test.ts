import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { explorerReadMethods, specMethods } from './allowlist.ts'
import { startTestService, type TestService } from '../testing/service.ts'

let service: TestService

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BATCH: '100', CHAINGLASS_MAX_BODY_BYTES: '262144' })
})
afterAll(async () => {
  await service?.close()
})

const refusedMethods = ['anvil_mine', 'evm_revert', 'hardhat_reset', 'debug_setHead', 'eth_sendTransaction', 'personal_unlockAccount', 'admin_peers', 'eth_subscribe', 'eth_unsubscribe']
const methods = fc.oneof(
  fc.constantFrom(...specMethods, ...explorerReadMethods, 'eth_sendRawTransaction', ...refusedMethods),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
)
const hexish = fc.oneof(
  fc.constantFrom('0x', '0x0', '0xzz', '0x-1', 'latest', 'pending', 'safe', 'finalized', 'earliest', '-1', '0x' + 'f'.repeat(80)),
  fc.bigInt({ min: 0n, max: 2n ** 300n }).map((n) => '0x' + n.toString(16)),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => '0x' + Buffer.from(bytes).toString('hex')),
)
/** Deeply nested params, written as text (a generator holding 10,000-deep arrays would overflow itself). */
const deepBody = fc
  .tuple(fc.integer({ min: 50, max: 10_000 }), fc.constantFrom('eth_call', 'eth_getLogs', 'eth_getBalance'), fc.constantFrom('[', '{"a":'))
  .map(([depth, method, open]) => `{"jsonrpc":"2.0","id":1,"method":"${method}","params":[${open.repeat(depth)}1${(open === '[' ? ']' : '}').repeat(depth)}]}`)
const paramValue = fc.oneof(
  hexish,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, true, null),
  fc.record({ fromBlock: hexish, toBlock: hexish, address: fc.oneof(hexish, fc.array(hexish, { maxLength: 5 })), topics: fc.array(fc.oneof(hexish, fc.constant(null)), { maxLength: 5 }) }, { requiredKeys: [] }),
  fc.record({ from: hexish, to: hexish, gas: hexish, value: hexish, data: hexish }, { requiredKeys: [] }),
)
const request = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.constant('1.0'), fc.jsonValue({ maxDepth: 1 })),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), fc.jsonValue({ maxDepth: 1 })),
    method: methods,
    params: fc.oneof(fc.array(paramValue, { maxLength: 4 }), paramValue),
  },
  { requiredKeys: ['method'] },
)
/** A body as text: well-formed requests and batches, and anything else at all. */
const body = fc.oneof(
  { weight: 5, arbitrary: request.map((r) => JSON.stringify(r)) },
  { weight: 2, arbitrary: fc.array(request, { minLength: 0, maxLength: 120 }).map((batch) => JSON.stringify(batch)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((s) => '{"jsonrpc":"2.0","id":1,"method":' + s) },
  { weight: 1, arbitrary: deepBody },
)

type Reply = { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } }

function expectWellFormed(reply: Reply): void {
  expect(reply.jsonrpc).toBe('2.0')
  expect('id' in reply).toBe(true)
  const hasResult = 'result' in reply
  const hasError = 'error' in reply
  expect(hasResult !== hasError).toBe(true)
  if (hasError) {
    expect(Number.isInteger(reply.error!.code)).toBe(true)
    expect(typeof reply.error!.message).toBe('string')
  }
}

describe('fuzzing the gateway (10,000 generated requests)', () => {
  it('answers every body with a well-formed JSON-RPC result or error below HTTP 500, and stays up', async () => {
    const bodies = fc.sample(body, { numRuns: 10_000, seed: 20261122 })
    const statuses = new Map<number, number>()
    for (let start = 0; start < bodies.length; start += 50) {
      await Promise.all(
        bodies.slice(start, start + 50).map(async (text) => {
          const { status, json } = await service.post(text)
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          expect(status, text.slice(0, 200)).toBeLessThan(500)
          if (status === 204) return // only notifications: nothing to answer
          expect(json, text.slice(0, 200)).toBeDefined()
          for (const reply of Array.isArray(json) ? json : [json]) expectWellFormed(reply as Reply)
        }),
      )
    }
    // A valid request afterwards still works, over HTTP and WebSocket.
    expect((await service.rpc('eth_chainId')).result).toBe('0x7a69')
    const socket = await service.socket()
    expect((await socket.call('eth_chainId')).result).toBe('0x7a69')
    socket.close()
    expect([...statuses.keys()].every((status) => [200, 204, 413].includes(status))).toBe(true)
  })

  it('answers the same kind of garbage over WebSocket without dropping the socket', async () => {
    const socket = await service.socket()
    const texts = fc.sample(body, { numRuns: 500, seed: 7 })
    for (const text of texts) socket.ws.send(text)
    // Everything sent before this call has been read: the socket is still open and answering.
    const check = await socket.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 'after-the-fuzz', method: 'eth_chainId', params: [] }), 'after-the-fuzz')
    expect(check.result).toBe('0x7a69')
    socket.close()
  })
})
