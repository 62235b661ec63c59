import http from 'node:http'
import type { Socket } from 'node:net'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance } from 'fastify'
import WebSocket, { WebSocketServer } from 'ws'
import { clientLimits, limitedServer } from '../clientLimits.ts'
import { asClient, clientOfConnection, FairShare, fairShareLimits } from './fairShare.ts'
import type { ServiceConfig } from '../config.ts'
import { listenOn } from '../listenOn.ts'
import { answerBeforeBody } from './answerBeforeBody.ts'
import { keyFromPath, secretEquals } from './auth.ts'
import { Dispatcher, type NetworkRules } from './dispatch.ts'
import { parseRequestText } from './exactIds.ts'
import { ErrorCode, errorReply, serializeReply } from './jsonrpc.ts'
import { TokenBucket, rateLimitData } from './rateLimit.ts'
import { serveSocket } from './socket.ts'
import { QuietSubscriptions } from './quietSubscriptions.ts'
import { SubscriptionHub, type Subscriptions } from './subscriptionHub.ts'
import { IpcUpstream } from './ipcUpstream.ts'
import { Upstream, type NodeClient } from './upstream.ts'

/** A further network served by the same gateway at `/sample/<name>` (its {base_url}), e.g. a recorded sample. */
export type ExtraNetwork = { name: string; rules: NetworkRules; node: NodeClient }

export type GatewayOptions = {
  config: ServiceConfig
  /** Where the node is: read on each use, so a restarted node is found. */
  nodeHttpUrl: () => string
  /** The node's IPC socket, when it has one: calls go there instead of over HTTP (see IpcUpstream). */
  nodeIpcPath?: () => string
  nodeWsUrl: () => string
  extraNetworks?: ExtraNetwork[]
  log: (line: string) => void
  /** Listen on this inherited socket instead of config.rpcPort (the supervisor holds the port across restarts). */
  listenFd?: number
}

type ServedNetwork = { prefix: string; dispatcher: Dispatcher; subscriptions: Subscriptions }

export type Gateway = {
  app: FastifyInstance
  port: number
  /** Live subscriptions held at the node for clients (tests check that closed sockets release theirs). */
  subscriptionCount(): number
  close(): Promise<void>
}

const jsonHeader = { 'content-type': 'application/json; charset=utf-8' }

/** An HTTP answer to a JSON-RPC POST; body null for 204. */
type PostAnswer = { status: number; headers: Record<string, string>; body: string | Buffer | null }

const jsonAnswer = (status: number, body: unknown): PostAnswer => ({ status, headers: jsonHeader, body: JSON.stringify(body) })

