import type { Socket } from 'node:net'
import replyFrom from '@fastify/reply-from'
import type { FastifyInstance, FastifyReply } from 'fastify'
import WebSocket, { WebSocketServer, type RawData } from 'ws'
import type { Network, RuntimeConfig } from '../contract/runtimeConfig.ts'
import { proxyPrefixes } from './browserConfig.ts'
import { closeIfUnread, defaultClientLimits, keepPeerAlive } from './clientLimits.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../contract/endpoints.ts'

/**
 * The deployment's networks reached through the app server: the browser talks to the app's own origin, and the
 * app server adds the project key (the spec's /v3/<key> and /ws/v3/<key>) and the file store's Basic credentials
 * on the way out. No page, /config.json or asset carries a configured key or secret (publicRuntimeConfig). The
 * same path serves JSON-RPC over HTTP (POST) and over WebSocket (an upgrade), as a provider's endpoint does.
 */

/** JSON-RPC's "internal error": the service behind the proxy did not answer. */
const unavailableCode = -32603

function unavailable(reply: FastifyReply, message: string, status = 502): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', 'no-store').send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: unavailableCode, message } }))
}

/** The Pinning Service API's error shape (its Failure schema), for what the proxy itself answers on its path. */
function pinningFailure(reply: FastifyReply, status: number, reason: string, details: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').header('cache-control', 'no-store').send(JSON.stringify({ error: { reason, details } }))
}

/** The request headers passed on: what the body and its answer need, nothing of the visitor's (cookies, origin). */
const forwardedHeaders = ['content-type', 'content-length', 'transfer-encoding', 'accept', 'accept-encoding', 'range']

function passedOn(headers: Record<string, string | string[] | undefined>, extra: Record<string, string> = {}): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const name of forwardedHeaders) {
    const value = headers[name]
    if (value !== undefined) out[name] = value
  }
  return { ...out, ...extra }
}

/** HTTP Basic for the file store: base64 of the UTF-8 `key:secret`. */
export function basicAuthorization(key: string, secret: string): string {
  return `Basic ${Buffer.from(`${key}:${secret}`, 'utf8').toString('base64')}`
}

/** Closing codes a server may send (1005, 1006 and 1015 are only ever reported, never sent). */
function sendableCode(code: number): number {
  return code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : 1011
}

/**
 * One visitor's socket joined to one upstream socket: messages pass both ways as they are; whichever side closes,
 * the other is closed with its code (the app's client then reconnects and resubscribes). Messages the visitor
 * sends before the upstream socket is open wait for it.
 */
function bridge(visitor: WebSocket, url: string, timeoutMs: number, log: (line: string) => void): void {
  const upstream = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs })
  const waiting: Array<{ data: RawData; binary: boolean }> = []
  visitor.on('message', (data, binary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary })
    else waiting.push({ data, binary })
  })
  upstream.on('open', () => {
    for (const message of waiting.splice(0)) upstream.send(message.data, { binary: message.binary })
  })
  upstream.on('message', (data, binary) => {
    if (visitor.readyState !== WebSocket.OPEN) return
    visitor.send(data, { binary })
    closeIfUnread(visitor, log, 'app')
  })
  upstream.on('close', (code, reason) => {
    if (visitor.readyState === WebSocket.OPEN || visitor.readyState === WebSocket.CONNECTING) visitor.close(sendableCode(code), reason)
  })
  // Refused or unreachable: the visitor is told once, by the close that follows (1011, the service did not answer).
  upstream.on('error', () => {
    if (visitor.readyState === WebSocket.OPEN) visitor.close(1011, 'the service did not answer')
    upstream.terminate()
  })
  upstream.on('unexpected-response', (_request, response) => {
    response.resume()
    if (visitor.readyState === WebSocket.OPEN) visitor.close(1011, `the service refused the socket (HTTP ${response.statusCode})`)
    upstream.terminate()
  })
  visitor.on('close', () => upstream.terminate())
  visitor.on('error', () => visitor.terminate())
}

