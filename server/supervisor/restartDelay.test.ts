import { describe, expect, it } from 'vitest'
import { firstRestartDelayMs, maxRestartDelayMs, restartDelay } from './restartDelay.ts'

describe('restartDelay', () => {
  it('is short for a one-off death and doubles while a part keeps dying soon after starting', () => {
    expect([1, 2, 3, 4].map(restartDelay)).toEqual([firstRestartDelayMs, 2 * firstRestartDelayMs, 4 * firstRestartDelayMs, 8 * firstRestartDelayMs])
  })

  it('is capped, so a part that cannot start is still tried now and then', () => {
    expect(restartDelay(10)).toBe(maxRestartDelayMs)
    expect(restartDelay(1_000)).toBe(maxRestartDelayMs)
  })
})
