import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mine, startTestService, type TestService } from '../testing/service.ts'

let service: TestService

beforeAll(async () => {
  // A still chain: heads come only from the blocks a test mines once it has subscribed.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_MAX_BODY_BYTES: '65536' })
})
afterAll(async () => {
  await service?.close()
})

describe('WebSocket /ws/v3/<KEY>: the same bodies as HTTP', () => {
  it('answers single calls and batches like the HTTP endpoint', async () => {
    const socket = await service.socket()
    const single = await socket.call('eth_chainId')
    expect(single).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const batch = await socket.sendRaw(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'x', method: 'net_version', params: [] },
        { jsonrpc: '2.0', id: 'y', method: 'evm_mine', params: [] },
      ]),
      'batch',
    )
    const byId = Object.fromEntries((batch as Array<{ id: string }>).map((reply) => [reply.id, reply]))
    expect(byId.x).toEqual({ jsonrpc: '2.0', id: 'x', result: '31337' })
    expect(byId.y).toMatchObject({ error: { code: -32601 } })
    const parse = await socket.sendRaw('{nope', null)
    expect(parse).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
    const viaHttp = await service.rpc('eth_getBlockByNumber', ['0x0', true])
    const viaSocket = await socket.call('eth_getBlockByNumber', ['0x0', true])
    expect(viaSocket.result).toEqual(viaHttp.result)
    // A block is passed on as the node's bytes (RawResult): still a text frame.
    expect(socket.binaryFrames).toBe(0)
    socket.close()
  })

  it('delivers newHeads as blocks are mined, and stops after eth_unsubscribe', async () => {
    const socket = await service.socket()
    const { result: id } = await socket.call('eth_subscribe', ['newHeads'])
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    await mine(service, 2)
    const heads = (await socket.waitForNotifications(id, 2)) as Array<{ number: string; hash: string; parentHash: string }>
    // Consecutive heads: numbers step by one and each names its parent, as the chain itself says.
    expect(BigInt(heads[1]!.number) - BigInt(heads[0]!.number)).toBe(1n)
    expect(heads[1]!.parentHash).toBe(heads[0]!.hash)
    const block = await service.rpc('eth_getBlockByNumber', [heads[1]!.number, false])
    expect((block.result as { hash: string }).hash).toBe(heads[1]!.hash)

    expect((await socket.call('eth_unsubscribe', [id])).result).toBe(true)
    const count = socket.notifications.get(id)!.length
    // A socket subscribed after the unsubscribe hears the next block: by then the first would have too.
    const witness = await service.socket()
    const { result: witnessId } = await witness.call('eth_subscribe', ['newHeads'])
    await mine(service)
    await witness.waitForNotifications(witnessId, 1)
    expect(socket.notifications.get(id)!.length).toBe(count)
    witness.close()
    socket.close()
  })

  it('a subscription belongs to its socket: another socket cannot end it', async () => {
    const owner = await service.socket()
    const stranger = await service.socket()
    const { result: id } = await owner.call('eth_subscribe', ['newHeads'])
    expect((await stranger.call('eth_unsubscribe', [id])).result).toBe(false)
    await mine(service)
    await owner.waitForNotifications(id, 1)
    owner.close()
    stranger.close()
  })

  it('refuses unknown subscription kinds with -32602', async () => {
    const socket = await service.socket()
    expect(await socket.call('eth_subscribe', ['syncing'])).toMatchObject({ error: { code: -32602 } })
    expect(await socket.call('eth_subscribe', [])).toMatchObject({ error: { code: -32602 } })
    socket.close()
  })

  it('answers a message over the size limit with a JSON-RPC error and keeps the socket open', async () => {
    const socket = await service.socket()
    const reply = await socket.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(70_000)] }), null)
    expect(reply).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } })
    expect(reply.error.message).toContain('65536')
    expect((await socket.call('eth_chainId')).result).toBe('0x7a69')
    socket.close()
  })

  it('closes a socket that sends a message over twice the size limit, with code 1009', async () => {
    const socket = await service.socket()
    socket.ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(140_000)] }))
    expect((await socket.closed).code).toBe(1009)
  })

  it('ends subscriptions at the node when a client socket goes away', async () => {
    const socket = await service.socket()
    await socket.call('eth_subscribe', ['newHeads'])
    await socket.call('eth_subscribe', ['newPendingTransactions'])
    expect(service.gateway.subscriptionCount()).toBeGreaterThanOrEqual(2)
    socket.close()
    await socket.closed
    await expect.poll(() => service.gateway.subscriptionCount()).toBe(0)
    // A fresh socket still gets heads: the shared node connection survived the client's departure.
    const next = await service.socket()
    const { result: id } = await next.call('eth_subscribe', ['newHeads'])
    await mine(service)
    await next.waitForNotifications(id, 1)
    next.close()
  })
})

describe('WebSocket: bad input gets the same JSON-RPC errors as over HTTP', () => {
  it('invalid request objects, unknown and refused methods, bad params, over-deep params, batch limits', async () => {
    const socket = await service.socket()
    const cases: Array<[string, unknown, number]> = [
      ['no jsonrpc', { id: 'a', method: 'eth_chainId', params: [] }, -32600],
      ['wrong jsonrpc', { jsonrpc: '1.0', id: 'b', method: 'eth_chainId', params: [] }, -32600],
      ['no method', { jsonrpc: '2.0', id: 'c', params: [] }, -32600],
      ['unknown method', { jsonrpc: '2.0', id: 'd', method: 'eth_noSuchThing', params: [] }, -32601],
      ['refused method', { jsonrpc: '2.0', id: 'e', method: 'anvil_setBalance', params: ['0x0000000000000000000000000000000000000001', '0x1'] }, -32601],
      ['params not an array', { jsonrpc: '2.0', id: 'f', method: 'eth_getBalance', params: { a: 1 } }, -32602],
      ['params wrong for the method', { jsonrpc: '2.0', id: 'g', method: 'eth_getBlockByNumber', params: ['latest'] }, -32602],
      ['params nested too deep', { jsonrpc: '2.0', id: 'h', method: 'eth_call', params: JSON.parse('['.repeat(40) + ']'.repeat(40)) }, -32602],
    ]
    for (const [name, body, code] of cases) {
      const id = (body as { id?: string }).id ?? null
      const reply = await socket.sendRaw(JSON.stringify(body), id)
      expect(reply.error?.code, name).toBe(code)
      const viaHttp = (await service.post(body)).json as { error: { code: number } }
      expect(viaHttp.error.code, `${name} over HTTP`).toBe(code)
    }
    const tooMany = await socket.sendRaw(JSON.stringify(Array.from({ length: 1001 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] }))), null)
    expect(tooMany).toMatchObject({ id: null, error: { code: -32600 } })
    const empty = await socket.sendRaw('[]', null)
    expect(empty).toMatchObject({ id: null, error: { code: -32600 } })
    socket.close()
  })
})
