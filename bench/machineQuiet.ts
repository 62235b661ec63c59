import fs from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Waits until the machine is quiet: its CPUs busy less than `busyShare` of one core over a `windowMs` window, as
 * /proc/stat counts them, and `limitMs` at most. Each measured load starts after this: the browser goes on
 * working after a context is made or closed (its profile, the closed context's renderer), and on a machine of
 * few cores that work landed on whichever load came next, the app's or its floor's (docs/benchmarks.md).
 * Where there is no /proc/stat, it does not wait.
 */
export async function machineQuiet({ busyShare = 0.2, windowMs = 100, limitMs = 3_000 } = {}): Promise<number> {
  const started = performance.now()
  let before = cpuTimes()
  if (!before) return 0
  while (performance.now() - started < limitMs) {
    await sleep(windowMs)
    const now = cpuTimes()!
    const busy = now.busy - before.busy
    const total = now.total - before.total
    // Of one core: total counts every core's ticks, so busy / (total / cores).
    if (total > 0 && (busy / total) * now.cores < busyShare) break
    before = now
  }
  return performance.now() - started
}

/** The machine's CPU ticks since boot, busy and in all, and its cores, from /proc/stat; null where it has none. */
export function cpuTimes(): { busy: number; total: number; cores: number } | null {
  let text: string
  try {
    text = fs.readFileSync('/proc/stat', 'utf8')
  } catch {
    return null
  }
  const lines = text.split('\n')
  const all = lines[0]?.split(/\s+/).slice(1).map(Number)
  if (!all || all.length < 5 || all.some((value) => !Number.isFinite(value))) return null
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = all.slice(0, 8).reduce((sum, value) => sum + value, 0)
  const idle = all[3]! + (all[4] ?? 0)
  return { busy: total - idle, total, cores: lines.filter((line) => /^cpu\d+\s/.test(line)).length }
}
