import fs from 'node:fs/promises'
import path from 'node:path'
import cors from '@fastify/cors'
import Fastify, { type FastifyReply } from 'fastify'
import { AddSessions } from './addSessions.ts'
import { credentialsMatch } from './auth.ts'
import { jsonType, type FilesContext } from './context.ts'
import { FileStoreError, KuboErrorCode, kuboErrorBody, toFilesError } from './errors.ts'
import { GcLock } from './gcLock.ts'
import { PinSet } from './pins.ts'
import { recoverInterruptedAdds } from './recovery.ts'
import { addRoute } from './routes/add.ts'
import { blockGetRoute, blockStatRoute, dagGetRoute } from './routes/block.ts'
import { catRoute } from './routes/cat.ts'
import { dagExportRoute, dagStatRoute, lsRoute } from './routes/dag.ts'
import { dagImportRoute } from './routes/dagImport.ts'
import { filesCpRoute, filesLsRoute, filesMkdirRoute, filesMvRoute, filesReadRoute, filesRmRoute, filesStatRoute, filesWriteRoute } from './routes/folders.ts'
import { gatewayRoute } from './routes/gateway.ts'
import { pinAddRoute, pinLsRoute, pinRmRoute } from './routes/pin.ts'
import { repoGcRoute } from './routes/repoGc.ts'
import { serviceVersion, versionRoute } from './routes/version.ts'
import { Folders } from './folders.ts'
import { defaultPeerWaitMs, filePeer } from './peer.ts'
import { idRoute, swarmConnectRoute, swarmPeersRoute } from './routes/swarm.ts'
import { BlockStore } from './store.ts'
import { pinningPrefix, pinningRoutes } from './pinning/routes.ts'
import { PinRequests } from './pinning/requests.ts'
import { defaultPinningTimeoutMs, PinningWorker } from './pinning/worker.ts'
import { CID } from 'multiformats/cid'
import { listenOn } from '../listenOn.ts'
import { defaultClientLimits, limitedServer, type ClientLimits } from '../clientLimits.ts'

export type FileServiceOptions = {
  /** 0 lets the OS pick; a taken port rejects with an error whose code is EADDRINUSE. */
  port: number
  key: string
  secret: string
  /** Blocks go to `<dataDir>/files/blocks`, pins to `<dataDir>/files/pins.json`. */
  dataDir: string
  /** Largest add request body; default 2 GiB. */
  maxUploadBytes?: number
  /** Origins allowed to call from a browser; `true` reflects any origin. Default: none. */
  allowedOrigins?: string[] | true
  log?: (line: string) => void
  /** What a slow or silent client may hold (clientLimits.ts); the defaults when absent. */
  limits?: ClientLimits
  /** Listen on this inherited socket instead of `port` (the supervisor holds the port across restarts). */
  listenFd?: number
  /** The IPFS peer's loopback TCP port (peer.ts); 0, the default, lets the OS pick (`id` says which). */
  swarmPort?: number
  /** How long a read waits for connected peers to send a block the store lacks; default 30 s. */
  peerWaitMs?: number
  /** The Pinning Service API's Bearer token (`/pinning`); default: `secret`. */
  pinningToken?: string
  /** How long a pin request waits for its blocks before it fails (pinning/worker.ts has the default). */
  pinningTimeoutMs?: number
}

/** `server`: the supervised worker stops it accepting when its process must go (server/supervisor/crashGuard.ts). */
export type FileService = { port: number; server: import('node:http').Server; close(): Promise<void> }

export const defaultMaxUploadBytes = 2 * 1024 ** 3

/** Kubo's stream headers, readable by the app's JavaScript. */
const exposedHeaders = ['X-Stream-Output', 'X-Chunked-Output', 'X-Content-Length']

const endpoints = ['add', 'cat', 'ls', 'pin/add', 'pin/rm', 'pin/ls', 'repo/gc', 'version', 'id', 'swarm/connect', 'swarm/peers', 'dag/stat', 'dag/export', 'dag/import', 'dag/get', 'block/stat', 'block/get', 'files/mkdir', 'files/write', 'files/ls', 'files/stat', 'files/rm', 'files/mv', 'files/cp', 'files/read']

/** What the peer tells others it runs (identify) and `id` answers. */
const agentVersion = `chainglass-files/${serviceVersion}`

