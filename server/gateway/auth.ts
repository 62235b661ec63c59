import { createHash, timingSafeEqual } from 'node:crypto'

/** Constant-time comparison: hashing first gives equal lengths, so neither length nor prefix leaks. */
export function secretEquals(candidate: string, expected: string): boolean {
  const a = createHash('sha256').update(candidate, 'utf8').digest()
  const b = createHash('sha256').update(expected, 'utf8').digest()
  return timingSafeEqual(a, b)
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
