import WebSocket from 'ws'
import type { RateLimit } from '../config.ts'
import { Dispatcher, type SubscriptionSession } from './dispatch.ts'
import { ErrorCode, errorReply, isValidId } from './jsonrpc.ts'
import { rateLimitData, type TokenBucket } from './rateLimit.ts'
import type { SubscriberSocket, Subscriptions } from './subscriptionHub.ts'

export type SocketDeps = {
  dispatcher: Dispatcher
  hub: Subscriptions
  bucket: TokenBucket | null
  rateLimit: RateLimit | null
  keepAliveMs: number
}

/**
 * One client WebSocket: the same JSON-RPC bodies as HTTP, plus subscriptions that live as long as the
 * socket. Keep-alive pings find dead peers so their subscriptions end at the node too.
 */
export function serveSocket(ws: WebSocket, deps: SocketDeps): void {
  const { dispatcher, hub, bucket, rateLimit } = deps
  const owner: SubscriberSocket = {
    deliver: (raw) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(raw)
    },
    lost: (reason) => ws.close(1012, reason),
  }
  const session: SubscriptionSession = {
    subscribe: (params) => hub.subscribe(owner, params),
    unsubscribe: (id) => hub.unsubscribe(owner, id),
  }
  const send = (value: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(value))
  }

  ws.on('message', async (data) => {
    let payload: unknown
    try {
      payload = JSON.parse(data.toString())
    } catch {
      send(errorReply(null, { code: ErrorCode.parse, message: 'parse error: the message is not valid JSON' }))
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
    const reply = await dispatcher.handlePayload(payload, { transport: 'ws', session })
    if (reply !== null) send(reply)
  })

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
    hub.drop(owner)
  })
  ws.on('error', () => {
    // 'close' follows and ends the session
  })
}
