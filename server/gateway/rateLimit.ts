import type { RateLimit } from '../config.ts'

/** A token bucket per project key: `ratePerSecond` tokens flow in, up to `burst` are held. */
export class TokenBucket {
  readonly #limit: RateLimit
  #tokens: number
  #updatedAt: number

  constructor(limit: RateLimit, now = Date.now()) {
    this.#limit = limit
    this.#tokens = limit.burst
    this.#updatedAt = now
  }

  /** Takes `cost` tokens, or says how long until that many are there. */
  take(cost: number, now = Date.now()): { ok: true } | { ok: false; retryAfterMs: number } {
    const { ratePerSecond, burst } = this.#limit
    this.#tokens = Math.min(burst, this.#tokens + ((now - this.#updatedAt) / 1000) * ratePerSecond)
    this.#updatedAt = now
    if (cost <= this.#tokens) {
      this.#tokens -= cost
      return { ok: true }
    }
    const missing = Math.min(cost, burst) - this.#tokens
    return { ok: false, retryAfterMs: Math.ceil((missing / ratePerSecond) * 1000) }
  }
}

/** The -32005 rate-limit answer's data: `rate` says what is allowed and when to try again. */
export function rateLimitData(limit: RateLimit, retryAfterMs: number) {
  return {
    rate: {
      allowed_rps: limit.ratePerSecond,
      burst: limit.burst,
      backoff_seconds: Math.max(0.001, retryAfterMs / 1000),
    },
  }
}
