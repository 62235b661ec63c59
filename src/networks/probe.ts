import type { Hex } from 'viem'
import { blockTags } from '../rpc/methods.ts'
import { RpcError } from '../rpc/errors.ts'
import { HttpTransport } from '../rpc/http.ts'
import { isMethodUnsupported } from '../rpc/unsupported.ts'
import { maxBatchLimit, type Capabilities } from './capabilities.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../../contract/endpoints.ts'
import type { ProbeFacts } from './learned.ts'
import type { Endpoint } from './testConnection.ts'
import { probeTracing, type TracingSupport } from './tracingProbe.ts'

/**
 * What a network offers, asked of the network itself instead of the user: a few batches for the largest
 * batch it takes, then one for the methods and tags, and one WebSocket subscription. The batch-size probe sends raw
 * requests on purpose: the app's transport would split (or share) its 1,000 identical calls.
 */

/** One thing asked: offered or not, and what the node said (its error, or a short note of its answer). */
export type Offer = { offered: boolean; said: string }

export type NetworkProbe = {
  chainId: Hex | null
  /** web3_clientVersion ("anvil/v1.7.1"): names the network when the user has not (nodeNaming.ts). */
  clientVersion: string | null
  blockReceipts: Offer
  safe: Offer
  finalized: Offer
  /** ots_getApiLevel: Otterscan's methods, with the level it reports. */
  otterscan: Offer
  l2aRawBlockTransactions: Offer
  l2bPendingTransactions: Offer
  /** The largest batch accepted of those tried (1,000, then halving), and how it was found. */
  batch: { largest: number; said: string }
  /** A newHeads subscription over the WebSocket (not asked on first use: the app's own socket says). */
  subscribe: Offer | null
  /** The tags asked: a tag the user's rules refuse is never sent, not even to probe. */
  tagsAsked: readonly ProbedTag[]
  /** The deeper reads (tracers, simulation, overrides: networks/tracing.ts), when asked (Test connection asks). */
  tracing: Record<keyof TracingSupport, Offer> | null
}

export type ProbedTag = 'safe' | 'finalized'
const probedTags: readonly ProbedTag[] = ['safe', 'finalized']

export type ProbeOptions = {
  fetch?: typeof fetch
  WebSocket?: typeof WebSocket
  /** Open a WebSocket and subscribe (default true). */
  subscribe?: boolean
  /** The tags to ask about (default both). */
  tags?: readonly ProbedTag[]
  /** Also ask which tracers, simulation and overrides it offers (default false: the first-use probe does not). */
  tracing?: boolean
}

export const probeTimeoutMs = 8_000
/** The largest batch asked for: providers' limits sit below it (100 to 1,000), and the app's rules stop at maxBatchLimit. */
const firstBatch = 1_000

type Reply = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } }

async function post(url: string, body: unknown, fetchImpl: typeof fetch): Promise<{ status: number; body: unknown }> {
  const response = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(probeTimeoutMs) })
  const text = await response.text()
  try {
    return { status: response.status, body: JSON.parse(text) as unknown }
  } catch {
    return { status: response.status, body: null }
  }
}

/**
 * A method is not offered when the node says it has no such method; any other answer (even an error about
 * the params) means it has it. A call that got no answer at all says so.
 */
function offerOf(outcome: PromiseSettledResult<unknown>, describe: (result: unknown) => string): Offer {
  if (outcome.status === 'fulfilled') return { offered: true, said: describe(outcome.value) }
  const error: unknown = outcome.reason
  if (error instanceof RpcError) return { offered: !isMethodUnsupported(error), said: `${error.code} ${error.message}` }
  return { offered: false, said: `no answer (${(error as Error).message})` }
}

/** A tag is accepted when the block it names comes back (or null: no such block yet); refused on any error. */
function tagOf(outcome: PromiseSettledResult<unknown>): Offer {
  if (outcome.status === 'rejected') return { ...offerOf(outcome, String), offered: false }
  const number = (outcome.value as { number?: string } | null)?.number
  return { offered: true, said: number ? `block ${BigInt(number).toString()}` : 'no block yet' }
}

