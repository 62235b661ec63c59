import { decodeRevert, describeRevert } from '../../contract/revert.ts'
import { describe, expect, it } from 'vitest'
import { ConfigError } from '../../contract/runtimeConfig.ts'
import { HttpError, MalformedResponseError, NetworkError, RpcError, TimeoutError } from '../rpc/errors.ts'
import { errorKind, explainError } from './explainError.ts'

describe('explainError', () => {
  it('names the method a network does not offer', () => {
    expect(explainError(new RpcError('eth_getBlockByNumber', { code: -32601, message: 'not available' })).title).toBe('This network does not offer eth_getBlockByNumber')
  })

  it('points a refused key at the key setting', () => {
    const explained = explainError(new HttpError('eth_chainId', 401, { code: -32001, message: 'unauthorized: invalid project key' }))
    expect(explained.title).toBe('The project key was refused')
    expect(explained.detail).toBe('HTTP 401: unauthorized: invalid project key')
  })

  it('tells each transport failure apart', () => {
    expect(explainError(new NetworkError('eth_chainId', new TypeError('x'))).title).toBe('The node cannot be reached')
    expect(explainError(new TimeoutError('eth_chainId', 15_000)).detail).toBe('eth_chainId waited 15 s.')
    expect(explainError(new MalformedResponseError('eth_getBlockByNumber', 'result.number', 'expected a hex quantity')).detail).toBe('result.number: expected a hex quantity')
    expect(explainError(new ConfigError('http', 'the server answered HTTP 404')).title).toBe('The configuration could not be loaded')
  })

  it('decodes a revert reason the node sent as data', () => {
    // The execution-apis recording: Error("user error").
    const data = '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000a75736572206572726f72'
    const explained = explainError(new RpcError('eth_call', { code: 3, message: 'execution reverted: user error', data }))
    expect(explained).toMatchObject({ title: 'eth_call reverted', revert: data })
    // What ErrorPanel puts after the title once the decoder has loaded.
    expect(describeRevert(decodeRevert(explained.revert!))).toBe('user error')
    // Data that is not hex is no revert payload.
    expect(explainError(new RpcError('eth_call', { code: 3, message: 'execution reverted', data: 'nope' })).revert).toBeUndefined()
  })

  it('names each cause with one word', () => {
    expect(errorKind(new RpcError('eth_call', { code: -32000, message: 'x' }))).toBe('rpc')
    expect(errorKind(new HttpError('eth_call', 502, null))).toBe('http')
    expect(errorKind(new NetworkError('eth_call', new TypeError('x')))).toBe('unreachable')
    expect(errorKind(new TimeoutError('eth_call', 1000))).toBe('timeout')
    expect(errorKind(new MalformedResponseError('eth_call', 'result', 'x'))).toBe('malformed')
    expect(errorKind(new Error('x'))).toBe('unknown')
  })

  it('still says something for errors it does not know', () => {
    expect(explainError(new Error('boom'))).toMatchObject({ title: 'Something went wrong', detail: 'boom' })
    expect(explainError('plain')).toMatchObject({ detail: 'plain' })
  })

  it('tells data a recorded sample lacks by the error data, not its words', () => {
    const missing = new RpcError('eth_getBlockReceipts', { code: -32000, message: 'not in this recorded sample network: the receipts of block 9515350', data: { reason: 'not-in-recording', detail: 'the receipts of block 9515350' } })
    expect(errorKind(missing)).toBe('not-recorded')
    expect(explainError(missing)).toMatchObject({ title: 'Not in this recording', detail: 'the receipts of block 9515350' })
    // The same words without the data are an ordinary node error.
    const worded = new RpcError('eth_getBlockReceipts', { code: -32000, message: 'not in this recorded sample network: the receipts of block 9515350' })
    expect(errorKind(worded)).toBe('rpc')
    expect(explainError(worded).title).toBe('The node refused eth_getBlockReceipts')
  })
})
