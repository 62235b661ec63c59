import { secretEquals } from '../gateway/auth.ts'

export type Credentials = { user: string; password: string }

const base64 = /^[A-Za-z0-9+/]+={0,2}$/

/** `Authorization: Basic base64(user:password)`; null for anything else, so every malformed header is simply "no credentials". */
export function parseBasicAuth(header: string | undefined): Credentials | null {
  if (!header) return null
  const match = /^Basic[ ]+(\S+)[ ]*$/i.exec(header)
  const encoded = match?.[1]
  if (!encoded || encoded.length % 4 !== 0 || !base64.test(encoded)) return null
  const decoded = Buffer.from(encoded, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/**
 * Both halves are always compared (no short-circuit) and each comparison is constant-time over a hash,
 * so the time taken says neither which half was wrong nor how much of it matched.
 */
export function credentialsMatch(header: string | undefined, key: string, secret: string): boolean {
  const given = parseBasicAuth(header)
  const userOk = secretEquals(given?.user ?? '', key)
  const passwordOk = secretEquals(given?.password ?? '', secret)
  return given !== null && userOk && passwordOk
}