/** Answers an upgrade the proxy does not serve, on a socket no HTTP machinery owns any more. */
function refuseUpgrade(socket: Socket): void {
  const body = JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'not found: no such network' } })
  socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`)
}

export type NetworkProxyOptions = {
  /**
   * How long an answer, or a socket's opening, may take before the visitor gets a JSON-RPC error (or a 1011
   * close) instead. Past the service's own limits (its node: 30 s by default; eth_getLogs: 10 s).
   */
  timeoutMs?: number
  /** A visitor's socket that answers no ping within this is closed (clientLimits.ts). */
  peerTimeoutMs?: number
  /** Where a visitor's socket closed for its unread messages is said. */
  log?: (line: string) => void
}

/** The default of NetworkProxyOptions.timeoutMs. */
export const proxyTimeoutMs = 60_000

/**
 * Registers the proxy on the app server: POST /rpc/<network> and its WebSocket upgrade, and
 * /files/<network>/api/v0/<command> (any method, bodies streamed: an upload is up to the file store's limit) and
 * /files/<network>/pinning/<path> (the store's Pinning Service API),
 * each to the network `runtime()` configures, read per request (in-process, the ports are known late).
 */
export async function registerNetworkProxy(app: FastifyInstance, runtime: () => RuntimeConfig, options: NetworkProxyOptions = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? proxyTimeoutMs
  const networkNamed = (name: string): Network | undefined => runtime().networks.find((network) => network.name === name)
  await app.register(async (scope) => {
    // Bodies pass through as streams, never parsed or held here.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload))
    await scope.register(replyFrom, { disableRequestLogging: true, undici: { headersTimeout: timeoutMs, bodyTimeout: timeoutMs } })
    // The service refused the connection or outlasted the limit: a JSON-RPC error, never a hang.
    const onError = (reply: unknown) => void unavailable(reply as FastifyReply, 'the service did not answer')

    scope.post<{ Params: { network: string } }>(`${proxyPrefixes.rpc}/:network`, (request, reply) => {
      const network = networkNamed(request.params.network)
      if (!network) return unavailable(reply, 'not found: no such network', 404)
      return reply.from(rpcHttpUrl(network), { rewriteRequestHeaders: (_request, headers) => passedOn(headers), onError, timeout: timeoutMs })
    })

    // The default network's store as a read-only path gateway on the app's origin (its answers sandboxed by the store).
    scope.get<{ Params: { '*': string } }>('/ipfs/*', (request, reply) => {
      const config = runtime()
      const network = networkNamed(config.defaultNetwork)
      if (!network?.ipfsUrl) return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('no file store on this deployment')
      const query = request.url.indexOf('?')
      const target = `${network.ipfsUrl.replace(/\/+$/, '')}/ipfs/${request.params['*']}${query < 0 ? '' : request.url.slice(query)}`
      return reply.from(target, { rewriteRequestHeaders: (_request, headers) => passedOn(headers), onError: (sent) => void (sent as FastifyReply).code(502).send('the file store did not answer'), timeout: timeoutMs })
    })

    // The store's Pinning Service API (the suggested service of the Files page), its Bearer token added here as the
    // RPC's Basic credentials are: the browser holds neither. Its errors keep the spec's Failure shape.
    scope.all<{ Params: { network: string; '*': string } }>(`${proxyPrefixes.files}/:network/pinning/*`, (request, reply) => {
      const network = networkNamed(request.params.network)
      if (!network?.ipfsUrl) return pinningFailure(reply, 404, 'NOT_FOUND', 'no file store for this network')
      const query = request.url.indexOf('?')
      const target = `${network.ipfsUrl.replace(/\/+$/, '')}/pinning/${request.params['*']}${query < 0 ? '' : request.url.slice(query)}`
      const authorization = `Bearer ${network.pinningToken ?? network.secret}`
      return reply.from(target, {
        rewriteRequestHeaders: (_request, headers) => passedOn(headers, { authorization }),
        onError: (sent) => void pinningFailure(sent as FastifyReply, 502, 'UNAVAILABLE', 'the file store did not answer'),
        timeout: timeoutMs,
      })
    })

    scope.all<{ Params: { network: string; '*': string } }>(`${proxyPrefixes.files}/:network/api/v0/*`, (request, reply) => {
      const network = networkNamed(request.params.network)
      if (!network?.ipfsUrl) return unavailable(reply, 'not found: no file store for this network', 404)
      const query = request.url.indexOf('?')
      const target = `${network.ipfsUrl.replace(/\/+$/, '')}/api/v0/${request.params['*']}${query < 0 ? '' : request.url.slice(query)}`
      const authorization = basicAuthorization(network.key, network.secret)
      return reply.from(target, { rewriteRequestHeaders: (_request, headers) => passedOn(headers, { authorization }), onError, timeout: timeoutMs })
    })
  })

  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false })
  app.server.on('upgrade', (request, socket: Socket, head) => {
    // A client that resets the socket while it is refused must not raise an unhandled 'error'.
    socket.on('error', () => socket.destroy())
    const path = (request.url ?? '/').split('?')[0]!
    const name = path.startsWith(`${proxyPrefixes.rpc}/`) ? /^([a-z0-9][a-z0-9-]*)\/?$/.exec(path.slice(proxyPrefixes.rpc.length + 1))?.[1] : undefined
    const network = name === undefined ? undefined : networkNamed(name)
    if (!network) return refuseUpgrade(socket)
    sockets.handleUpgrade(request, socket, head, (visitor) => {
      keepPeerAlive(visitor, { peerTimeoutMs: options.peerTimeoutMs ?? defaultClientLimits.peerTimeoutMs })
      bridge(visitor, rpcSocketUrl(network), timeoutMs, options.log ?? ((line) => console.log(line)))
    })
  })
  app.addHook('onClose', async () => {
    for (const visitor of sockets.clients) visitor.terminate()
    sockets.close()
  })
}
