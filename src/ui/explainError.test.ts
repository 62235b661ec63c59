import { describe, expect, it } from 'vitest'
import { ConfigError } from '../networks/runtimeConfig.ts'
import { HttpError, MalformedResponseError, NetworkError, RpcError, TimeoutError } from '../rpc/errors.ts'
import { explainError } from './explainError.ts'

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

  it('still says something for errors it does not know', () => {
    expect(explainError(new Error('boom'))).toMatchObject({ title: 'Something went wrong', detail: 'boom' })
    expect(explainError('plain')).toMatchObject({ detail: 'plain' })
  })
})
