import * as v from 'valibot'
import type { Network } from '../../contract/runtimeConfig.ts'
import { blockTags, type BlockTag } from '../rpc/methods.ts'
import type { AppNetwork, Capabilities } from './capabilities.ts'
import { learnedStorageKey } from '../../contract/browserStorage.ts'
import { learnedIdOf, type LearnedEndpoints } from './learnedId.ts'
import { createListeners } from '../state/listeners.ts'

/**
 * What the app has learned about a network from the network itself, kept in this browser with its date: the
 * probe it ran on first use (networks/firstUseProbe.ts), and what calls found since (a method the node has
 * not got, a tag it refuses). Pages then take their fallback without asking again, on every later visit too.
 *
 * Keyed by the network's name and endpoints (never its key): an edited endpoint is a new node, asked afresh.
 * A call that contradicts the probe marks it stale, and the next use probes again.
 */

/** The probe's findings, as rules. A tag the probe did not ask (the user's rules refuse it) reads as accepted: no news. */
export type ProbeFacts = {
  blockReceipts: boolean
  safe: boolean
  finalized: boolean
  otterscan: boolean
  l2aRawBlockTransactions: boolean
  l2bPendingTransactions: boolean
  maxBatchSize: number
}

export type LearnedRules = {
  /** When the probe ran (ISO 8601), or null: not probed in this browser. */
  probedAt: string | null
  probe: ProbeFacts | null
  /** Methods calls found missing (the node said so), whatever the probe said. */
  lacks: readonly string[]
  /** Tags calls found refused (the node said so). */
  refusedTags: readonly BlockTag[]
  /** A call contradicted the probe: probe again on the next use. */
  stale: boolean
}

const factsSchema = v.object({
  blockReceipts: v.boolean(),
  safe: v.boolean(),
  finalized: v.boolean(),
  otterscan: v.boolean(),
  l2aRawBlockTransactions: v.boolean(),
  l2bPendingTransactions: v.boolean(),
  maxBatchSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
})

const learnedSchema = v.object({
  probedAt: v.nullable(v.string()),
  probe: v.nullable(factsSchema),
  lacks: v.array(v.string()),
  refusedTags: v.array(v.picklist(blockTags as BlockTag[])),
  stale: v.boolean(),
})

const nothing: LearnedRules = { probedAt: null, probe: null, lacks: [], refusedTags: [], stale: false }

let entries: Map<string, LearnedRules> | null = null
let version = 0
const listeners = createListeners()


function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** Read once per page: an entry that does not parse is dropped (it is only a cache of what the node says). */
function load(): Map<string, LearnedRules> {
  if (entries) return entries
  entries = new Map()
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(learnedStorageKey) ?? '{}')
    if (stored && typeof stored === 'object') {
      for (const [id, value] of Object.entries(stored)) {
        const parsed = v.safeParse(learnedSchema, value)
        if (parsed.success) entries.set(id, parsed.output)
      }
    }
  } catch {
    // Unreadable: start over.
  }
  return entries
}

function save(): void {
  try {
    storage()?.setItem(learnedStorageKey, JSON.stringify(Object.fromEntries(load())))
  } catch {
    // Full or refused storage: what was learned still holds for this page.
  }
}

function update(network: LearnedEndpoints, change: (previous: LearnedRules) => LearnedRules): void {
  const id = learnedIdOf(network)
  const previous = load().get(id) ?? nothing
  const next = change(previous)
  if (next === previous) return
  load().set(id, next)
  version++
  save()
  listeners.notify()
}

export function learnedFor(network: LearnedEndpoints): LearnedRules {
  return load().get(learnedIdOf(network)) ?? nothing
}

/** Changes whenever anything is learned: a snapshot for useSyncExternalStore. */
export function learnedVersion(): number {
  return version
}

export const subscribeLearned = listeners.subscribe

export function recordProbe(network: LearnedEndpoints, probe: ProbeFacts, at: Date = new Date()): void {
  // A fresh probe starts over: what calls found before it is either in it or no longer so.
  update(network, () => ({ probedAt: at.toISOString(), probe, lacks: [], refusedTags: [], stale: false }))
}

