import os from 'node:os'
import { describe, expect, it } from 'vitest'
import { cpuTimes, machineQuiet } from './machineQuiet.ts'

describe('waiting for a quiet machine', () => {
  it("reads this machine's CPU ticks and cores from /proc/stat, ticks that only grow", async () => {
    const first = cpuTimes()
    expect(first).not.toBeNull()
    expect(first!.cores).toBe(os.cpus().length)
    expect(first!.busy).toBeLessThanOrEqual(first!.total)
    // Busy for a moment: the busy ticks move.
    const until = Date.now() + 60
    while (Date.now() < until) Math.sqrt(Math.random())
    const second = cpuTimes()!
    expect(second.total).toBeGreaterThan(first!.total)
    expect(second.busy).toBeGreaterThanOrEqual(first!.busy)
  })

  it('gives up at its limit on a machine that never goes quiet (no core may be busy at all)', async () => {
    const waited = await machineQuiet({ busyShare: 0, windowMs: 20, limitMs: 100 })
    expect(waited).toBeGreaterThanOrEqual(100)
    expect(waited).toBeLessThan(1_000)
  })
})
