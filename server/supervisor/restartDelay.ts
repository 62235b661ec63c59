import { backoffDelay } from '../../contract/backoff.ts'

/** A part that keeps crashing is restarted less and less often, up to this. */
export const maxRestartDelayMs = 10_000
/** The first restart waits this long: enough for a crash loop not to spin, short for a one-off. */
export const firstRestartDelayMs = 250
/** A part that ran this long before it died counts as healthy: its next restart is quick again. */
export const healthyRunMs = 30_000

/**
 * How long to wait before restarting a part that died for the `crashesInARow`-th time, counting only deaths
 * that came soon after a start (healthyRunMs): 250 ms, 500 ms, 1 s, ... capped at 10 s.
 */
export function restartDelay(crashesInARow: number): number {
  return backoffDelay(crashesInARow, { initialMs: firstRestartDelayMs, maxMs: maxRestartDelayMs, factor: 2, jitter: 0 })
}
