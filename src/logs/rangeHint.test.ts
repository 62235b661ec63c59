import { describe, expect, it } from 'vitest'
import { TimeoutError } from '../rpc/errors.ts'
import { adviceFor } from './rangeHint.ts'

// Messages as the spec and providers word them (the spec's -32005 texts; a provider's suggested range).
describe('adviceFor', () => {
  it('splits on the spec\'s result limit, with no suggestion', () => {
    expect(adviceFor({ code: -32005, message: 'query returned more than 10000 results' }, 0n)).toEqual({ kind: 'too-many', suggestedTo: null })
  })

  it('takes a suggested range from the message', () => {
    expect(adviceFor({ code: -32005, message: 'query returned more than 10000 results. Try with this block range [0x10, 0x2f].' }, 0x10n)).toEqual({ kind: 'too-many', suggestedTo: 0x2fn })
  })

  it('treats the spec\'s query timeout and our own client deadline as timeouts', () => {
    expect(adviceFor({ code: -32005, message: 'query timeout exceeded' }, 0n)).toEqual({ kind: 'timeout' })
    expect(adviceFor(new TimeoutError('eth_getLogs', 30_000), 0n)).toEqual({ kind: 'timeout' })
  })

  it('does not split a filter with too many addresses and topics: a smaller range cannot help', () => {
    expect(adviceFor({ code: -32005, message: 'query has 5001 parameters (addresses and topics); the limit is 5000' }, 0n)).toEqual({ kind: 'other' })
  })

  it('waits as told on a rate limit', () => {
    expect(adviceFor({ code: -32005, message: 'rate limit exceeded', data: { rate: { backoff_seconds: 2 } } }, 0n)).toEqual({ kind: 'rate-limited', retryAfterMs: 2000 })
  })
})
