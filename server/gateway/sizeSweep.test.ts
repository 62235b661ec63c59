import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { explorerReadMethods, specMethods, subscriptionMethods, writeMethods } from './allowlist.ts'
import { startTestService, type TestService, type TestSocket } from '../testing/service.ts'

/**
 * One request under the body limit (a few MB of params) stopped the whole service. Every method of
 * the allowlist is sent with one parameter of each size from nothing to just over the limit, over HTTP and
 * over WebSocket, alone and in a batch. Every request must be answered with a JSON-RPC result or error (over
 * the limit: HTTP 413, or an error on the same socket), never a dropped connection, and the service must still
 * answer eth_blockNumber after each. The node's own error messages (anvil echoes a parameter it cannot read)
 * reach the client cut to 1 KB.
 */
const limit = 5 * 1024 * 1024
const KB = 1024
const sizes = [0, KB, 100 * KB, 1024 * KB, 2048 * KB, 4096 * KB, limit - KB, limit + KB]
const methods = [...specMethods, ...explorerReadMethods, ...writeMethods, ...subscriptionMethods]
const firstOfEachGroup = new Set<string>([specMethods[0], explorerReadMethods[0], writeMethods[0], subscriptionMethods[0]])
const fullSweep = process.env.CHAINGLASS_SWEEP === 'full'

type Case = { method: string; size: number; batch: boolean }
/**
 * What is sent. Every method meets every size up to 100 KB alone and in a batch, and the largest body under the
 * limit alone: what a method's node does with a parameter is the method's, how the gateway takes a body of a
 * size is not. Every size alone and in a batch on one method of each group (the first of spec, explorer, write
 * and subscription methods), the over-limit body among them. The whole matrix, every method at every size both
 * ways (some 4 GB sent), with CHAINGLASS_SWEEP=full.
 */
function sweepCases(of: readonly string[]): Case[] {
  const cases: Case[] = []
  for (const method of of) {
    for (const size of sizes) {
      for (const batch of [false, true]) {
        const small = size <= 100 * KB
        const largestUnder = size === limit - KB && !batch
        if (fullSweep || firstOfEachGroup.has(method) || small || largestUnder) cases.push({ method, size, batch })
      }
    }
  }
  return cases
}
/**
 * One test per group and transport, each sending its group's cases: the whole sweep in one test took over the
 * 30 s limit with both cores kept busy by another load.
 */
const groups = { spec: specMethods, 'explorer read': explorerReadMethods, write: writeMethods, subscription: subscriptionMethods } as const
/** The gateway's cap on a node's message, plus room for the note that says it was cut. */
const longestMessage = 1024 + 100

let service: TestService
let socket: TestSocket
let socketClosed = false

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BODY_BYTES: String(limit) })
  socket = await service.socket()
  void socket.closed.then(() => (socketClosed = true))
})
afterAll(async () => {
  socket?.close()
  await service?.close()
})

/** A call whose one parameter is a hex string chosen so that the whole body is `bodyBytes` long. */
function bodyOfSize(method: string, id: number, bodyBytes: number, batch: boolean): string {
  const shape = (param: string) => {
    const call = JSON.stringify({ jsonrpc: '2.0', id, method, params: [param] })
    return batch ? `[${call},${JSON.stringify({ jsonrpc: '2.0', id: id + 1, method: 'eth_chainId', params: [] })}]` : call
  }
  const envelope = Buffer.byteLength(shape('0x'))
  const digits = Math.max(0, bodyBytes - envelope)
  return shape('0x' + 'ab'.repeat(digits >> 1) + (digits & 1 ? 'a' : ''))
}

type Reply = { jsonrpc?: string; id?: unknown; result?: unknown; error?: { code: number; message: string } }

function expectAnswer(reply: Reply, id: number | null, context: string): void {
  expect(reply.jsonrpc, context).toBe('2.0')
  expect(reply.id, context).toBe(id)
  expect('result' in reply !== 'error' in reply, context).toBe(true)
  if (reply.error) {
    expect(Number.isInteger(reply.error.code), context).toBe(true)
    expect(reply.error.message.length, `${context}: error message of ${reply.error.message.length} characters`).toBeLessThanOrEqual(longestMessage)
  }
}

