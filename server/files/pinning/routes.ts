import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { secretEquals } from '../../gateway/auth.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { peerAddresses } from '../peer.ts'
import { failureBody, PinningError, pinNotFound } from './errors.ts'
import { matches, parseFilter, parsePin } from './input.ts'
import type { PinRequest, PinRequests } from './requests.ts'
import type { PinningWorker } from './worker.ts'

/** Where the API is served: `{ipfs_url}/pinning/pins`. */
export const pinningPrefix = '/pinning'

/** A Pin object is small; the spec's largest (20 origins, 1000 meta entries) fits well under this. */
const maxBodyBytes = 256 * 1024

/** The spec's delegates hold 1 to 20 multiaddrs. */
const maxDelegates = 20

export type PinningApi = { context: FilesContext; requests: PinRequests; worker: PinningWorker; token: string }

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('content-type', jsonType).header('cache-control', 'no-store').send(JSON.stringify(body))
}

function sendFailure(reply: FastifyReply, error: PinningError): FastifyReply {
  return send(reply, error.status, failureBody(error))
}

/** `Authorization: Bearer <token>`; anything else is no token. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

/** The spec's PinStatus: the request as stored, with `created` as RFC 3339 and the peer's own addresses as delegates. */
function pinStatus(request: PinRequest, delegates: string[]) {
  return {
    requestid: request.requestid,
    status: request.status,
    created: new Date(request.created).toISOString(),
    pin: request.pin,
    delegates,
    info: request.info,
  }
}

/**
 * The IPFS Pinning Service API (testdata/pinning/ipfs-pinning-service.yaml) on the file store: GET and POST
 * /pins, GET, POST (replace) and DELETE /pins/{requestid}, behind a Bearer token. Registered in its own scope:
 * its bodies are JSON (the RPC's are not parsed at all), and its errors take the spec's Failure shape.
 */
export async function pinningRoutes(scope: FastifyInstance, { context, requests, worker, token }: PinningApi): Promise<void> {
  // The pinning service is one of the things that start the node (peer.ts): its delegates are the node's addresses.
  const delegates = async () => {
    const node = await context.peer.node()
    const addresses = peerAddresses(node).slice(0, maxDelegates)
    // The peer always listens on loopback TCP; the spec wants at least one delegate all the same.
    return addresses.length > 0 ? addresses : [`/p2p/${node.helia.libp2p.peerId.toString()}`]
  }

  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: maxBodyBytes }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string))
    } catch {
      done(new PinningError(400, 'BAD_REQUEST', 'the body is not JSON'), undefined)
    }
  })

  scope.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
    if (error instanceof PinningError) return sendFailure(reply, error)
    const status = error.statusCode
    if (status === 415) return sendFailure(reply, new PinningError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the Pin object as application/json'))
    if (status === 413) return sendFailure(reply, new PinningError(413, 'PAYLOAD_TOO_LARGE', `a Pin object is at most ${maxBodyBytes} bytes`))
    if (status !== undefined && status >= 400 && status < 500) return sendFailure(reply, new PinningError(status, 'BAD_REQUEST', error.message))
    context.log(`files: pinning API internal error: ${error.message}`)
    return sendFailure(reply, new PinningError(500, 'INTERNAL_SERVER_ERROR', 'internal error'))
  })
  scope.setNotFoundHandler((request, reply) =>
    sendFailure(reply, pinNotFound(`no ${request.method} ${request.url.split('?')[0]}: this service implements GET and POST ${pinningPrefix}/pins, and GET, POST and DELETE ${pinningPrefix}/pins/{requestid}`)),
  )

  scope.addHook('onRequest', async (request, reply) => {
    if (request.method === 'OPTIONS') return
    const given = bearerToken(request.headers.authorization)
    // Compared in constant time whatever was sent, so the time taken says nothing of the token.
    const ok = secretEquals(given ?? '', token)
    if (given === null || !ok) {
      reply.header('www-authenticate', 'Bearer realm="chainglass pinning"')
      return sendFailure(reply, new PinningError(401, 'UNAUTHORIZED', 'Access token is missing or invalid: send Authorization: Bearer <access token>'))
    }
  })

  const found = (requestid: string): PinRequest => {
    const request = requests.get(requestid)
    if (!request) throw pinNotFound(`no pin request ${requestid.slice(0, 100)}`)
    return request
  }

  scope.get('/pins', async (request: FastifyRequest, reply) => {
    const filter = parseFilter(request.query as Record<string, string | string[] | undefined>)
    const matching = requests.all().filter((candidate) => matches(filter, candidate))
    const addresses = await delegates()
    return send(reply, 200, { count: matching.length, results: matching.slice(0, filter.limit).map((item) => pinStatus(item, addresses)) })
  })

  scope.post('/pins', async (request, reply) => {
    const created = await requests.create(parsePin(request.body))
    worker.enqueue(created.requestid)
    return send(reply, 202, pinStatus(created, await delegates()))
  })

  scope.get<{ Params: { requestid: string } }>('/pins/:requestid', async (request, reply) => send(reply, 200, pinStatus(found(request.params.requestid), await delegates())))

  // The spec's replace: the old request goes and a new one (a new requestid) comes in one step; the old CID's
  // blocks stay until the new pin settles, so a gc between cannot remove what both share.
  scope.post<{ Params: { requestid: string } }>('/pins/:requestid', async (request, reply) => {
    const old = found(request.params.requestid)
    const pin = parsePin(request.body)
    worker.cancel(old.requestid)
    const created = await requests.create(pin, old)
    worker.enqueue(created.requestid)
    return send(reply, 202, pinStatus(created, await delegates()))
  })

  scope.delete<{ Params: { requestid: string } }>('/pins/:requestid', async (request, reply) => {
    const old = found(request.params.requestid)
    worker.cancel(old.requestid)
    await requests.remove(old.requestid)
    return reply.code(202).header('cache-control', 'no-store').send()
  })
}
