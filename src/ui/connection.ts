import { pollWhileDisconnectedMs } from '../queries/head.ts'
import type { SocketStatus } from '../rpc/socket.ts'

/** How often the head is polled over HTTP while there is no WebSocket. */
export const pollingEverySeconds = pollWhileDisconnectedMs / 1000

/**
 * The network's WebSocket has never opened, after a few tries: it may offer none (an HTTP-only provider, a
 * node without one). Polling is then the way the app works with it, not an outage.
 */
export function pollsInstead(status: SocketStatus): boolean {
  if (status.state === 'open') return status.subscriptionsRefused === true
  return status.neverOpened === true && (status.state === 'reconnecting' || status.state === 'closed') && status.attempt >= 2
}

/** How the WebSocket state reads in the UI: one wording and one colour per state. */
export function describeConnection(status: SocketStatus, now: number): { label: string; tone: 'ok' | 'busy' | 'down' | 'idle' } {
  switch (status.state) {
    case 'open':
      if (pollsInstead(status)) return { label: `Polling every ${pollingEverySeconds} s`, tone: 'idle' }
      return status.nodeUnavailable ? { label: 'Node unavailable', tone: 'down' } : { label: 'Live', tone: 'ok' }
    case 'connecting':
      return { label: 'Connecting…', tone: 'busy' }
    case 'reconnecting': {
      if (pollsInstead(status)) return { label: `Polling every ${pollingEverySeconds} s`, tone: 'idle' }
      if (status.retryAt === null) return { label: 'Reconnecting…', tone: 'busy' }
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1000))
      return { label: seconds > 0 ? `Reconnecting in ${seconds} s` : 'Reconnecting…', tone: 'down' }
    }
    case 'closed':
      return { label: 'Disconnected', tone: 'down' }
    case 'idle':
      return { label: 'Idle', tone: 'idle' }
  }
}

/** How the head reaches a page: live over the WebSocket, polled over HTTP, or not yet known (the socket's first try). */
export type HeadFeed = 'live' | 'polling' | 'connecting'

/** The head's feed for a socket status; before the first connection (and in the server's first screen) not yet known. */
export function headFeed(status: SocketStatus): HeadFeed {
  if (status.state === 'open' && !status.nodeUnavailable) return 'live'
  return status.neverOpened && (status.state === 'idle' || status.state === 'connecting') ? 'connecting' : 'polling'
}
