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

/** The host a URL names ("rpc.example", "[::1]"); null for text that is not a URL with one. */
export function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname || null
  } catch {
    return null
  }
}

/**
 * Whether a URL names this machine: 127.0.0.0/8, localhost (and its subdomains, which browsers resolve to
 * loopback), or [::1]. Such a node is the developer's own: labelled local, and reachable under `npm start`'s policy.
 */
export function isLoopbackUrl(url: string): boolean {
  const host = hostnameOf(url)
  if (host === null) return false
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * The same URL with a [::1] host written as localhost: a Content-Security-Policy cannot name an IPv6 literal
 * (server/csp.ts), and the browser resolves localhost to ::1 as well as 127.0.0.1. Other URLs come back as given.
 */
export function withLoopbackName(url: string): string {
  return url.replace(/^((?:https?|wss?):\/\/)\[::1\](?=[:/?#]|$)/i, '$1localhost')
}
