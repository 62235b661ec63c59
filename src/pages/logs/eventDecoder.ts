import { decodeEventLog, getAddress, toEventSelector, type AbiEvent, type AbiParameter, type Hex } from 'viem'
import { decodeTokenEvent, type LogLike } from '../../evm/tokenEvents.ts'
import { eventItem } from '../../logs/logQuery.ts'
import { parameterText } from '../../evm/abiText.ts'

/**
 * Decoding for the logs table: the token events every explorer knows (src/evm/tokenEvents.ts), and any
 * event the user gives, as signatures (`event Tick(uint256 indexed counter, uint256 batch)`, one per line)
 * or as a pasted ABI (JSON: an array, or an object with an `abi` array).
 */

export type DecodedArg = { name: string; type: string; indexed: boolean; value: string; kind: 'address' | 'number' | 'bool' | 'other' }

export type DecodedLog = {
  event: string
  /** Where the meaning comes from: a token standard, the user's ABI, or an ABI the app knows (the names table, a published contract). */
  source: 'ERC-20' | 'ERC-721' | 'ABI' | 'known'
  /** The event as declared ("Transfer(address indexed from, …)"). */
  signature: string
  args: DecodedArg[]
}

export type EventDefinitions = { events: AbiEvent[]; problems: string[] }

/** Reads signatures (one per line, or separated by `;`) or a JSON ABI; keeps the events, says what it could not read. */
export function parseEventDefinitions(text: string): EventDefinitions {
  const trimmed = text.trim()
  if (trimmed === '') return { events: [], problems: [] }
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(trimmed)
    } catch (error) {
      return { events: [], problems: [`not valid JSON: ${(error as Error).message}`] }
    }
    const abi = Array.isArray(parsed) ? parsed : (parsed as { abi?: unknown }).abi
    if (!Array.isArray(abi)) return { events: [], problems: ['a JSON ABI is an array of items (or an object with an "abi" array)'] }
    const events = abi.filter((item): item is AbiEvent => typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'event')
    const usable: AbiEvent[] = []
    const problems: string[] = []
    for (const event of events) {
      try {
        toEventSelector(event)
        usable.push(event)
      } catch {
        problems.push(`event ${String(event.name)}: its inputs cannot be read`)
      }
    }
    if (events.length === 0) problems.push('the ABI declares no events')
    return { events: usable, problems }
  }
  const events: AbiEvent[] = []
  const problems: string[] = []
  for (const line of trimmed.split(/[\n;]+/)) {
    const signature = line.trim()
    if (signature === '' || signature.startsWith('//')) continue
    try {
      events.push(eventItem(signature))
    } catch {
      problems.push(`“${signature}” is not an event signature`)
    }
  }
  return { events, problems }
}

/** `event Tick(uint256 indexed counter, uint256 batch)`: the human-readable form parseAbiItem reads back. */
export function formatEvent(event: AbiEvent): string {
  return `event ${event.name}(${event.inputs.map(parameterText).join(', ')})${event.anonymous ? ' anonymous' : ''}`
}

/** The events as text again, one per line: what the URL keeps (a pasted JSON ABI shrinks to its events). */
export function eventsText(events: readonly AbiEvent[]): string {
  return events.map(formatEvent).join('\n')
}

function textOf(value: unknown): string {
  if (typeof value === 'bigint') return value.toString(10)
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString(10) : item))
}

function kindOf(type: string): DecodedArg['kind'] {
  if (type === 'address') return 'address'
  if (/^u?int\d*$/.test(type)) return 'number'
  if (type === 'bool') return 'bool'
  return 'other'
}

function argsOf(inputs: readonly AbiParameter[], values: Record<string, unknown> | readonly unknown[]): DecodedArg[] {
  return inputs.map((input, index) => {
    const name = input.name && input.name !== '' ? input.name : `arg${index}`
    const raw = Array.isArray(values) ? values[index] : (values as Record<string, unknown>)[input.name ?? ''] ?? (values as Record<string, unknown>)[String(index)]
    const value = input.type === 'address' && typeof raw === 'string' ? getAddress(raw) : textOf(raw)
    return { name, type: input.type, indexed: Boolean((input as { indexed?: boolean }).indexed), value, kind: kindOf(input.type) }
  })
}

const tokenSignatures: Record<string, string> = {
  'ERC-20 Transfer': 'Transfer(address indexed from, address indexed to, uint256 value)',
  'ERC-20 Approval': 'Approval(address indexed owner, address indexed spender, uint256 value)',
  'ERC-721 Transfer': 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'ERC-721 Approval': 'Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'ERC-721 ApprovalForAll': 'ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
}

function decodeToken(log: LogLike): DecodedLog | null {
  const token = decodeTokenEvent(log)
  if (!token) return null
  const { standard, event, ...values } = token
  const signature = tokenSignatures[`${standard} ${event}`]!
  return { event, source: standard, signature, args: argsOf(eventItem(signature).inputs, values as Record<string, unknown>) }
}

/** The first of the candidate events the log decodes as exactly (events sharing topic 0 differ in what they index). */
function decodeWith(candidates: readonly AbiEvent[], log: LogLike, source: 'ABI' | 'known'): DecodedLog | null {
  for (const event of candidates) {
    try {
      const result = decodeEventLog({ abi: [event], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
      return { event: event.name, source, signature: formatEvent(event).replace(/^event /, ''), args: argsOf(event.inputs, result.args as Record<string, unknown> | readonly unknown[]) }
    } catch {
      // not this one
    }
  }
  return null
}

/**
 * A decoder for one set of user events: the user's events are tried first (they said what the contract
 * means), then the token events. Each log is decoded once (the table re-renders rows as they scroll).
 */
export function createDecoder(events: readonly AbiEvent[], known?: (topic0: Hex) => readonly AbiEvent[]): (log: LogLike) => DecodedLog | null {
  const bySelector = new Map<Hex, AbiEvent[]>()
  for (const event of events) {
    if (event.anonymous) continue
    const selector = toEventSelector(event)
    bySelector.set(selector, [...(bySelector.get(selector) ?? []), event])
  }
  const cache = new WeakMap<LogLike, DecodedLog | null>()
  return (log) => {
    if (cache.has(log)) return cache.get(log)!
    let decoded: DecodedLog | null = null
    const candidates = log.topics[0] ? bySelector.get(log.topics[0].toLowerCase() as Hex) : undefined
    // Events that share a selector differ in what they index (ERC-20 vs ERC-721 Transfer): take the one that fits.
    decoded = decodeWith(candidates ?? [], log, 'ABI')
    decoded ??= decodeToken(log)
    // Last, the events of every ABI the app knows: named, but the user's own and the standards' come first.
    if (!decoded && log.topics[0] && known) decoded = decodeWith(known(log.topics[0]), log, 'known')
    cache.set(log, decoded)
    return decoded
  }
}
