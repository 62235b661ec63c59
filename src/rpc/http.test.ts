import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startUnitTestService, recordingFetch, type TestService } from '../testing/realService.ts'
import { HttpError, MalformedResponseError, NetworkError, RpcError, TimeoutError } from './errors.ts'
import { HttpTransport } from './http.ts'
import { blockNumber, chainId, getBalance, getBlockByNumber } from './methods.ts'

/** A plain address made from a small number (no account: its balance is 0). */
const addressNumber = (number: number) => `0x${number.toString(16).padStart(40, '0')}` as const

let service: TestService

beforeAll(async () => {
  service = await startUnitTestService({ maxBatch: 5 })
})
afterAll(async () => {
  await service?.close()
})

describe('HttpTransport against the real gateway', () => {
  it('sends calls made in the same tick as one batch in one POST, and gives each its own answer', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    const [number, chain, genesis] = await Promise.all([blockNumber(rpc), chainId(rpc), getBlockByNumber(rpc, '0x0', false)])
    expect(recorder.bodies).toHaveLength(1)
    const batch = recorder.bodies[0] as Array<{ method: string }>
    expect(batch.map((call) => call.method)).toEqual(['eth_blockNumber', 'eth_chainId', 'eth_getBlockByNumber'])
    expect(number).toMatch(/^0x[0-9a-f]+$/)
    expect(chain).toBe('0x7a69')
    expect(genesis?.number).toBe('0x0')
  })

  it('sends a lone call as a plain request object, not a batch of one', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    await chainId(rpc)
    expect(Array.isArray(recorder.bodies[0])).toBe(false)
  })

  it('joins calls made after an await in the same tick', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    const first = chainId(rpc)
    await Promise.resolve()
    const second = blockNumber(rpc)
    await Promise.all([first, second])
    expect(recorder.bodies).toHaveLength(1)
  })

  it('sends a call made alone at once in a POST of its own, beside calls batched in the same tick', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    const batched = Promise.all([chainId(rpc), blockNumber(rpc)])
    const alone = rpc.request('eth_chainId', [], { alone: true })
    // Already on its way before any timer has run: the batch waits for its macrotask, the lone call did not.
    expect(recorder.bodies).toHaveLength(1)
    expect(recorder.bodies[0]).toMatchObject({ method: 'eth_chainId' })
    expect(await alone).toBe('0x7a69')
    await batched
    expect(recorder.bodies).toHaveLength(2)
    expect((recorder.bodies[1] as Array<{ method: string }>).map((call) => call.method)).toEqual(['eth_chainId', 'eth_blockNumber'])
  })

  it('splits a batch larger than maxBatchSize into several POSTs, below the gateway limit', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch, maxBatchSize: 2 })
    // Five different reads (five addresses): identical ones would share one call on the wire.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => getBalance(rpc, addressNumber(index + 1), 'latest')))
    expect(answers).toEqual(Array(5).fill('0x0'))
    expect(recorder.bodies.map((body) => (Array.isArray(body) ? body.length : 1))).toEqual([2, 2, 1])
  })

  it('turns the gateway refusing an oversized batch into an RpcError for every call', async () => {
    const rpc = new HttpTransport({ url: service.urls.rpc, maxBatchSize: 6 })
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, index) => getBalance(rpc, addressNumber(index + 1), 'latest')))
    for (const result of results) {
      expect(result.status).toBe('rejected')
      expect((result as PromiseRejectedResult).reason).toMatchObject({ name: 'RpcError', code: -32600, method: 'eth_getBalance' })
    }
  })

  it('asks the node once for identical reads made in one tick, and answers every caller', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    const [first, second, other] = await Promise.all([getBlockByNumber(rpc, '0x1', false), getBlockByNumber(rpc, '0x1', false), getBlockByNumber(rpc, '0x1', true)])
    expect(recorder.bodies).toHaveLength(1)
    expect((recorder.bodies[0] as Array<{ params: unknown[] }>).map((call) => call.params)).toEqual([['0x1', false], ['0x1', true]])
    expect(first).toEqual(second)
    expect(first?.hash).toBe(other?.hash)
  })

  it('a caller of a shared read that gives up leaves the others their answer', async () => {
    const rpc = new HttpTransport({ url: service.urls.rpc })
    const controller = new AbortController()
    const leaving = rpc.request('eth_getBlockByNumber', ['0x0', false], { signal: controller.signal })
    const staying = getBlockByNumber(rpc, '0x0', false)
    controller.abort()
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' })
    await expect(staying).resolves.toMatchObject({ number: '0x0' })
  })

  it('never shares what changes state: two identical sends both go out', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    // Not a transaction at all: the node refuses each, but each is sent as asked.
    const sends = await Promise.allSettled([rpc.request('eth_sendRawTransaction', ['0x01']), rpc.request('eth_sendRawTransaction', ['0x01'])])
    expect(sends.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    expect(recorder.bodies.map((body) => (Array.isArray(body) ? body.length : 1))).toEqual([2])
  })

  it('keeps one failing call from failing its batch neighbours', async () => {
    const rpc = new HttpTransport({ url: service.urls.rpc })
    const [good, bad] = await Promise.allSettled([chainId(rpc), rpc.request('anvil_mine', [])])
    expect(good).toEqual({ status: 'fulfilled', value: '0x7a69' })
    const error = (bad as PromiseRejectedResult).reason as RpcError
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: -32601, method: 'anvil_mine' })
  })

  it('reports a wrong project key as an HttpError 401 with the provider explanation, and without the URL', async () => {
    const rpc = new HttpTransport({ url: `${service.urls.rpcBase}/v3/not-the-key` })
    const error = await chainId(rpc).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 401, method: 'eth_chainId', rpcError: { code: -32001 } })
    expect(String((error as Error).message)).not.toContain('not-the-key')
  })

  it('gives up on a call after its timeout', async () => {
    const rpc = new HttpTransport({ url: service.urls.rpc })
    const error = await rpc.request('eth_blockNumber', [], { timeoutMs: 1 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ method: 'eth_blockNumber', timeoutMs: 1 })
  })

  it('drops an aborted call from its batch before it is sent', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    const controller = new AbortController()
    const aborted = rpc.request('eth_blockNumber', [], { signal: controller.signal })
    const kept = chainId(rpc)
    controller.abort()
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' })
    await expect(kept).resolves.toBe('0x7a69')
    expect(recorder.bodies).toEqual([expect.objectContaining({ method: 'eth_chainId' })])
  })

  it('rejects an aborted call at once when its POST is already on the way', async () => {
    const controller = new AbortController()
    const rpc = new HttpTransport({
      url: service.urls.rpc,
      fetch: (input, init) => {
        const response = globalThis.fetch(input, init)
        controller.abort() // the request has left; its answer cannot be here yet
        return response
      },
    })
    await expect(rpc.request('eth_blockNumber', [], { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('rejects a call with an already aborted signal without sending anything', async () => {
    const recorder = recordingFetch()
    const rpc = new HttpTransport({ url: service.urls.rpc, fetch: recorder.fetch })
    await expect(rpc.request('eth_blockNumber', [], { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(recorder.bodies).toHaveLength(0)
  })

  it('reports an endpoint nobody listens on as a NetworkError', async () => {
    const port = await closedPort()
    const rpc = new HttpTransport({ url: `http://127.0.0.1:${port}/v3/devkey` })
    const error = await chainId(rpc).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ kind: 'unreachable', method: 'eth_chainId' })
  })

  it('injected fault: a provider that reorders batch replies still gets each answer to its own call', async () => {
    const rpc = new HttpTransport({
      url: service.urls.rpc,
      fetch: async (input, init) => {
        const response = await globalThis.fetch(input, init)
        const replies = (await response.json()) as unknown[]
        return new Response(JSON.stringify(replies.reverse()), { status: 200, headers: { 'content-type': 'application/json' } })
      },
    })
    const [chain, genesis, missing] = await Promise.all([chainId(rpc), getBlockByNumber(rpc, '0x0', false), getBlockByNumber(rpc, '0xffffff', false)])
    expect(chain).toBe('0x7a69')
    expect(genesis?.number).toBe('0x0')
    expect(missing).toBeNull()
  })

  it('injected fault: a reply without an id is reported as malformed, naming the method and field', async () => {
    const rpc = new HttpTransport({
      url: service.urls.rpc,
      fetch: async () => new Response(JSON.stringify({ jsonrpc: '2.0', result: '0x1' }), { status: 200 }),
    })
    const error = await blockNumber(rpc).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect(error).toMatchObject({ method: 'eth_blockNumber', field: 'id' })
  })

  it('injected fault: a block with a broken field is reported as malformed at that field', async () => {
    const rpc = new HttpTransport({
      url: service.urls.rpc,
      fetch: async (input, init) => {
        const reply = (await (await globalThis.fetch(input, init)).json()) as { result: Record<string, unknown> }
        reply.result.gasUsed = 12
        return new Response(JSON.stringify(reply), { status: 200 })
      },
    })
    const error = await getBlockByNumber(rpc, 'latest', false).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect(error).toMatchObject({ method: 'eth_getBlockByNumber', field: 'result.gasUsed' })
    expect((error as Error).message).toContain('expected a hex quantity, got 12')
  })
})

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