/**
 * The methods and tags, through a plain HTTP transport (no network rules: finding them out is the point),
 * in one batch, split only when the node takes fewer calls than that.
 */
async function probeMethods(url: string, batchSize: number, fetchImpl: typeof fetch, tags: readonly ProbedTag[], tracing: boolean) {
  const http = new HttpTransport({ url, maxBatchSize: batchSize, timeoutMs: probeTimeoutMs, fetch: fetchImpl })
  const ask = (method: string, params: unknown[]) => http.request(method, params)
  // Asked in the same tick as the rest: the same batch.
  const deeper = tracing ? probeTracing(http).then(tracingOffers, () => null) : Promise.resolve(null)
  const notAsked = Promise.reject(new Error('not asked: the network’s rules refuse it'))
  notAsked.catch(() => undefined)
  const askTag = (tag: ProbedTag) => (tags.includes(tag) ? ask('eth_getBlockByNumber', [tag, false]) : notAsked)
  const [chainId, clientVersion, blockReceipts, safe, finalized, otterscan, l2a, l2b] = await Promise.allSettled([
    ask('eth_chainId', []),
    ask('web3_clientVersion', []),
    ask('eth_getBlockReceipts', ['latest']),
    askTag('safe'),
    askTag('finalized'),
    ask('ots_getApiLevel', []),
    ask('l2a_getRawBlockTransactions', ['latest']),
    ask('l2b_pendingTransactions', []),
  ])
  const count = (result: unknown) => (Array.isArray(result) ? `answered (${result.length})` : 'answered')
  return {
    chainId: chainId.status === 'fulfilled' && typeof chainId.value === 'string' ? (chainId.value as Hex) : null,
    clientVersion: clientVersion.status === 'fulfilled' && typeof clientVersion.value === 'string' ? clientVersion.value : null,
    blockReceipts: offerOf(blockReceipts, count),
    safe: tagOf(safe),
    finalized: tagOf(finalized),
    otterscan: offerOf(otterscan, (level) => `level ${String(level)}`),
    l2aRawBlockTransactions: offerOf(l2a, count),
    l2bPendingTransactions: offerOf(l2b, count),
    tracing: await deeper,
  }
}

/** The tracing probe's answers as the report's offers. */
function tracingOffers(support: TracingSupport): Record<keyof TracingSupport, Offer> {
  const entries = Object.entries(support) as Array<[keyof TracingSupport, TracingSupport[keyof TracingSupport]]>
  return Object.fromEntries(entries.map(([key, offer]) => [key, offer.offered ? { offered: true, said: 'answered' } : { offered: false, said: offer.said }])) as Record<keyof TracingSupport, Offer>
}

/** Whether a batch of `size` calls came back whole; else what the node said. */
async function batchAccepted(url: string, size: number, fetchImpl: typeof fetch): Promise<{ ok: true } | { ok: false; said: string }> {
  const { status, body } = await post(url, Array.from({ length: size }, (_, index) => ({ jsonrpc: '2.0', id: index + 1, method: 'eth_chainId', params: [] })), fetchImpl)
  if (status >= 200 && status < 300 && Array.isArray(body) && body.length === size) return { ok: true }
  const error = (body as Reply | null)?.error ?? (Array.isArray(body) ? (body[0] as Reply | undefined)?.error : undefined)
  return { ok: false, said: error ? `${error.code} ${error.message}` : `HTTP ${status}` }
}

/** 1,000 calls, then the limit the node's refusal names (when it names one below), else half, down to 1. */
async function probeBatch(url: string, fetchImpl: typeof fetch): Promise<NetworkProbe['batch']> {
  let size = firstBatch
  let last = ''
  for (let attempt = 0; attempt < 12 && size >= 1; attempt++) {
    const outcome = await batchAccepted(url, size, fetchImpl)
    if (outcome.ok) return { largest: size, said: attempt === 0 ? `took ${size.toLocaleString('en-US')} calls (none larger asked)` : `refused larger (${last}); took ${size.toLocaleString('en-US')}` }
    last = outcome.said
    const named = [...outcome.said.matchAll(/\d+/g)].map((match) => Number(match[0])).filter((number) => number >= 1 && number < size)
    size = named.length > 0 ? Math.max(...named) : Math.floor(size / 2)
  }
  return { largest: 1, said: `refused every batch (${last})` }
}