const probedMethod: Record<string, keyof ProbeFacts> = {
  eth_getBlockReceipts: 'blockReceipts',
  ots_getApiLevel: 'otterscan',
  l2a_getRawBlockTransactions: 'l2aRawBlockTransactions',
  l2b_pendingTransactions: 'l2bPendingTransactions',
}

/** The node said it has no such method. */
export function noteLacks(network: LearnedEndpoints, method: string): void {
  update(network, (previous) => {
    if (previous.lacks.includes(method)) return previous
    const field = probedMethod[method]
    const contradicts = previous.probe !== null && field !== undefined && previous.probe[field] === true
    return { ...previous, lacks: [...previous.lacks, method], stale: previous.stale || contradicts }
  })
}

/** The node refused a block tag. */
export function noteRefusedTag(network: LearnedEndpoints, tag: BlockTag): void {
  update(network, (previous) => {
    if (previous.refusedTags.includes(tag)) return previous
    const contradicts = previous.probe !== null && (tag === 'safe' || tag === 'finalized') && previous.probe[tag]
    return { ...previous, refusedTags: [...previous.refusedTags, tag], stale: previous.stale || contradicts }
  })
}

/** Whether the first-use probe should run: never probed here, or contradicted since. Recorded samples say what they hold instead. */
export function needsProbe(network: Network): boolean {
  if (network.kind === 'sample') return false
  const learned = learnedFor(network)
  return learned.probe === null || learned.stale
}

/**
 * The network's rules with what was learned applied. A network from /config.json states no rules: the probe's
 * answers are its rules (the batch limit only ever lowered: the deployment's default is a ceiling). A user's
 * network has the rules the user saved: what was learned only turns off what the node said it lacks. What
 * calls found applies to both. The same object when nothing changes.
 */
export function withLearned(network: AppNetwork, learned: LearnedRules = learnedFor(network)): AppNetwork {
  if (network.kind === 'sample' || learned === nothing) return network
  const before = network.capabilities
  let rules: Capabilities = before
  const probe = learned.probe
  if (probe) {
    const tagOn = (tag: BlockTag) => (tag === 'safe' || tag === 'finalized' ? probe[tag] : true)
    const stated = network.source === 'user'
    rules = {
      ...rules,
      blockTags: stated ? rules.blockTags.filter(tagOn) : blockTags.filter((tag) => (tag === 'safe' || tag === 'finalized' ? probe[tag] : rules.blockTags.includes(tag))),
      blockReceipts: stated ? rules.blockReceipts && probe.blockReceipts : probe.blockReceipts,
      l2aRawBlockTransactions: stated ? rules.l2aRawBlockTransactions && probe.l2aRawBlockTransactions : probe.l2aRawBlockTransactions,
      l2bPendingTransactions: stated ? rules.l2bPendingTransactions && probe.l2bPendingTransactions : probe.l2bPendingTransactions,
      maxBatchSize: Math.min(rules.maxBatchSize, probe.maxBatchSize),
    }
  }
  const lacks = new Set(learned.lacks)
  rules = {
    ...rules,
    blockTags: rules.blockTags.filter((tag) => tag === 'latest' || !learned.refusedTags.includes(tag)),
    blockReceipts: rules.blockReceipts && !lacks.has('eth_getBlockReceipts'),
    l2aRawBlockTransactions: rules.l2aRawBlockTransactions && !lacks.has('l2a_getRawBlockTransactions'),
    l2bPendingTransactions: rules.l2bPendingTransactions && !lacks.has('l2b_pendingTransactions'),
  }
  const same =
    rules.blockReceipts === before.blockReceipts &&
    rules.l2aRawBlockTransactions === before.l2aRawBlockTransactions &&
    rules.l2bPendingTransactions === before.l2bPendingTransactions &&
    rules.maxBatchSize === before.maxBatchSize &&
    rules.blockTags.join() === before.blockTags.join()
  return same ? network : { ...network, capabilities: rules }
}

/** For tests: forget everything, here and in storage. */
export function clearLearned(): void {
  entries = new Map()
  version++
  try {
    storage()?.removeItem(learnedStorageKey)
  } catch {
    // nothing stored
  }
  listeners.notify()
}