async function stillAnswers(context: string): Promise<void> {
  const { status, json } = await service.post({ jsonrpc: '2.0', id: 'check', method: 'eth_blockNumber', params: [] })
  expect(status, context).toBe(200)
  expect((json as Reply).result, context).toMatch(/^0x[0-9a-f]+$/)
}

describe('a parameter of every size for every method', () => {
  for (const [group, list] of Object.entries(groups)) {
    it(`over HTTP, ${group} methods alone and in a batch: a JSON-RPC answer every time, and the service stays up`, async () => {
      const cases = sweepCases(list)
      let tried = 0
      for (const { method, size, batch } of cases) {
        const context = `HTTP ${method} ${batch ? 'batch' : 'single'} body ${size} bytes`
        const { status, json } = await service.post(bodyOfSize(method, 7, size, batch))
        tried++
        if (size > limit) {
          expect(status, context).toBe(413)
          expectAnswer(json as Reply, null, context)
          expect((json as Reply).error!.code, context).toBe(-32600)
        } else {
          expect(status, context).toBe(200)
          const replies = (batch ? json : [json]) as Reply[]
          expectAnswer(replies[0]!, 7, context)
          if (batch) expect(replies[1], context).toMatchObject({ id: 8, result: '0x7a69' })
        }
        await stillAnswers(context)
      }
      expect(tried).toBe(cases.length)
    })

    it(`over WebSocket, ${group} methods alone and in a batch: a JSON-RPC answer on the same socket every time`, async () => {
      const cases = sweepCases(list)
      let tried = 0
      for (const { method, size, batch } of cases) {
        const context = `WS ${method} ${batch ? 'batch' : 'single'} message ${size} bytes`
        const over = size > limit
        const reply = await socket.sendRaw(bodyOfSize(method, 7, size, batch), over ? null : batch ? 'batch' : 7)
        tried++
        if (over) {
          expectAnswer(reply, null, context)
          expect(reply.error.code, context).toBe(-32600)
        } else {
          const replies = (batch ? reply : [reply]) as Reply[]
          expectAnswer(replies.find((one) => one.id === 7)!, 7, context)
          if (batch) expect(replies.find((one) => one.id === 8), context).toMatchObject({ result: '0x7a69' })
        }
        expect(socketClosed, context).toBe(false)
        await stillAnswers(context)
      }
      expect(tried).toBe(cases.length)
    })
  }

  // Every method with a small body; the big bodies on the first method of each group, as on anvil above: how a
  // body of a size is taken is the gateway's, not the method's.
  it('on the recorded sample networks too (their node is ours, not anvil)', async () => {
    for (const network of ['mainnet-sample', 'l2a-sample', 'l2b-sample']) {
      const url = `${service.urls.rpcBase}/sample/${network}/v3/${service.config.key}`
      for (const method of methods) {
        for (const size of fullSweep || firstOfEachGroup.has(method) ? [KB, 1024 * KB, limit - KB] : [KB]) {
          const context = `${network} ${method} body ${size} bytes`
          const { status, json } = await service.post(bodyOfSize(method, 7, size, false), { url })
          expect(status, context).toBe(200)
          expectAnswer(json as Reply, 7, context)
        }
      }
    }
    await stillAnswers('after the sample networks')
  })

  it("cuts a node's long error message to 1 KB and says so", async () => {
    // anvil answers eth_call with a parameter it cannot read by quoting it whole.
    const big = '0x' + 'ab'.repeat(500_000)
    const { json } = await service.post({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [big, 'latest'] })
    const { error } = json as Reply
    expect(error!.code).toBe(-32602)
    expect(error!.message.length).toBeLessThanOrEqual(longestMessage)
    expect(error!.message).toMatch(/cut: \d+ characters in all\)$/)
  })
})
