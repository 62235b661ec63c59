import { originOf } from '../../contract/origins.ts'
import { createListeners } from '../state/listeners.ts'

/**
 * Origins this deployment's Content-Security-Policy kept the page from connecting to (server/csp.ts lists
 * the configured networks' origins in connect-src). The browser refuses such a request before it leaves,
 * and the page only sees a failed fetch or WebSocket, the same as an unreachable host; the
 * securitypolicyviolation event is what tells the two apart, so the settings page can say that the
 * deployment, not the network, is in the way. Only origins are kept: a blocked URL carries the key in its path.
 */

const blocked = new Set<string>()
const listeners = createListeners()
let version = 0

/** Starts recording connect-src violations (once, at start). */
export function watchPolicyBlocks(target: Pick<Document, 'addEventListener'> = document): void {
  target.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective !== 'connect-src') return
    const origin = originOf(event.blockedURI)
    if (!origin || blocked.has(origin)) return
    blocked.add(origin)
    version += 1
    listeners.notify()
  })
}

/** Whether a connection to this URL's origin was refused by the page's policy. */
export function blockedByPolicy(url: string): boolean {
  const origin = originOf(url)
  return origin !== null && blocked.has(origin)
}

/** For useSyncExternalStore: changes whenever a new origin is blocked. */
export const policyBlocksVersion = () => version
export const subscribePolicyBlocks = listeners.subscribe
