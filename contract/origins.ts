/**
 * The origin (scheme, host, port) a URL connects to, as a Content-Security-Policy source names it; null when
 * it has none. The service lists the configured networks' origins in connect-src with it (server/csp.ts), and
 * the app matches the browser's violation reports against the same origins (src/networks/cspBlocks.ts).
 */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}
