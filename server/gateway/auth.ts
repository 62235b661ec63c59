import { hash, timingSafeEqual } from 'node:crypto'

/** One-shot hashing: no Hash object per request (it showed in the gateway's CPU profile under load). */
const sha256 = (text: string) => hash('sha256', text, 'buffer')

/** The configured secrets' digests: every request compares against one, so it is hashed once, not per request. */
const expectedDigests = new Map<string, Buffer>()

/** Constant-time comparison: hashing first gives equal lengths, so neither length nor prefix leaks. */
export function secretEquals(candidate: string, expected: string): boolean {
  let b = expectedDigests.get(expected)
  if (!b) {
    b = sha256(expected)
    // A service has one key and one secret; the bound only guards against a caller passing ever new ones.
    if (expectedDigests.size < 16) expectedDigests.set(expected, b)
  }
  return timingSafeEqual(sha256(candidate), b)
}

/** The key from `/v3/<KEY>` or `/ws/v3/<KEY>`; null for any other path. */
export function keyFromPath(pathname: string, prefix: '/v3/' | '/ws/v3/'): string | null {
  if (!pathname.startsWith(prefix)) return null
  const key = pathname.slice(prefix.length)
  if (key.length === 0 || key.includes('/')) return null
  try {
    return decodeURIComponent(key)
  } catch {
    return null
  }
}
