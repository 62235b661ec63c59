import { multiaddr } from '@multiformats/multiaddr'
import { CID } from 'multiformats/cid'
import { badPinningRequest } from './errors.ts'
import { pinStates, type PinObject, type PinRequest, type PinState } from './requests.ts'

/**
 * What a client sends, checked against the spec's schemas before anything is stored: the Pin object of
 * POST /pins (and /pins/{id}), and the filters of GET /pins. Every refusal is a 400 that names the field.
 */

const maxName = 255
const maxOrigins = 20
const maxMeta = 1000
const maxCidFilter = 10
export const defaultLimit = 10
export const maxLimit = 1000

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

function checkCid(text: string, field: string): CID {
  try {
    return CID.parse(text)
  } catch {
    throw badPinningRequest(`${field}: "${text.slice(0, 100)}" is not a CID`)
  }
}

/** One CID text for every spelling of the same content (v0 and its v1, any base), so filters match either. */
export function sameContent(text: string): string {
  return CID.parse(text).toV1().toString()
}

function stringMap(value: unknown, field: string): Record<string, string> {
  if (!isRecord(value)) throw badPinningRequest(`${field}: expected an object of strings`)
  const entries = Object.entries(value)
  if (entries.length > maxMeta) throw badPinningRequest(`${field}: at most ${maxMeta} keys`)
  for (const [key, item] of entries) if (typeof item !== 'string') throw badPinningRequest(`${field}.${key}: expected a string`)
  return value as Record<string, string>
}

/** The spec's Pin: `cid` required, `name` up to 255 characters, up to 20 unique `origins` multiaddrs naming a peer, `meta` strings. */
export function parsePin(body: unknown): PinObject {
  if (!isRecord(body)) throw badPinningRequest('the body must be a Pin object: {"cid": "...", "name"?, "origins"?, "meta"?}')
  const { cid, name, origins, meta } = body
  if (typeof cid !== 'string' || cid === '') throw badPinningRequest('cid: required, a CID as a string')
  checkCid(cid, 'cid')
  const pin: PinObject = { cid }
  if (name !== undefined) {
    if (typeof name !== 'string') throw badPinningRequest('name: expected a string')
    if ([...name].length > maxName) throw badPinningRequest(`name: at most ${maxName} characters`)
    pin.name = name
  }
  if (origins !== undefined) {
    if (!Array.isArray(origins) || origins.some((origin) => typeof origin !== 'string')) throw badPinningRequest('origins: expected an array of multiaddrs')
    if (origins.length > maxOrigins) throw badPinningRequest(`origins: at most ${maxOrigins}`)
    if (new Set(origins).size !== origins.length) throw badPinningRequest('origins: each multiaddr at most once')
    for (const origin of origins as string[]) {
      let parsed
      try {
        parsed = multiaddr(origin)
      } catch {
        throw badPinningRequest(`origins: "${origin.slice(0, 200)}" is not a multiaddr`)
      }
      // The spec: every multiaddr MUST end with /p2p/{peerID}.
      if (parsed.getComponents().at(-1)?.name !== 'p2p') throw badPinningRequest(`origins: "${origin.slice(0, 200)}" does not end with /p2p/<peer id>`)
    }
    pin.origins = origins as string[]
  }
  if (meta !== undefined) pin.meta = stringMap(meta, 'meta')
  return pin
}

export type MatchMode = 'exact' | 'iexact' | 'partial' | 'ipartial'
const matchModes: readonly MatchMode[] = ['exact', 'iexact', 'partial', 'ipartial']

export type PinFilter = {
  cids: Set<string> | null
  name: string | null
  match: MatchMode
  statuses: Set<PinState>
  before: number | null
  after: number | null
  limit: number
  meta: Record<string, string> | null
}

type Query = Record<string, string | string[] | undefined>

/** A comma-separated list (the spec's `style: form, explode: false`), also taken repeated. */
function list(query: Query, name: string): string[] | null {
  const raw = query[name]
  if (raw === undefined) return null
  return (Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(',')).map((part) => part.trim())
}

function single(query: Query, name: string): string | null {
  const raw = query[name]
  if (raw === undefined) return null
  if (Array.isArray(raw)) throw badPinningRequest(`${name}: give it once`)
  return raw
}

/** RFC 3339 date-time, as the spec's `format: date-time` says (a date alone, or a time without a zone, is not one). */
const dateTime = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

function timestamp(query: Query, name: string): number | null {
  const raw = single(query, name)
  if (raw === null) return null
  const value = dateTime.test(raw) ? Date.parse(raw) : NaN
  if (!Number.isFinite(value)) throw badPinningRequest(`${name}: expected an RFC 3339 date-time such as 2020-07-27T17:32:28.276Z`)
  return value
}

/** GET /pins's filters; without `status`, only pinned requests are listed (the spec's default). */
export function parseFilter(query: Query): PinFilter {
  const cidList = list(query, 'cid')
  if (cidList !== null) {
    if (cidList.length === 0 || cidList.length > maxCidFilter) throw badPinningRequest(`cid: 1 to ${maxCidFilter} CIDs, comma-separated`)
    for (const cid of cidList) checkCid(cid, 'cid')
  }
  const name = single(query, 'name')
  if (name !== null && [...name].length > maxName) throw badPinningRequest(`name: at most ${maxName} characters`)
  const match = single(query, 'match') ?? 'exact'
  if (!(matchModes as readonly string[]).includes(match)) throw badPinningRequest(`match: one of ${matchModes.join(', ')}`)
  const statusList = list(query, 'status')
  if (statusList !== null) {
    for (const status of statusList) if (!(pinStates as readonly string[]).includes(status)) throw badPinningRequest(`status: "${status.slice(0, 50)}" is not one of ${pinStates.join(', ')}`)
  }
  const limitText = single(query, 'limit')
  const limit = limitText === null ? defaultLimit : /^\d+$/.test(limitText) ? Number(limitText) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw badPinningRequest(`limit: an integer from 1 to ${maxLimit}`)
  const metaText = single(query, 'meta')
  let meta: Record<string, string> | null = null
  if (metaText !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(metaText)
    } catch {
      throw badPinningRequest('meta: expected a JSON object of strings, URL-escaped')
    }
    meta = stringMap(parsed, 'meta')
  }
  return {
    cids: cidList === null ? null : new Set(cidList.map(sameContent)),
    name,
    match: match as MatchMode,
    statuses: new Set((statusList ?? ['pinned']) as PinState[]),
    before: timestamp(query, 'before'),
    after: timestamp(query, 'after'),
    limit,
    meta,
  }
}

function nameMatches(filter: PinFilter, name: string | undefined): boolean {
  if (filter.name === null) return true
  if (name === undefined) return false
  switch (filter.match) {
    case 'exact':
      return name === filter.name
    case 'iexact':
      return name.toLowerCase() === filter.name.toLowerCase()
    case 'partial':
      return name.includes(filter.name)
    case 'ipartial':
      return name.toLowerCase().includes(filter.name.toLowerCase())
  }
}

export function matches(filter: PinFilter, request: PinRequest): boolean {
  if (!filter.statuses.has(request.status)) return false
  if (filter.cids !== null && !filter.cids.has(sameContent(request.pin.cid))) return false
  if (!nameMatches(filter, request.pin.name)) return false
  if (filter.before !== null && !(request.created < filter.before)) return false
  if (filter.after !== null && !(request.created > filter.after)) return false
  if (filter.meta !== null) {
    for (const [key, value] of Object.entries(filter.meta)) if (request.pin.meta?.[key] !== value) return false
  }
  return true
}
