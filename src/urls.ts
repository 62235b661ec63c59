import type { Address, Hash } from 'viem'
import { blockTags, type BlockTag } from './rpc/methods.ts'

/**
 * Every in-app link is built here, and every route parameter is read back here. Links carry only chain data
 * (numbers, hashes, addresses) — never a project key or secret (those live in contract/endpoints.ts and go to
 * the transports only). Hashes and addresses are written in lowercase, numbers in decimal, so one thing has
 * one URL (and one visited-link colour).
 */

/** How a route names a block: its number, a tag, or its hash. */
export type BlockRouteId = bigint | BlockTag | Hash

function blockSegment(id: BlockRouteId): string {
  return typeof id === 'bigint' ? id.toString(10) : id.toLowerCase()
}

export const homePath = '/'
export const blocksPath = '/blocks'

/** /block/123, /block/latest, /block/0xabc… */
export function blockPath(id: BlockRouteId): string {
  return `/block/${blockSegment(id)}`
}

/** eth_getBlockReceipts of a block, as a table. */
export function blockReceiptsPath(id: BlockRouteId): string {
  return `/block/${blockSegment(id)}/receipts`
}

/** A transaction by its block and its position in it (index in decimal). */
export function blockTxPath(id: BlockRouteId, index: bigint | number): string {
  return `/block/${blockSegment(id)}/tx/${BigInt(index).toString(10)}`
}

export function txPath(hash: Hash): string {
  return `/tx/${hash.toLowerCase()}`
}

/** An uncle by the number or hash of the block that includes it, and its index there. */
export function unclePath(id: bigint | Hash, index: bigint | number): string {
  return `/uncle/${blockSegment(id)}/${BigInt(index).toString(10)}`
}

export function addressPath(address: Address): string {
  return `/address/${address.toLowerCase()}`
}

/** The tool pages; their state lives in the query string, which each tool writes (logQuery, storageParams, callParams). */
/** The DAG explorer's page of a CID (a block of the file store: its codec, size, links and contents). */
export function explorePath(cid: string): string {
  return `/files/explore/${encodeURIComponent(cid)}`
}

export const toolPaths = { logs: '/logs', call: '/call', storage: '/storage', files: '/files' } as const

/** A tool page with its state: `/logs?address=…`, or the bare path when the state is empty. */
export function toolPath(tool: keyof typeof toolPaths, search?: URLSearchParams): string {
  const query = search?.toString() ?? ''
  return query ? `${toolPaths[tool]}?${query}` : toolPaths[tool]
}

/** The logs tool, filtered to what `address` emitted. */
export function logsToolPath(address: Address): string {
  return toolPath('logs', new URLSearchParams({ address: address.toLowerCase() }))
}

/** The storage tool, opened on `address`. */
export function storageToolPath(address: Address): string {
  return toolPath('storage', new URLSearchParams({ address: address.toLowerCase() }))
}

/** A block as a route names it, read back: decimal or 0x number, tag, or 32-byte hash. */
export type ParsedBlockId = { kind: 'number'; number: bigint } | { kind: 'tag'; tag: BlockTag } | { kind: 'hash'; hash: Hash }

/**
 * Reads the `:id` of /block/:id (and /uncle/:id): "123", "0x7b", "latest" (any case), or a 32-byte hash.
 * Anything else is null, for the page to say so.
 */
export function parseBlockId(param: string): ParsedBlockId | null {
  const text = param.trim()
  const lower = text.toLowerCase()
  if ((blockTags as readonly string[]).includes(lower)) return { kind: 'tag', tag: lower as BlockTag }
  if (/^0x[0-9a-f]{64}$/.test(lower)) return { kind: 'hash', hash: lower as Hash }
  const number = parseIndex(text)
  return number === null ? null : { kind: 'number', number }
}

/** Reads the `:hash` of /tx/:hash: 0x and 64 hex digits (any case), lowercased; anything else is null. */
export function parseTransactionHash(param: string | undefined): Hash | null {
  const text = (param ?? '').trim()
  return /^0x[0-9a-fA-F]{64}$/.test(text) ? (text.toLowerCase() as Hash) : null
}

/** Reads the `:address` of /address/:address: 0x and 40 hex digits (any case), lowercased; anything else is null. */
export function parseAddress(param: string | undefined): Address | null {
  const text = (param ?? '').trim()
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? (text.toLowerCase() as Address) : null
}

/** A position or number in a route: decimal ("12") or hex ("0xc"), nothing else. */
export function parseIndex(param: string): bigint | null {
  const text = param.trim()
  if (/^\d{1,78}$/.test(text)) return BigInt(text)
  if (/^0x[0-9a-fA-F]{1,64}$/.test(text)) return BigInt(text)
  return null
}

// ---------------------------------------------------------------------------------------------------------
// The network a link is for

/** `?network=<name>`: which network a URL shows. Absent means the deployment's default network. */
export const networkParam = 'network'

/**
 * `to` with `?network=<name>` set (other query params and the #hash kept), or removed when `network` is
 * null (the default network needs none). Only the network's name: never its key or endpoints.
 */
export function withNetwork(to: string, network: string | null): string {
  const hashAt = to.indexOf('#')
  const hash = hashAt >= 0 ? to.slice(hashAt) : ''
  const beforeHash = hashAt >= 0 ? to.slice(0, hashAt) : to
  const queryAt = beforeHash.indexOf('?')
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash
  const search = new URLSearchParams(queryAt >= 0 ? beforeHash.slice(queryAt + 1) : '')
  if (network === null) search.delete(networkParam)
  else search.set(networkParam, network)
  const query = search.toString()
  return `${path}${query ? `?${query}` : ''}${hash}`
}

/** The network a URL's query names, or null when it names none. */
export function readNetworkParam(search: string): string | null {
  const name = new URLSearchParams(search).get(networkParam)
  return name === null || name.trim() === '' ? null : name.trim()
}

// ---------------------------------------------------------------------------------------------------------
// Networks and the layer-2 pages

export const settingsPath = '/settings'

/** l2a_getRawBlockTransactions of one block (an integer block number). */
export function l2aBlockPath(block: bigint | number): string {
  return `/l2a/${BigInt(block).toString(10)}`
}

/** l2b_pendingTransactions. */
export const l2bPendingPath = '/l2b/pending'

/** The `:block` of /l2a/:block: a plain decimal integer that fits the method's integer param, else null. */
export function parseL2aBlock(param: string): number | null {
  const text = param.trim().replace(/[,_]/g, '')
  if (!/^\d{1,16}$/.test(text)) return null
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : null
}
