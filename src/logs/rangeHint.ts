import { ErrorCode } from '../../contract/jsonrpc.ts'

/**
 * What a provider's -32005 says about the next step. The spec's answer carries no data; some providers
 * name a block range that would work (in the message as `[0x…, 0x…]`, or as data.from/data.to), and a
 * rate limit says when to retry (data.rate.backoff_seconds, or data.backoff_seconds).
 */
export type LimitAdvice =
  | { kind: 'too-many'; suggestedTo: bigint | null }
  | { kind: 'timeout' }
  | { kind: 'rate-limited'; retryAfterMs: number }
  | { kind: 'other' }

export function adviceFor(error: { code?: number; message?: string; data?: unknown; name?: string }, from: bigint): LimitAdvice {
  const message = String(error.message ?? '')
  // Our own client's deadline (rpc/errors.ts TimeoutError) is a slow window like the provider's own timeout.
  if (error.name === 'TimeoutError') return { kind: 'timeout' }
  // Too many addresses and topics in the filter: no smaller block range helps, so it is not a split.
  if (/query has \d+ parameters/i.test(message)) return { kind: 'other' }
  const data = (error.data ?? {}) as Record<string, unknown>
  const rate = (data.rate ?? data) as Record<string, unknown>
  if (/rate limit|too many requests/i.test(message) || typeof rate.backoff_seconds === 'number') {
    const seconds = typeof rate.backoff_seconds === 'number' ? rate.backoff_seconds : 1
    return { kind: 'rate-limited', retryAfterMs: Math.max(0, Math.ceil(seconds * 1000)) }
  }
  if (/timeout|timed out/i.test(message)) return { kind: 'timeout' }
  if (error.code === ErrorCode.limitExceeded || /more than \d+ results|response size|too many/i.test(message)) {
    return { kind: 'too-many', suggestedTo: suggestedEnd(message, data, from) }
  }
  return { kind: 'other' }
}

function suggestedEnd(message: string, data: Record<string, unknown>, from: bigint): bigint | null {
  const fromData = typeof data.to === 'string' && /^0x[0-9a-f]+$/i.test(data.to) ? BigInt(data.to) : null
  const match = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(message)
  const fromMessage = match ? BigInt(match[2]!) : null
  const end = fromData ?? fromMessage
  return end !== null && end >= from ? end : null
}
