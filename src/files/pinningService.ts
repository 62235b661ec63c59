import * as v from 'valibot'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * A client of the IPFS Pinning Service API (the spec ipfs-webui's pinning settings and Kubo's `pin remote` speak):
 * GET and POST {endpoint}/pins, DELETE {endpoint}/pins/{requestid}, with `Authorization: Bearer <token>`. The
 * token travels in that header only, never in a URL or an error message. An empty token sends no header: the
 * local store's service reached through the app server, which adds its own.
 */

export type PinningEndpoint = { url: string; token: string }

export type RemotePinStatus = 'queued' | 'pinning' | 'pinned' | 'failed'
export const remotePinStatuses: readonly RemotePinStatus[] = ['queued', 'pinning', 'pinned', 'failed']

export type RemotePin = {
  requestid: string
  status: RemotePinStatus
  created: string
  cid: string
  name: string | null
  /** The service's `info.status_details`: why a pin waits or failed. */
  details: string | null
  delegates: string[]
}

export type NewRemotePin = { cid: string; name?: string; origins?: string[] }

export type PinningCall = 'list' | 'add' | 'remove'

export type PinningErrorKind = 'http' | 'unreachable' | 'malformed'

/** What a pinning service call failed with, in words for the panel; `details` is what the service said. */
export class PinningServiceError extends ChainglassError {
  override readonly name = 'PinningServiceError'

  constructor(
    readonly kind: PinningErrorKind,
    readonly call: PinningCall,
    /** The endpoint's origin, for the content-security-policy check (cspBlocks.ts). */
    readonly url: string,
    readonly status: number | null = null,
    /** The spec's Failure `reason` (BAD_REQUEST, UNAUTHORIZED...), when the service sent one. */
    readonly reason: string | null = null,
    readonly details: string = '',
  ) {
    super(`${call}: ${kind === 'http' ? `HTTP ${status}${reason ? ` ${reason}` : ''}${details ? `: ${details}` : ''}` : kind === 'unreachable' ? 'no answer' : `unreadable answer${details ? `: ${details}` : ''}`}`)
  }

  get title(): string {
    if (this.kind === 'unreachable') return 'The pinning service cannot be reached'
    if (this.kind === 'malformed') return 'The pinning service sent an answer this app cannot read'
    if (this.status === 401 || this.status === 403) return 'The pinning service refused the access token'
    if (this.status === 409) return 'The pinning service refused: insufficient funds'
    if (this.status === 404) return 'The pinning service does not know this'
    if (this.status !== null && this.status >= 500) return 'The pinning service had an internal error'
    return 'The pinning service refused the request'
  }

  get hint(): string {
    if (this.kind === 'unreachable') return 'Check the endpoint (it ends before /pins); a service on another site must allow this page (CORS), as pinning services do.'
    if (this.kind === 'malformed') return 'Check that the endpoint is a Pinning Service API endpoint (it ends before /pins).'
    if (this.status === 401 || this.status === 403) return 'Check the access token: remove this service and add it again with the right one.'
    if (this.status === 409) return 'The service’s account needs funds for more pins.'
    return 'What the service said is above.'
  }
}

const statusSchema = v.picklist(remotePinStatuses)
const pinStatusSchema = v.object({
  requestid: v.string(),
  status: statusSchema,
  created: v.string(),
  pin: v.object({ cid: v.string(), name: v.optional(v.string()) }),
  delegates: v.array(v.string()),
  info: v.optional(v.record(v.string(), v.string())),
})
const pinResultsSchema = v.object({ count: v.number(), results: v.array(pinStatusSchema) })
const failureSchema = v.object({ error: v.object({ reason: v.string(), details: v.optional(v.string()) }) })

function toRemotePin(status: v.InferOutput<typeof pinStatusSchema>): RemotePin {
  return {
    requestid: status.requestid,
    status: status.status,
    created: status.created,
    cid: status.pin.cid,
    name: status.pin.name ?? null,
    details: status.info?.status_details ?? null,
    delegates: status.delegates,
  }
}

/** The spec's largest page: a list asks for all of it (a panel shows at most this many). */
export const pinListLimit = 1000

export type PinningClient = {
  readonly url: string
  /** Every request in any of `statuses`, newest first, and how many match in all. */
  list(statuses: readonly RemotePinStatus[], options?: { signal?: AbortSignal }): Promise<{ count: number; pins: RemotePin[] }>
  add(pin: NewRemotePin): Promise<RemotePin>
  remove(requestid: string): Promise<void>
}

export function createPinningClient(endpoint: PinningEndpoint, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): PinningClient {
  const base = endpoint.url.replace(/\/+$/, '')
  const headers: Record<string, string> = endpoint.token === '' ? {} : { authorization: `Bearer ${endpoint.token}` }

  async function call(kind: PinningCall, path: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await fetchImpl(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) }, cache: 'no-store' })
    } catch (error) {
      if (init.signal?.aborted) throw error
      throw new PinningServiceError('unreachable', kind, base)
    }
    if (response.ok) return response
    const text = await response.text().catch(() => '')
    let failure: v.InferOutput<typeof failureSchema> | null = null
    try {
      const parsed = v.safeParse(failureSchema, JSON.parse(text))
      failure = parsed.success ? parsed.output : null
    } catch {
      failure = null
    }
    // Never echo the token, should a service quote the header back.
    const said = (failure?.error.details ?? (failure ? '' : text.slice(0, 300))).split(endpoint.token || '\u0000').join('…')
    throw new PinningServiceError('http', kind, base, response.status, failure?.error.reason ?? null, said)
  }

  async function json<T>(kind: PinningCall, response: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
    let value: unknown
    try {
      value = await response.json()
    } catch {
      throw new PinningServiceError('malformed', kind, base, response.status, null, 'not JSON')
    }
    const parsed = v.safeParse(schema, value)
    if (!parsed.success) throw new PinningServiceError('malformed', kind, base, response.status, null, `unexpected shape at ${v.getDotPath(parsed.issues[0]) ?? 'the top level'}`)
    return parsed.output
  }

  return {
    url: base,
    async list(statuses, { signal } = {}) {
      const query = new URLSearchParams({ status: statuses.join(','), limit: String(pinListLimit) })
      const answer = await json('list', await call('list', `/pins?${query.toString()}`, { method: 'GET', signal }), pinResultsSchema)
      return { count: answer.count, pins: answer.results.map(toRemotePin) }
    },
    async add(pin) {
      const body = JSON.stringify({ cid: pin.cid, ...(pin.name ? { name: pin.name } : {}), ...(pin.origins?.length ? { origins: pin.origins } : {}) })
      return toRemotePin(await json('add', await call('add', '/pins', { method: 'POST', headers: { 'content-type': 'application/json' }, body }), pinStatusSchema))
    },
    async remove(requestid) {
      await call('remove', `/pins/${encodeURIComponent(requestid)}`, { method: 'DELETE' })
    },
  }
}
