import { describe, expect, it } from 'vitest'
import { ChainglassError } from './errors.ts'

class ExampleError extends ChainglassError {
  override name = 'ExampleError'
}

describe('ChainglassError', () => {
  it('is an Error with the short message, its cause and its details apart', () => {
    const cause = new TypeError('fetch failed')
    const error = new ExampleError('the node did not answer', { cause, details: 'POST http://127.0.0.1:8545 refused' })
    expect(error).toBeInstanceOf(Error)
    expect(error).toBeInstanceOf(ChainglassError)
    expect(error.message).toBe('the node did not answer')
    expect(error.cause).toBe(cause)
    expect(error.details).toBe('POST http://127.0.0.1:8545 refused')
    expect(error.name).toBe('ExampleError')
    expect(String(error)).toBe('ExampleError: the node did not answer')
  })

  it('has no cause property when it was given none', () => {
    const error = new ChainglassError('plain')
    expect('cause' in error).toBe(false)
    expect(error.details).toBeUndefined()
    expect(error.name).toBe('ChainglassError')
  })
})
