import type { RuntimeConfig } from '../../contract/runtimeConfig.ts'
import { rpcHttpUrl } from '../networks/endpoints.ts'
import type { EarlyCall, EarlyRequest } from './handoff.ts'
import { learnedIdOf, type LearnedEndpoints } from '../networks/learnedId.ts'

/**
 * The data a full page load asks for first, known from the URL alone, so the boot script can send it before
 * the app's code has even arrived. It must be exactly what the app then asks for (method and params), or
 * the app finds nothing to adopt and asks again: earlyRequest.chain.test.ts holds it to the app's own calls.
 *
 * Written without the app's modules (urls.ts, rpc/methods.ts): the boot script is a classic script that
 * blocks the page's first paint, so it carries no library code (a few hundred bytes, not the app's schemas).
 */

export type EarlyPlan = { url: string; calls: EarlyCall[] }

const hashPattern = /^0x[0-9a-f]{64}$/
const quantity = (number: bigint) => `0x${number.toString(16)}`

/** A block id as the app's route reads it (urls.ts parseBlockId): a hash, or a number in decimal or hex. Tags: none. */
function blockParam(id: string): { kind: 'hash' | 'number'; param: string } | null {
  const text = id.trim()
  const lower = text.toLowerCase()
  if (hashPattern.test(lower)) return { kind: 'hash', param: lower }
  if (/^\d{1,78}$/.test(text) || /^0x[0-9a-fA-F]{1,64}$/.test(text)) return { kind: 'number', param: quantity(BigInt(text)) }
  return null
}

/** What the early plan needs of what the app learned about the network (networks/learned.ts). */
export type LearnedHints = { receiptsOneByOne: boolean }

/**
 * Read from the learned store's storage without its schemas: a network found to lack eth_getBlockReceipts
 * (by its first-use probe, or a call since) has its block page read the block first, receipts after.
 * Anything unreadable is no hint.
 */
export function learnedHints(stored: string | null, network: LearnedEndpoints): LearnedHints {
  try {
    const entry = (JSON.parse(stored ?? '{}') as Record<string, { probe?: { blockReceipts?: unknown } | null; lacks?: unknown }>)[learnedIdOf(network)]
    const lacks = Array.isArray(entry?.lacks) && entry.lacks.includes('eth_getBlockReceipts')
    return { receiptsOneByOne: entry?.probe?.blockReceipts === false || lacks }
  } catch {
    return { receiptsOneByOne: false }
  }
}

/** The first calls of the page at `pathname`, or null for a page whose data the app starts itself. */
export function earlyCalls(pathname: string, search: URLSearchParams, hints: LearnedHints = { receiptsOneByOne: false }): EarlyCall[] | null {
  const parts = pathname.replace(/\/$/, '').split('/').slice(1).map((part) => {
    try {
      return decodeURIComponent(part)
    } catch {
      return ''
    }
  })
  // Home: the head, asked over HTTP by the head query and the head stream's first catch-up (they share it).
  if (parts.length === 0) return [{ method: 'eth_getBlockByNumber', params: ['latest', false] }]
  if (parts.length === 2 && parts[0] === 'block') {
    const block = blockParam(parts[1]!)
    if (!block) return null
    // As queries/blockPage.ts wantsFullTransactions reads it: full objects unless ?tx=hashes.
    const full = search.get('tx') !== 'hashes'
    const blockCall = block.kind === 'hash' ? { method: 'eth_getBlockByHash', params: [block.param, full] } : { method: 'eth_getBlockByNumber', params: [block.param, full] }
    // Without eth_getBlockReceipts the receipts wait for the block's transaction hashes.
    return hints.receiptsOneByOne ? [blockCall] : [blockCall, { method: 'eth_getBlockReceipts', params: [block.param] }]
  }
  if (parts.length === 2 && parts[0] === 'tx') {
    const hash = parts[1]!.trim().toLowerCase()
    if (!hashPattern.test(hash)) return null
    return [
      { method: 'eth_getTransactionByHash', params: [hash] },
      { method: 'eth_getTransactionReceipt', params: [hash] },
    ]
  }
  return null
}

/**
 * The early request for a page on this deployment: on a network of the config (the URL's `?network=`, else
 * the default) that follows the default rules. A recorded sample (its rules come from its own description)
 * and a network added in this browser are left to the app.
 */
export function earlyPlanFor(config: RuntimeConfig, location: { pathname: string; search: string }, learned: string | null = null): EarlyPlan | null {
  const search = new URLSearchParams(location.search)
  const name = search.get('network')?.trim() || config.defaultNetwork
  const network = config.networks.find((candidate) => candidate.name === name)
  if (!network || network.kind === 'sample') return null
  const calls = earlyCalls(location.pathname, search, learnedHints(learned, network))
  return calls ? { url: rpcHttpUrl(network), calls } : null
}

/**
 * Sends the plan's calls as one batch (ids 1, 2, … in order, as the adopting side expects). `target` sends it
 * somewhere else than the plan's URL while the request still names that URL (tests: an endpoint that does not
 * answer). Never rejects: a failed request's reply is null.
 */
export function sendEarly(plan: EarlyPlan, options: { timeoutMs?: number; target?: string } = {}): EarlyRequest {
  const body = JSON.stringify(plan.calls.map((call, index) => ({ jsonrpc: '2.0', id: index + 1, method: call.method, params: call.params })))
  const signal = options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)
  const reply = fetch(options.target ?? plan.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal })
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null)
  return { url: plan.url, calls: plan.calls, reply, sentAt: performance.now() }
}
