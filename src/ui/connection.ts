import type { SocketStatus } from '../rpc/socket.ts'

/** How the WebSocket state reads in the UI: one wording and one colour per state. */
export function describeConnection(status: SocketStatus, now: number): { label: string; tone: 'ok' | 'busy' | 'down' | 'idle' } {
  switch (status.state) {
    case 'open':
      return status.nodeUnavailable ? { label: 'Node unavailable', tone: 'down' } : { label: 'Live', tone: 'ok' }
    case 'connecting':
      return { label: 'Connecting…', tone: 'busy' }
    case 'reconnecting': {
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
