import http from 'node:http'
import type { Socket } from 'node:net'
import cors from '@fastify/cors'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import WebSocket, { WebSocketServer } from 'ws'
import type { ServiceConfig } from '../config.ts'
import { listenOn } from '../listenOn.ts'
import { keyFromPath, secretEquals } from './auth.ts'
import { Dispatcher, type NetworkRules } from './dispatch.ts'
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
    node,
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

  // The answers both the fast path and Fastify's error handler give.
  const bodyTooLarge = errorReply(null, { code: ErrorCode.invalidRequest, message: `request body is larger than the limit of ${config.maxBodyBytes} bytes` })
  const internalError = errorReply(null, { code: ErrorCode.internal, message: 'internal error' })

  /**
   * The hot path, before Fastify: an authorised JSON-RPC POST is read and answered on node:http directly.
   * Fastify's request pipeline (hooks, content-type parsing, reply) cost ~15-20 us of CPU per call under 64
   * clients (measured A/B: 57-79 us with it, 41-51 us without), on a machine where the gateway shares its two
   * cores with the node and the clients. Everything else (preflights, wrong keys, oversized bodies, wrong
   * methods and paths) still goes to Fastify, which decides those answers.
   */
  const fastPost = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    if (request.method !== 'POST') return false
    const routed = route((request.url ?? '/').split('?')[0]!)
    if (!routed || !routed.rest.startsWith('/v3/')) return false
    const key = keyFromPath(routed.rest, '/v3/')
    if (key === null || !secretEquals(key, config.key)) return false
    if (Number(request.headers['content-length'] ?? 0) > config.maxBodyBytes) return false
    const origin = request.headers.origin
    // What @fastify/cors (origin: true) adds to every answer: the caller's origin, reflected.
    const cors: Record<string, string> | null = origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : null
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size <= config.maxBodyBytes) return void chunks.push(chunk)
      // A body without a declared length that grows past the limit: the same 413 Fastify gives.
      tooLarge = true
      chunks.length = 0
      const answer = jsonAnswer(413, bodyTooLarge)
      response.writeHead(answer.status, { ...answer.headers, ...cors, connection: 'close' })
      response.end(answer.body, () => request.destroy())
    })
    request.on('error', () => {})
    request.on('end', () => {
      if (tooLarge) return
      const body = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
      answerPost(routed.network, String(request.headers['content-type'] ?? ''), body)
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

  const app = Fastify({
    bodyLimit: config.maxBodyBytes,
    logger: false,
    forceCloseConnections: true,
    serverFactory: (fastifyHandler) => {
      const server = http.createServer((request, response) => {
        if (!fastPost(request, response)) fastifyHandler(request, response)
      })
      // Fastify's own defaults for a server it makes.
      server.keepAliveTimeout = 72_000
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

  // The key is checked before the body is read: a wrong key costs nothing and reaches nothing.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return
    const routed = route(request.url.split('?')[0]!)
    if (!routed || (routed.rest !== '/v3' && !routed.rest.startsWith('/v3/'))) return
    const key = keyFromPath(routed.rest, '/v3/')
    if (key === null || !secretEquals(key, config.key)) {
      return reply.code(401).headers(jsonHeader).send(
        errorReply(null, { code: ErrorCode.unauthorized, message: 'unauthorized: invalid project key' }),
      )
    }
  })

  /** What a JSON-RPC POST answers, whichever way it came in (the fast path below or Fastify's route). */
  const answerPost = async (network: ServedNetwork, contentType: string, body: string): Promise<PostAnswer> => {
    if (!/^application\/json\b/i.test(contentType)) {
      return jsonAnswer(415, errorReply(null, { code: ErrorCode.invalidRequest, message: 'unsupported content type: send Content-Type: application/json' }))
    }
    let payload: unknown
    try {
      payload = JSON.parse(body)
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
    const result = await network.dispatcher.handlePayload(payload, { transport: 'http' })
    if (result === null) return { status: 204, headers: {}, body: null }
    return { status: 200, headers: jsonHeader, body: serializeReply(result) }
  }
  const handlePost = (network: ServedNetwork) => async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await answerPost(network, String(request.headers['content-type'] ?? ''), String(request.body ?? ''))
    reply.code(answer.status).headers(answer.headers)
    return answer.body === null ? reply.send() : reply.send(answer.body)
  }
  for (const network of served) {
    app.post(`${network.prefix}/v3/:key`, handlePost(network))
    app.get(`${network.prefix}/v3/:key`, async (_request, reply) =>
      reply.code(405).headers({ ...jsonHeader, allow: 'POST' }).send(
        errorReply(null, { code: ErrorCode.invalidRequest, message: 'method not allowed: send JSON-RPC with POST' }),
      ),
    )
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: config.maxBodyBytes })
  app.server.on('upgrade', (request, socket: Socket, head) => {
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
      serveSocket(ws, { dispatcher: networkDispatcher, hub: subscriptions, bucket, rateLimit: config.rateLimit, keepAliveMs: 30_000 }),
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

function refuseUpgrade(socket: Socket, status: 401 | 404, message: string): void {
  const body = JSON.stringify(errorReply(null, { code: status === 401 ? ErrorCode.unauthorized : ErrorCode.invalidRequest, message }))
  const statusText = status === 401 ? 'Unauthorized' : 'Not Found'
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