function probeSubscribe(url: string, WebSocketImpl: typeof WebSocket): Promise<Offer> {
  return new Promise((resolve) => {
    let socket: WebSocket
    try {
      socket = new WebSocketImpl(url)
    } catch (error) {
      resolve({ offered: false, said: `the WebSocket could not be opened (${(error as Error).message})` })
      return
    }
    const finish = (offer: Offer) => {
      clearTimeout(timer)
      try {
        socket.close()
      } catch {
        // closing a socket that never opened
      }
      resolve(offer)
    }
    const timer = setTimeout(() => finish({ offered: false, said: `no answer within ${probeTimeoutMs / 1000} s` }), probeTimeoutMs)
    socket.onopen = () => socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
    socket.onerror = () => finish({ offered: false, said: 'the WebSocket did not open' })
    socket.onmessage = (event) => {
      let reply: Reply
      try {
        reply = JSON.parse(String(event.data)) as Reply
      } catch {
        return
      }
      if (reply.id !== 1) return
      if (typeof reply.result === 'string') {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_unsubscribe', params: [reply.result] }))
        finish({ offered: true, said: 'newHeads subscription opened' })
      } else {
        finish({ offered: false, said: reply.error ? `${reply.error.code} ${reply.error.message}` : 'no subscription id' })
      }
    }
  })
}

export async function probeNetwork(endpoint: Endpoint, options: ProbeOptions = {}): Promise<NetworkProbe> {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const url = rpcHttpUrl(endpoint)
  const tags = options.tags ?? probedTags
  const subscribe = options.subscribe === false ? null : probeSubscribe(rpcSocketUrl(endpoint), options.WebSocket ?? globalThis.WebSocket)
  // The batch limit first: the methods' batch must fit it.
  const batch = await probeBatch(url, fetchImpl)
  const methods = await probeMethods(url, batch.largest, fetchImpl, tags, options.tracing === true)
  return { ...methods, batch, subscribe: subscribe && (await subscribe), tagsAsked: tags }
}

/** The probe as rules to keep (networks/learned.ts): a tag not asked is no news, so it reads as accepted. */
export function factsFromProbe(probe: NetworkProbe): ProbeFacts {
  const tag = (name: ProbedTag) => !probe.tagsAsked.includes(name) || probe[name].offered
  return {
    blockReceipts: probe.blockReceipts.offered,
    safe: tag('safe'),
    finalized: tag('finalized'),
    otterscan: probe.otterscan.offered,
    l2aRawBlockTransactions: probe.l2aRawBlockTransactions.offered,
    l2bPendingTransactions: probe.l2bPendingTransactions.offered,
    maxBatchSize: Math.min(Math.max(1, probe.batch.largest), maxBatchLimit),
  }
}

/** The rules the probe found, over `base` for what it does not ask (earliest, pending, failover). */
export function capabilitiesFromProbe(probe: NetworkProbe, base: Capabilities): Capabilities {
  const tags = new Set(base.blockTags)
  for (const tag of ['safe', 'finalized'] as const) {
    if (probe[tag].offered) tags.add(tag)
    else tags.delete(tag)
  }
  return {
    ...base,
    blockTags: blockTags.filter((tag) => tag === 'latest' || tags.has(tag)),
    ethMethods: probe.chainId !== null || base.ethMethods,
    blockReceipts: probe.blockReceipts.offered,
    l2aRawBlockTransactions: probe.l2aRawBlockTransactions.offered,
    l2bPendingTransactions: probe.l2bPendingTransactions.offered,
    maxBatchSize: Math.min(Math.max(1, probe.batch.largest), maxBatchLimit),
  }
}
