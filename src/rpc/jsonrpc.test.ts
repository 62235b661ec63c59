import { describe, expect, it } from 'vitest'
import { MalformedResponseError, RpcError } from './errors.ts'
import { readNotification, settleBatch, settleReply } from './jsonrpc.ts'

const calls = [
  { id: 1, method: 'eth_blockNumber' },
  { id: 2, method: 'eth_chainId' },
  { id: 3, method: 'eth_getBlockByNumber' },
]

describe('settleReply', () => {
  it('gives the result of a matching reply, null included', () => {
    expect(settleReply(calls[0]!, { jsonrpc: '2.0', id: 1, result: '0x10' })).toEqual({ ok: true, value: '0x10' })
    expect(settleReply(calls[2]!, { jsonrpc: '2.0', id: 3, result: null })).toEqual({ ok: true, value: null })
  })

  it('turns an error member into an RpcError carrying code, message, data and method', () => {
    const settled = settleReply(calls[0]!, { jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted: no', data: '0x08c379a0' } })
    expect(settled.ok).toBe(false)
    const error = (settled as unknown as { error: RpcError }).error
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ code: 3, message: 'execution reverted: no', data: '0x08c379a0', method: 'eth_blockNumber' })
  })

  it('accepts an error with a null id (the provider could not read the request)', () => {
    const settled = settleReply(calls[0]!, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } })
    expect((settled as unknown as { error: RpcError }).error).toMatchObject({ code: -32700, method: 'eth_blockNumber' })
  })

  it.each([
    [{ jsonrpc: '2.0', id: 9, result: '0x1' }, 'id'],
    [{ jsonrpc: '2.0', id: 1 }, 'result'],
    [{ jsonrpc: '2.0', id: 1, error: { code: 'x', message: 'm' } }, 'error.code'],
    [{ jsonrpc: '2.0', id: 1, error: { code: 1 } }, 'error.message'],
    ['hello', 'body'],
  ])('names the bad field of a malformed reply (%j -> %s)', (reply, field) => {
    const settled = settleReply(calls[0]!, reply)
    const error = (settled as unknown as { error: MalformedResponseError }).error
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect(error.method).toBe('eth_blockNumber')
    expect(error.field).toBe(field)
  })
})

describe('settleBatch', () => {
  it('matches replies by id whatever their order', () => {
    const settled = settleBatch(calls, [
      { jsonrpc: '2.0', id: 3, result: null },
      { jsonrpc: '2.0', id: 1, result: '0x1' },
      { jsonrpc: '2.0', id: 2, result: '0x7a69' },
    ])
    expect(settled).toEqual([
      { ok: true, value: '0x1' },
      { ok: true, value: '0x7a69' },
      { ok: true, value: null },
    ])
  })

  it('reports a call left without a reply as malformed, naming its method', () => {
    const settled = settleBatch(calls, [{ jsonrpc: '2.0', id: 1, result: '0x1' }, { jsonrpc: '2.0', id: 3, result: null }])
    expect(settled[0]!.ok).toBe(true)
    const error = (settled[1] as unknown as { error: MalformedResponseError }).error
    expect(error).toMatchObject({ method: 'eth_chainId', field: 'id' })
    expect(error.message).toContain('no reply with id 2')
  })

  it('spreads a whole-batch refusal (null id) to every call', () => {
    const settled = settleBatch(calls, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'batch too large' } })
    expect(settled.map((item) => (item as unknown as { error: RpcError }).error.method)).toEqual(calls.map((call) => call.method))
    expect(settled.every((item) => !item.ok && item.error instanceof RpcError && item.error.code === -32600)).toBe(true)
  })

  it('refuses a non-array answer to a batch', () => {
    const settled = settleBatch(calls, { jsonrpc: '2.0', id: 1, result: '0x1' })
    expect(settled.every((item) => !item.ok && item.error instanceof MalformedResponseError && item.error.field === 'body')).toBe(true)
  })
})

describe('readNotification', () => {
  it('reads eth_subscription messages and ignores replies', () => {
    expect(readNotification({ jsonrpc: '2.0', method: 'eth_subscription', params: { subscription: '0xab', result: { number: '0x1' } } }))
      .toEqual({ subscription: '0xab', result: { number: '0x1' } })
    expect(readNotification({ jsonrpc: '2.0', id: 1, result: '0xab' })).toBeNull()
  })
})