const isPinningPath = (url: string) => url === pinningPrefix || url.startsWith(`${pinningPrefix}/`) || url.startsWith(`${pinningPrefix}?`)

function sendError(reply: FastifyReply, error: FileStoreError): FastifyReply {
  return reply.code(error.status).header('content-type', jsonType).send(kuboErrorBody(error.message, error.code))
}

/**
 * The spec's Part B on 127.0.0.1: Kubo's RPC subset (add, cat, ls, pin/add, pin/rm, pin/ls, repo/gc, version, id,
 * swarm/connect, swarm/peers, dag/stat, dag/export, dag/import, dag/get, block/stat, block/get, files/*: the node's folder tree) over a UnixFS block store on disk, behind HTTP Basic auth, and an IPFS peer on
 * loopback (peer.ts) that serves those blocks to the peers it is connected to and fetches from them; and the IPFS Pinning
 * Service API at /pinning (pinning/routes.ts) behind a Bearer token.
 */
export async function startFileService(options: FileServiceOptions): Promise<FileService> {
  const log = options.log ?? (() => {})
  const root = path.join(options.dataDir, 'files')
  await fs.mkdir(root, { recursive: true })
  const store = new BlockStore(path.join(root, 'blocks'))
  await store.open()
  const pins = await PinSet.load(path.join(root, 'pins.json'))
  const requests = await PinRequests.load(path.join(root, 'pinning.json'))
  const journals = path.join(root, 'adds')
  const recovered = await recoverInterruptedAdds(root, journals, store, pins, requests.heldCids().map((cid) => CID.parse(cid)))
  if (recovered.interruptedAdds > 0 || recovered.tempFilesRemoved > 0) {
    log(
      `files: cleaned up after ${recovered.interruptedAdds} unfinished add(s): ${recovered.blocksRemoved} block(s) and ${recovered.tempFilesRemoved} temp file(s) removed`,
    )
  }
  const peer = filePeer({ store, dataDir: path.join(root, 'peer'), port: options.swarmPort ?? 0, agentVersion })
  // A port set for the peer is one the user means to be dialled on: listening from the start (peer.ts).
  if (options.swarmPort) {
    await peer.node().catch(async (error: unknown) => {
      await store.close()
      throw error
    })
  }
  const folders = await Folders.open(store, root)
  const context: FilesContext = {
    store,
    peer,
    folders,
    pins,
    requests,
    sessions: new AddSessions(store, journals),
    gcLock: new GcLock(),
    maxUploadBytes: options.maxUploadBytes ?? defaultMaxUploadBytes,
    peerWaitMs: options.peerWaitMs ?? defaultPeerWaitMs,
    log,
  }
  const allowedOrigins = options.allowedOrigins ?? []
  const worker = new PinningWorker(context, requests, { timeoutMs: options.pinningTimeoutMs ?? defaultPinningTimeoutMs, concurrency: 2 })

  const limits = options.limits ?? defaultClientLimits
  const app = Fastify({
    logger: false,
    forceCloseConnections: true,
    // Uploads of gigabytes take as long as they take at a fair rate (clientLimits.ts: no whole-request limit).
    serverFactory: (handler) => limitedServer(limits, handler),
  })
  const rpcCors = { origin: allowedOrigins, methods: ['POST'], allowedHeaders: ['authorization', 'content-type'], exposedHeaders, maxAge: 600 }
  // The pinning API answers pages of any origin, as pinning services do: its Bearer token is never sent by a browser
  // on its own (unlike Basic credentials it may have cached), so a page reaches it only with a token its user gave it.
  const pinningCors = { origin: '*', methods: ['GET', 'POST', 'DELETE'], allowedHeaders: ['authorization', 'content-type'], maxAge: 600 }
  await app.register(cors, {
    delegator: (request, callback) => callback(null, isPinningPath(request.url ?? '') ? pinningCors : rpcCors),
  })

  // Bodies are never parsed by Fastify: add streams the multipart body itself, the other commands take
  // everything from the query string (as Kubo's RPC does).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))

  app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    const known = toFilesError(error)
    if (known) return sendError(reply, known)
    const status = error.statusCode
    if (status !== undefined && status >= 400 && status < 500) return sendError(reply, new FileStoreError(status, error.message))
    log(`files: internal error: ${error.message}`)
    return sendError(reply, new FileStoreError(500, 'internal error'))
  })
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new FileStoreError(404, `unknown command ${request.url.split('?')[0]}: this service implements /api/v0/{${endpoints.join(',')}}`, KuboErrorCode.normal)),
  )

  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return
    // The pinning API checks its own Bearer token, for pages of any origin (pinning/routes.ts).
    if (isPinningPath(request.url)) return
    // The read-only gateway (routes/gateway.ts) takes no credentials: content-addressed reads of what is held.
    if ((request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/ipfs/')) return
    // Kubo's RPC is POST only (GET would let any page trigger commands with a plain link), and it says so
    // for every path under /api/v0/ before it looks at anything else, credentials included.
    if (request.method !== 'POST' && request.url.startsWith('/api/v0/')) {
      reply.header('allow', 'POST')
      return sendError(reply, new FileStoreError(405, 'method not allowed: the RPC API takes POST only'))
    }
    // A browser sends Origin on cross-site requests; refusing unknown ones (as Kubo does) keeps a page on
    // another site from using credentials the browser may have cached for this port.
    const origin = request.headers.origin
    if (origin !== undefined && allowedOrigins !== true && !allowedOrigins.includes(origin)) {
      return sendError(reply, new FileStoreError(403, `origin ${origin} is not allowed`, KuboErrorCode.forbidden))
    }
    if (!credentialsMatch(request.headers.authorization, options.key, options.secret)) {
      reply.header('www-authenticate', 'Basic realm="chainglass files"')
      return sendError(
        reply,
        new FileStoreError(401, 'unauthorized: send HTTP Basic auth with the project key as user name and the project secret as password', KuboErrorCode.forbidden),
      )
    }
  })

  app.post('/api/v0/add', addRoute(context))
  app.post('/api/v0/cat', catRoute(context))
  app.post('/api/v0/ls', lsRoute(context))
  app.post('/api/v0/dag/stat', dagStatRoute(context))
  app.post('/api/v0/dag/export', dagExportRoute(context))
  app.post('/api/v0/dag/import', dagImportRoute(context))
  app.post('/api/v0/dag/get', dagGetRoute(context))
  app.post('/api/v0/block/stat', blockStatRoute(context))
  app.post('/api/v0/block/get', blockGetRoute(context))
  app.post('/api/v0/files/mkdir', filesMkdirRoute(context))
  app.post('/api/v0/files/write', filesWriteRoute(context))
  app.post('/api/v0/files/ls', filesLsRoute(context))
  app.post('/api/v0/files/stat', filesStatRoute(context))
  app.post('/api/v0/files/rm', filesRmRoute(context))
  app.post('/api/v0/files/mv', filesMvRoute(context))
  app.post('/api/v0/files/cp', filesCpRoute(context))
  app.post('/api/v0/files/read', filesReadRoute(context))
  app.post('/api/v0/pin/add', pinAddRoute(context))
  app.post('/api/v0/pin/rm', pinRmRoute(context))
  app.post('/api/v0/pin/ls', pinLsRoute(context))
  app.post('/api/v0/repo/gc', repoGcRoute(context))
  app.post('/api/v0/version', versionRoute())
  app.post('/api/v0/id', idRoute(peer, agentVersion))
  app.post('/api/v0/swarm/connect', swarmConnectRoute(peer))
  app.post('/api/v0/swarm/peers', swarmPeersRoute(peer))
  app.get('/ipfs/*', gatewayRoute(context))
  await app.register(pinningRoutes, { prefix: pinningPrefix, context, requests, worker, token: options.pinningToken ?? options.secret })

  try {
    // Requests a stop left unfinished go back to the queue before any new one can come.
    await worker.resume()
    await app.listen(listenOn(options.port, options.listenFd))
  } catch (error) {
    await app.close().catch(() => {})
    await worker.close()
    await requests.close()
    await peer.stop()
    await store.close()
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : options.port

  return {
    port,
    server: app.server,
    async close() {
      await app.close()
      await worker.close()
      await requests.close()
      await context.sessions.idle(5_000)
      await pins.close()
      await peer.stop()
      await store.close()
    },
  }
}
