/**
 * Waiting longer after each failure in a row: the app's socket reconnecting, the supervisor restarting a part
 * that crashed, the service restarting its node. One rule for all three: `initialMs`, then `factor` times longer
 * each attempt up to `maxMs`, less a random share of up to `jitter` of it (many browsers then do not come back
 * in lockstep; a single process needs none).
 */
export type BackoffOptions = {
  initialMs: number
  maxMs: number
  factor: number
  /** 0..1: the share of each delay that is random. */
  jitter: number
}

/** The wait before attempt `attempt` (1-based: the first retry waits `initialMs`). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt - 1))
  return Math.round(base * (1 - options.jitter * random()))
}
