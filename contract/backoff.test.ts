import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff.ts'

describe('backoffDelay', () => {
  const doubling = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0 }

  it('starts at initialMs and grows by the factor up to maxMs', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, doubling))).toEqual([500, 1000, 2000, 4000])
    expect(backoffDelay(30, doubling)).toBe(30_000)
    expect(backoffDelay(0, doubling)).toBe(500)
  })

  it('takes off a random share of up to `jitter` of each delay', () => {
    const options = { ...doubling, jitter: 0.5 }
    expect(backoffDelay(3, options, () => 0)).toBe(2000)
    expect(backoffDelay(3, options, () => 0.999999)).toBe(1000)
    expect(backoffDelay(3, options, () => 0.5)).toBe(1500)
  })
})
