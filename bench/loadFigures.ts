/**
 * What a page load cost, worked out from the requests the browser reported (bench/network.ts records them
 * from the DevTools protocol's Network events): the critical path before the data request, bytes on the wire
 * by kind, the JavaScript loaded before and after the content was on screen. Pure, so it is unit-tested.
 */

/** One HTTP request of a page load. Times are the protocol's monotonic clock, in seconds. */
export type RequestRecord = {
  id: string
  url: string
  method: string
  /** The protocol's resource type: Document, Script, Stylesheet, Fetch, Preflight, Image, Other… */
  type: string
  /** When the page asked for it (requestWillBeSent). */
  start: number
  /** When its response headers had arrived; undefined when none came. */
  headersAt?: number
  /** When its response had fully arrived (loadingFinished); undefined when it failed or had not finished. */
  end?: number
  /** Answered by the browser's cache (memory or disk): no round trip. */
  fromCache: boolean
  /** Bytes received for it on the wire (headers and the body as sent, compressed). */
  wireBytes: number
  /** Asked for by the HTML parser (the protocol's initiator "parser"): it waited for the document and nothing else. */
  fromParser?: boolean
}

export type CriticalPath = {
  /** Sequential round trips before the data request left; the document is the first. */
  roundTrips: number
  /** The requests of the longest such chain, in order (URLs). */
  chain: string[]
}

/**
 * The longest chain of requests, starting with the document, in which each one was asked for after the one
 * before had fully arrived, and whose last one had arrived before the data request left: that many round trips,
 * one after the other, came before the page's data was even asked for. A request answered from the cache is no
 * round trip and takes no part. The document is read by the parser as it streams in, so what follows it only
 * has to start after its headers arrived (a script in its head is found before its last byte); the document
 * counts even when the data request leaves before its last byte (a boot script early in a long page). A request
 * the parser found in the document follows the document only: on a busy machine the parser can issue one of the
 * page's own preloads a few ms after another has arrived, and that is no round trip. A CORS preflight is no link
 * of its own: its request stands for the exchange (and the protocol reports a preflight's start late, even after
 * its end).
 */
export function criticalPath(records: readonly RequestRecord[], dataRequestId: string): CriticalPath {
  const document = records.find((record) => record.type === 'Document')
  if (!document) throw new Error('critical path: the load has no document request')
  const data = records.find((record) => record.id === dataRequestId)
  if (!data) throw new Error(`critical path: no request ${dataRequestId} in the load`)
  const leaves = data.start
  const documentReady = document.headersAt ?? document.end ?? Infinity
  const links = records
    .filter((record) => record !== document && record !== data && record.type !== 'Preflight' && !record.fromCache && record.end !== undefined && record.end <= leaves && record.start >= document.start)
    .sort((a, b) => a.start - b.start)
  // Longest chain ending at each request (a DAG ordered by start time: a predecessor ends before its successor starts).
  const depth = new Map<RequestRecord, { length: number; previous: RequestRecord | null }>([[document, { length: 1, previous: null }]])
  for (const record of links) {
    let best: { length: number; previous: RequestRecord | null } | null = record.start >= documentReady ? { length: 2, previous: document } : null
    for (const [candidate, reached] of depth) {
      if (candidate === document || record.fromParser || candidate.end! > record.start) continue
      if (!best || reached.length + 1 > best.length) best = { length: reached.length + 1, previous: candidate }
    }
    if (best) depth.set(record, best)
  }
  let last = document
  for (const [record, reached] of depth) if (reached.length > depth.get(last)!.length) last = record
  const chain: string[] = []
  for (let at: RequestRecord | null = last; at; at = depth.get(at)!.previous) chain.unshift(at.url)
  return { roundTrips: chain.length, chain }
}

export type RequestKind = 'document' | 'js' | 'css' | 'rpc' | 'other'

/**
 * JSON-RPC over HTTP: the gateway's paths (any network's, and their CORS preflights: /v3/<key>,
 * /sample/<name>/v3/<key>) and the app server's proxy to a configured network (/rpc/<network>), which is how the
 * browser reaches the deployment's own networks.
 */
export function isRpcPath(pathname: string): boolean {
  return /\/v3\//.test(pathname) || /^\/rpc\/[^/]+\/?$/.test(pathname)
}

export function kindOf(record: Pick<RequestRecord, 'url' | 'type'>): RequestKind {
  if (record.type === 'Document') return 'document'
  const path = new URL(record.url).pathname
  if (isRpcPath(path)) return 'rpc'
  if (record.type === 'Script' || /\.m?js$/.test(path)) return 'js'
  if (record.type === 'Stylesheet' || path.endsWith('.css')) return 'css'
  return 'other'
}

export type ByteSplit = Record<RequestKind, number> & { total: number }

/** Bytes on the wire by kind of request. */
export function wireBytesByKind(records: readonly RequestRecord[]): ByteSplit {
  const split: ByteSplit = { document: 0, js: 0, css: 0, rpc: 0, other: 0, total: 0 }
  for (const record of records) {
    split[kindOf(record)] += record.wireBytes
    split.total += record.wireBytes
  }
  return split
}

export type JsFiles = {
  files: number
  /** gzip bytes of the files as on disk (level 6, as bench/bundle.ts counts). */
  gzip: number
  /** What they cost on the wire in this load (0 for files from the cache). */
  wire: number
  /** Each file: its path and gzip bytes; `estimated` when it was not found on disk and its wire bytes stand in. */
  list: Array<{ path: string; gzip: number; estimated?: true }>
}

/**
 * The JavaScript among `records` (each URL once: a file asked for twice is loaded once). `gzipOf` gives a path's
 * gzip bytes from disk, or undefined when the file is not there (then its wire bytes stand in, marked).
 */
export function jsFiles(records: readonly RequestRecord[], gzipOf: (path: string) => number | undefined): JsFiles {
  const seen = new Set<string>()
  const result: JsFiles = { files: 0, gzip: 0, wire: 0, list: [] }
  for (const record of records) {
    if (kindOf(record) !== 'js') continue
    result.wire += record.wireBytes
    const path = new URL(record.url).pathname
    if (seen.has(path)) continue
    seen.add(path)
    const gzip = gzipOf(path)
    result.files += 1
    result.gzip += gzip ?? record.wireBytes
    result.list.push(gzip === undefined ? { path, gzip: record.wireBytes, estimated: true } : { path, gzip })
  }
  return result
}

/** The requests asked for before `at` (protocol clock), and those from `at` on. */
export function splitAt(records: readonly RequestRecord[], at: number): { before: RequestRecord[]; after: RequestRecord[] } {
  return { before: records.filter((record) => record.start < at), after: records.filter((record) => record.start >= at) }
}
