import http from 'node:http'
import type { Socket } from 'node:net'
import type WebSocket from 'ws'

/**
 * What a client may hold of a port before it is let go: the same on the gateway, the file store and the app.
 * A client that sends half a request head, trickles a body, or keeps a connection open saying nothing holds a
 * socket (and, for a body, a request's memory) that a real client would be using.
 */
export type ClientLimits = {
  /** From the connection's start, the whole request head. */
  headMs: number
  /** A body must arrive at this average rate once `bodyGraceMs` have passed. */
  bodyMinBytesPerSecond: number
  bodyGraceMs: number
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number
  /** A WebSocket peer that answers no ping within this is closed. */
  peerTimeoutMs: number
}

/** The limits when nothing sets them (server/config.ts defaults). */
export const defaultClientLimits: ClientLimits = { headMs: 10_000, bodyMinBytesPerSecond: 512, bodyGraceMs: 10_000, keepAliveMs: 5_000, peerTimeoutMs: 30_000 }

/** Defaults: CHAINGLASS_SLOW_CLIENT_MS (the head and the body's grace) and CHAINGLASS_PEER_TIMEOUT_MS move them. */
export function clientLimits(settings: { slowClientMs: number; peerTimeoutMs: number }): ClientLimits {
  return { ...defaultClientLimits, headMs: settings.slowClientMs, bodyGraceMs: settings.slowClientMs, peerTimeoutMs: settings.peerTimeoutMs }
}

const refusal = (status: number, text: string, message: string) => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } })
  return `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/**
 * Ends a request whose body comes slower than the limit: a 408 when nothing has been answered yet, and the
 * connection closed. Measured on the socket's bytes, so the stream's own reader is left alone; a body the
 * server itself holds back (its consumer paused the stream) is not the client's doing and is not counted.
 */
function watchBodyRate(request: http.IncomingMessage, response: http.ServerResponse, limits: ClientLimits): void {
  const length = request.headers['content-length']
  if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined) return
  const socket = request.socket as Socket
  const startedAt = performance.now()
  const startBytes = socket.bytesRead
  let heldFor = 0
  const check = setInterval(() => {
    if (request.complete || socket.destroyed) return clearInterval(check)
    if (request.isPaused() || socket.isPaused()) {
      heldFor += 1_000
      return
    }
    const seconds = (performance.now() - startedAt - heldFor) / 1000
    if (seconds * 1000 < limits.bodyGraceMs) return
    if ((socket.bytesRead - startBytes) / seconds >= limits.bodyMinBytesPerSecond) return
    clearInterval(check)
    if (!response.headersSent) socket.end(refusal(408, 'Request Timeout', `request body too slow: under ${limits.bodyMinBytesPerSecond} bytes a second`))
    socket.destroySoon()
  }, Math.min(1_000, limits.bodyGraceMs))
  check.unref()
  request.once('close', () => clearInterval(check))
}

/**
 * The http.Server for a part (Fastify's serverFactory), with `limits`: the head within headMs (Node checks
 * its connections this often), idle keep-alive connections closed after keepAliveMs, bodies held to a rate.
 * Node's own whole-request timeout is off: an upload of gigabytes takes as long as it takes at a fair rate.
 */
export function limitedServer(limits: ClientLimits, handler: http.RequestListener): http.Server {
  return http.createServer(
    {
      headersTimeout: limits.headMs,
      requestTimeout: 0,
      keepAliveTimeout: limits.keepAliveMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headMs / 4))),
    },
    (request, response) => {
      watchBodyRate(request, response, limits)
      handler(request, response)
    },
  )
}

/**
 * Pings `socket` every half of peerTimeoutMs; one that has not answered the last ping by the next is closed
 * (terminated: a dead peer reads no close frame). So a peer gone without a word is let go within the limit.
 */
export function keepPeerAlive(socket: WebSocket, limits: Pick<ClientLimits, 'peerTimeoutMs'>): void {
  let answered = true
  socket.on('pong', () => {
    answered = true
  })
  const ping = setInterval(() => {
    if (!answered) return void socket.terminate()
    answered = false
    socket.ping()
  }, Math.max(10, Math.floor(limits.peerTimeoutMs / 2)))
  ping.unref()
  socket.once('close', () => clearInterval(ping))
}

/** What a WebSocket peer may leave unread before it is closed: the messages it has not taken, in bytes. */
export const unreadLimitBytes = 16 * 1024 * 1024

/**
 * After a send: a peer that has left more than unreadLimitBytes unread (it sends and never reads) is closed
 * with 1009 ("message too big": more than it can take), said once on `log`, and cut off 5 s later if it still
 * has not read its way to the close. Nothing more is queued for it meanwhile (its socket is closing).
 */
export function closeIfUnread(socket: WebSocket, log: (line: string) => void, what: string, limitBytes = unreadLimitBytes): void {
  if (socket.readyState !== socket.OPEN || socket.bufferedAmount <= limitBytes) return
  log(`${what}: a client left ${Math.round(socket.bufferedAmount / 1024 / 1024)} MB of answers unread; its socket is closed (1009)`)
  socket.close(1009, 'too many unread messages')
  setTimeout(() => socket.terminate(), 5_000).unref()
}