/** The spec's Part A on one port: POST /v3/<KEY> and WebSocket /ws/v3/<KEY>, in front of the node. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { config, log } = options
  const nodeOverHttp = new Upstream(options.nodeHttpUrl, config.upstreamTimeoutMs)
  const node = options.nodeIpcPath ? new IpcUpstream(options.nodeIpcPath, config.upstreamTimeoutMs, nodeOverHttp) : nodeOverHttp
  const failoverUrl = config.estimateGasFailover.partnerUrl
  const partner = failoverUrl ? new Upstream(() => failoverUrl, config.upstreamTimeoutMs) : null
  const dispatcher = new Dispatcher({
    config,
    // Shared between clients, a turn each (fairShare.ts).
    node: new FairShare(node, { ...fairShareLimits, responseBytes: config.maxResponseBytes }),
    partner,
    onInternalError: (error) => log(`gateway: internal error: ${error instanceof Error ? error.message : String(error)}`),
  })
  const hub = new SubscriptionHub(options.nodeWsUrl, config.upstreamTimeoutMs)
  const served: ServedNetwork[] = [
    { prefix: '', dispatcher, subscriptions: hub },
    ...(options.extraNetworks ?? []).map((network) => ({
      prefix: `/sample/${network.name}`,
      dispatcher: new Dispatcher({ config, network: network.rules, node: network.node, partner: null }),
      subscriptions: new QuietSubscriptions(),
    })),
  ]
  /** The network a path belongs to, and the rest of the path after its prefix. */
  const route = (pathname: string): { network: ServedNetwork; rest: string } | null => {
    for (const network of served) {
      if (network.prefix === '' ? !pathname.startsWith('/sample/') : pathname.startsWith(network.prefix + '/') || pathname === network.prefix) {
        return { network, rest: pathname.slice(network.prefix.length) }
      }
    }
    return null
  }
  const bucket = config.rateLimit ? new TokenBucket(config.rateLimit) : null

  // Answers made once: the fast path and Fastify's error handler give the same ones.
  const bodyTooLarge = errorReply(null, { code: ErrorCode.invalidRequest, message: `request body is larger than the limit of ${config.maxBodyBytes} bytes` })
  const bodyTooLargeBody = JSON.stringify(bodyTooLarge)
  const unauthorizedBody = JSON.stringify(errorReply(null, { code: ErrorCode.unauthorized, message: 'unauthorized: invalid project key' }))
  const internalError = errorReply(null, { code: ErrorCode.internal, message: 'internal error' })

  /** What @fastify/cors (origin: true) adds to every answer: the caller's origin, reflected. */
  const corsHeaders = (request: http.IncomingMessage): Record<string, string> | null => {
    const origin = request.headers.origin
    return origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : null
  }

  /**
   * Every request to a keyed JSON-RPC path (`/v3...` of any network) is decided here, on node:http, before
   * Fastify: a wrong key is a 401 with a JSON-RPC error whatever its length (Fastify's router answered a key
   * over 100 characters with its own 414, echoing the path), a declared body over the limit a 413 (both
   * answered before the body is read, then the body drained: answerBeforeBody), and an authorised POST is read
   * and answered directly. That last is also the hot path: Fastify's request pipeline (hooks, content-type
   * parsing, reply) took a large share of each call's CPU under many clients, and the gateway shares the CPU
   * with the node and the clients. Preflights, other methods (405) and unknown paths (404) go to Fastify.
   * Returns false for those.
   */
  const serveRpcPath = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    if (request.method === 'OPTIONS') return false
    const routed = route((request.url ?? '/').split('?')[0]!)
    if (!routed || (routed.rest !== '/v3' && !routed.rest.startsWith('/v3/'))) return false
    // A response whose client has gone may still be written to; its error must not go unheard.
    response.on('error', () => {})
    const cors = corsHeaders(request)
    const key = keyFromPath(routed.rest, '/v3/')
    if (key === null || !secretEquals(key, config.key)) {
      answerBeforeBody(request, response, { status: 401, headers: { ...jsonHeader, ...cors }, body: unauthorizedBody })
      return true
    }
    if (request.method !== 'POST') return false
    if (Number(request.headers['content-length'] ?? 0) > config.maxBodyBytes) {
      answerBeforeBody(request, response, { status: 413, headers: { ...jsonHeader, ...cors }, body: bodyTooLargeBody })
      return true
    }
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size <= config.maxBodyBytes) return void chunks.push(chunk)
      // A body without a declared length that grows past the limit: the same 413.
      tooLarge = true
      chunks.length = 0
      answerBeforeBody(request, response, { status: 413, headers: { ...jsonHeader, ...cors }, body: bodyTooLargeBody })
    })
    request.on('error', () => {})
    request.on('end', () => {
      if (tooLarge) return
      const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
      answerPost(routed.network, String(request.headers['content-type'] ?? ''), body, request.socket)
        .catch((error: unknown) => {
          log(`gateway: ${error instanceof Error ? error.message : String(error)}`)
          return jsonAnswer(500, internalError)
        })
        .then((answer) => {
          response.writeHead(answer.status, cors ? { ...answer.headers, ...cors } : answer.headers)
          response.end(answer.body ?? undefined)
        })
    })
    return true
  }

  const limits = clientLimits(config)
  const app = Fastify({
    bodyLimit: config.maxBodyBytes,
    logger: false,
    forceCloseConnections: true,
    // A configured key may be long; the router must not answer a path with a long key with its own 414.
    routerOptions: { maxParamLength: 16_384 },
    serverFactory: (fastifyHandler) => {
      const server = limitedServer(limits, (request, response) => {
        if (!serveRpcPath(request, response)) fastifyHandler(request, response)
      })
      server.on('clientError', answerClientError)
      return server
    },
  })
  await app.register(cors, { origin: true, methods: ['POST', 'OPTIONS'], allowedHeaders: ['content-type'], maxAge: 600 })

  // The body is parsed here, not by Fastify, so malformed JSON answers -32700 as JSON-RPC asks.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  app.setErrorHandler((error: { code?: string; statusCode?: number; message?: string }, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).headers(jsonHeader).send(bodyTooLarge)
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) log(`gateway: ${error.message ?? 'unknown error'}`)
    return reply.code(status).headers(jsonHeader).send(status === 500 ? internalError : errorReply(null, { code: ErrorCode.invalidRequest, message: 'bad request' }))
  })
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).headers(jsonHeader).send(
      errorReply(null, { code: ErrorCode.invalidRequest, message: 'not found: JSON-RPC is served at POST /v3/<API_KEY> and WebSocket /ws/v3/<API_KEY>' }),
    ),
  )

  /** What an authorised JSON-RPC POST answers (serveRpcPath reads the body and sends this). */
  const answerPost = async (network: ServedNetwork, contentType: string, body: string, connection: object): Promise<PostAnswer> => {
    if (!/^application\/json\b/i.test(contentType)) {
      return jsonAnswer(415, errorReply(null, { code: ErrorCode.invalidRequest, message: 'unsupported content type: send Content-Type: application/json' }))
    }
    let payload: unknown
    try {
      payload = parseRequestText(body)
    } catch {
      return jsonAnswer(200, errorReply(null, { code: ErrorCode.parse, message: 'parse error: the body is not valid JSON' }))
    }
    if (bucket && config.rateLimit) {
      const taken = bucket.take(Dispatcher.callCount(payload))
      if (!taken.ok) {
        const answer = jsonAnswer(429, errorReply(null, { code: ErrorCode.limitExceeded, message: 'rate limit exceeded: too many requests', data: rateLimitData(config.rateLimit, taken.retryAfterMs) }))
        return { ...answer, headers: { ...answer.headers, 'retry-after': String(Math.ceil(taken.retryAfterMs / 1000)) } }
      }
    }
    const result = await asClient(clientOfConnection(connection), () => network.dispatcher.handlePayload(payload, { transport: 'http' }))
    if (result === null) return { status: 204, headers: {}, body: null }
    return { status: 200, headers: jsonHeader, body: serializeReply(result) }
  }
  for (const network of served) {
    app.get(`${network.prefix}/v3/:key`, async (_request, reply) =>
      reply.code(405).headers({ ...jsonHeader, allow: 'POST' }).send(
        errorReply(null, { code: ErrorCode.invalidRequest, message: 'method not allowed: send JSON-RPC with POST' }),
      ),
    )
  }

  // A message over the limit gets a JSON-RPC error and the socket stays open (socket.ts); only one over twice the
  // limit closes it (1009), so the gateway never holds more than that in memory for one message.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 2 * config.maxBodyBytes })
  app.server.on('upgrade', (request, socket: Socket, head) => {
    // Node's http server stops listening to a socket it hands over for an upgrade; a client that resets it while
    // it is refused (or before ws takes it) would otherwise raise an unhandled 'error' and stop the process.
    socket.on('error', () => socket.destroy())
    const routed = route((request.url ?? '/').split('?')[0]!)
    if (!routed || (routed.rest !== '/ws/v3' && !routed.rest.startsWith('/ws/v3/'))) {
      return refuseUpgrade(socket, 404, 'not found: WebSocket JSON-RPC is served at /ws/v3/<API_KEY>')
    }
    const key = keyFromPath(routed.rest, '/ws/v3/')
    if (key === null || !secretEquals(key, config.key)) {
      return refuseUpgrade(socket, 401, 'unauthorized: invalid project key')
    }
    const { dispatcher: networkDispatcher, subscriptions } = routed.network
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) =>
      serveSocket(ws, { dispatcher: networkDispatcher, hub: subscriptions, bucket, rateLimit: config.rateLimit, keepAliveMs: limits.peerTimeoutMs / 2, maxMessageBytes: config.maxBodyBytes, log }),
    )
  })

  await app.listen(listenOn(config.rpcPort, options.listenFd))
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.rpcPort

  return {
    app,
    port,
    subscriptionCount: () => hub.subscriptionCount,
    async close() {
      for (const client of wss.clients) client.terminate()
      wss.close()
      for (const network of served) network.subscriptions.close()
      await app.close()
      node.close()
      nodeOverHttp.close()
      partner?.close()
    },
  }
}

