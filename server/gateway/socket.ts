import WebSocket from 'ws'
import type { RateLimit } from '../config.ts'
import { Dispatcher, type SubscriptionSession } from './dispatch.ts'
import { parseRequestText } from './exactIds.ts'
import { ErrorCode, errorReply, isValidId, serializeReply, type JsonRpcId, type GatewayReply } from './jsonrpc.ts'
import { rateLimitData, type TokenBucket } from './rateLimit.ts'
import type { SubscriberSocket, Subscriptions } from './subscriptionHub.ts'
import { asClient, clientOfConnection } from './fairShare.ts'
import { closeIfUnread } from '../clientLimits.ts'

export type SocketDeps = {
  dispatcher: Dispatcher
  hub: Subscriptions
  bucket: TokenBucket | null
  rateLimit: RateLimit | null
  keepAliveMs: number
  /** The body limit: a larger message gets a JSON-RPC error, as a larger HTTP body gets its 413. */
  maxMessageBytes: number
  /** Where a socket closed for its unread answers is said (clientLimits.ts closeIfUnread). */
  log?: (line: string) => void
}

/** How long a client must be quiet before a socket that lost its node closes, and the longest wait for that. */
const quietMs = 500
const closeGraceMs = 5_000

/**
 * One client WebSocket: the same JSON-RPC bodies as HTTP, plus subscriptions that live as long as the
 * socket. Keep-alive pings find dead peers so their subscriptions end at the node too.
 */
export function serveSocket(ws: WebSocket, deps: SocketDeps): void {
  const { dispatcher, hub, bucket, rateLimit } = deps
  // When the node connection drops, the socket must close (1012) so the client subscribes again; but never
  // under a request: it closes once every request it received has its answer and the socket has been quiet
  // for a moment since the last request or answer (a request sent as the close frame leaves would cross it,
  // and no WebSocket server can answer that one), or once closeGraceMs have passed with nothing left to
  // answer. Meanwhile each request gets an immediate -32603 saying to reconnect: a client that heeds it sends
  // nothing more, and nothing crosses.
  let inFlight = 0
  /** When a request last arrived or an answer last left: a client answered a moment ago may be about to ask again. */
  let lastActivityAt = 0
  let closingSince: number | null = null
  let closingReason = ''
  let closeTimer: NodeJS.Timeout | null = null
  const closeWhenQuiet = () => {
    if (closingSince === null || ws.readyState !== WebSocket.OPEN) return
    if (closeTimer) clearTimeout(closeTimer)
    closeTimer = null
    // Under a request nothing closes: its answer comes back through here (the message handler's finally).
    if (inFlight > 0) return
    const now = Date.now()
    const overdue = now - closingSince >= closeGraceMs
    const quietFor = now - lastActivityAt
    if (overdue || quietFor >= quietMs) {
      ws.close(1012, closingReason)
      return
    }
    closeTimer = setTimeout(closeWhenQuiet, Math.max(10, Math.min(quietMs - quietFor, closingSince + closeGraceMs - now)))
  }
  const owner: SubscriberSocket = {
    deliver: (raw) => {
      if (ws.readyState !== WebSocket.OPEN) return
      ws.send(raw)
      closeIfUnread(ws, deps.log ?? (() => {}), 'gateway')
    },
    lost: (reason) => {
      if (closingSince !== null) return
      closingSince = Date.now()
      closingReason = reason
      closeWhenQuiet()
    },
  }
  const session: SubscriptionSession = {
    subscribe: (params) => hub.subscribe(owner, params),
    unsubscribe: (id) => hub.unsubscribe(owner, id),
  }
  const send = (value: GatewayReply | GatewayReply[]) => {
    // Text frames, also when the reply comes as bytes (a RawResult's JSON).
    if (ws.readyState !== WebSocket.OPEN) return
    ws.send(serializeReply(value), { binary: false })
    closeIfUnread(ws, deps.log ?? (() => {}), 'gateway')
  }

  ws.on('message', async (data) => {
    inFlight++
    lastActivityAt = Date.now()
    try {
      await answer(data)
    } finally {
      inFlight--
      lastActivityAt = Date.now()
      closeWhenQuiet()
    }
  })

  const answer = async (data: WebSocket.RawData) => {
    const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength
    if (size > deps.maxMessageBytes) {
      send(errorReply(null, { code: ErrorCode.invalidRequest, message: `message is larger than the limit of ${deps.maxMessageBytes} bytes` }))
      return
    }
    let payload: unknown
    try {
      payload = parseRequestText(data.toString())
    } catch {
      send(errorReply(null, { code: ErrorCode.parse, message: 'parse error: the message is not valid JSON' }))
      return
    }
    if (closingSince !== null) {
      // Closing because the node connection is gone: answer at once, so the socket drains and can close.
      const reply = refuseAll(payload, `node unavailable: ${closingReason}`)
      if (reply !== null) send(reply)
      return
    }
    if (bucket && rateLimit) {
      const taken = bucket.take(Dispatcher.callCount(payload))
      if (!taken.ok) {
        const id = !Array.isArray(payload) && payload && typeof payload === 'object' && isValidId((payload as { id?: unknown }).id)
          ? ((payload as { id: string | number | null }).id)
          : null
        send(errorReply(id, { code: ErrorCode.limitExceeded, message: 'rate limit exceeded: too many requests', data: rateLimitData(rateLimit, taken.retryAfterMs) }))
        return
      }
    }
    const reply = await asClient(clientOfConnection(ws), () => dispatcher.handlePayload(payload, { transport: 'ws', session }))
    if (reply !== null) send(reply)
  }

  let alive = true
  ws.on('pong', () => {
    alive = true
  })
  const keepAlive = setInterval(() => {
    if (!alive) {
      ws.terminate()
      return
    }
    alive = false
    ws.ping()
  }, deps.keepAliveMs)
  ws.on('close', () => {
    clearInterval(keepAlive)
    if (closeTimer) clearTimeout(closeTimer)
    hub.drop(owner)
  })
  ws.on('error', () => {
    // 'close' follows and ends the session
  })
}

/** An internal error for each call of a body that has an id (notifications get nothing, as JSON-RPC asks). */
function refuseAll(payload: unknown, message: string): GatewayReply | GatewayReply[] | null {
  const error = { code: ErrorCode.internal, message }
  const idOf = (call: unknown): JsonRpcId | undefined => {
    if (!call || typeof call !== 'object' || Array.isArray(call)) return null
    if (!('id' in call)) return undefined
    const id = (call as { id: unknown }).id
    return isValidId(id) ? id : null
  }
  if (!Array.isArray(payload)) {
    const id = idOf(payload)
    return id === undefined ? null : errorReply(id, error)
  }
  if (payload.length === 0) return errorReply(null, { code: ErrorCode.invalidRequest, message: 'empty batch' })
  const replies = payload.flatMap((call) => {
    const id = idOf(call)
    return id === undefined ? [] : [errorReply(id, error)]
  })
  return replies.length > 0 ? replies : null
}