/**
 * A request Node's HTTP parser refused (malformed, headers over 16 KiB, too slow): the same answer Node gives,
 * with a JSON-RPC error as its body and nothing of the request echoed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
  const [status, statusText, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'request line and headers are larger than 16 KiB']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request timeout']
        : [400, 'Bad Request', 'bad request: not a valid HTTP request']
  endRefused(socket, rawJsonAnswer(status, statusText, JSON.stringify(errorReply(null, { code: ErrorCode.invalidRequest, message }))))
}

/** A whole HTTP/1.1 answer with a JSON body, for a socket no HTTP machinery owns. */
function rawJsonAnswer(status: number, statusText: string, body: string): string {
  return `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
}

/**
 * Writes a refusal and ends a socket that no HTTP machinery owns any more (a refused upgrade, a request the parser
 * refused). It is read and discarded until the client closes, for 5 s at most: a paused socket never notices that
 * its client has gone, and each such client would keep one open for ever (the gateway's close waited on them).
 */
function endRefused(socket: import('node:stream').Duplex & { setTimeout?: (ms: number, callback: () => void) => unknown }, answer: string): void {
  socket.setTimeout?.(5_000, () => socket.destroy())
  socket.on('data', () => {})
  socket.resume()
  socket.end(answer)
}

function refuseUpgrade(socket: Socket, status: 401 | 404, message: string): void {
  const body = JSON.stringify(errorReply(null, { code: status === 401 ? ErrorCode.unauthorized : ErrorCode.invalidRequest, message }))
  const statusText = status === 401 ? 'Unauthorized' : 'Not Found'
  endRefused(socket, rawJsonAnswer(status, statusText, body))
}
