import { isAddress, pad, parseAbiItem, toEventSelector, toHex, type AbiEvent, type Address, type Hash } from 'viem'
import { blockTags, type BlockTag, type LogFilter } from '../rpc/methods.ts'

/**
 * The logs tool's state is its URL: /logs?address=&topic0=&topic1=&topic2=&topic3=&fromBlock=&toBlock=&blockHash=
 * (plus events= for decoding, cap= and follow=). This module reads and writes it, and turns it into the
 * spec's log filter object. The same parser checks the form as the user types, so a URL and the form can
 * never disagree about what a value means.
 */

/** The URL's fields as text, exactly as typed (the form edits these). */
export type LogFormValues = {
  address: string
  topic0: string
  topic1: string
  topic2: string
  topic3: string
  fromBlock: string
  toBlock: string
  blockHash: string
  /** Event signatures or an ABI to decode more than the token events with. */
  events: string
  cap: string
  follow: boolean
}

export type LogField = Exclude<keyof LogFormValues, 'follow'>

export const topicFields = ['topic0', 'topic1', 'topic2', 'topic3'] as const
const textFields: readonly LogField[] = ['address', ...topicFields, 'fromBlock', 'toBlock', 'blockHash', 'events', 'cap']
/** The fields that make a filter: any of them in a URL runs the query at once. */
const filterFields: readonly LogField[] = ['address', ...topicFields, 'fromBlock', 'toBlock', 'blockHash']

export const emptyLogForm: LogFormValues = { address: '', topic0: '', topic1: '', topic2: '', topic3: '', fromBlock: '', toBlock: '', blockHash: '', events: '', cap: '', follow: false }

/** Past this many logs a search stops with a message (the user can raise it with cap=). */
export const defaultLogCap = 100_000
const maxLogCap = 2_000_000
/** The spec's limit: "Parameters in a single request: 5,000 maximum" (addresses and topics). */
const maxFilterParameters = 5_000

/** A block parameter as a range end: a number, or a tag the network resolves. */
export type RangeEnd = { kind: 'number'; number: bigint } | { kind: 'tag'; tag: BlockTag }

/** Per topic position: null = any; else the alternatives (one value is a one-element list). */
export type TopicMatch = readonly Hash[] | null

export type LogQuery = {
  addresses: readonly Address[]
  topics: readonly [TopicMatch, TopicMatch, TopicMatch, TopicMatch]
  /** The spec: fromBlock/toBlock (each defaulting to latest) or blockHash, never both. */
  range: { kind: 'range'; from: RangeEnd; to: RangeEnd } | { kind: 'hash'; blockHash: Hash }
  cap: number
  follow: boolean
}

export type LogProblems = Partial<Record<LogField | 'range', string>>

export type ParsedLogQuery = { ok: true; query: LogQuery } | { ok: false; problems: LogProblems }

/** Why a filter cannot have both: shown under the fields, and instead of results for a URL that has both. */
export const rangeConflictMessage =
  'A filter takes a block range or a block hash, never both: blockHash already names exactly one block, so the spec does not allow fromBlock or toBlock next to it. Clear one side to search.'

export function readLogForm(search: URLSearchParams): LogFormValues {
  const values = { ...emptyLogForm }
  for (const field of textFields) values[field] = search.get(field)?.trim() ?? ''
  const follow = search.get('follow')
  values.follow = follow === '1' || follow === 'true'
  return values
}

/** The URL's query string for these values: empty fields left out, so a link carries only what matters. */
export function logSearchParams(values: LogFormValues): URLSearchParams {
  const search = new URLSearchParams()
  for (const field of textFields) {
    const value = field === 'address' ? splitList(values.address).join(',') : values[field].trim()
    if (value !== '') search.set(field, value)
  }
  if (values.follow) search.set('follow', '1')
  return search
}

/** True when the values name any filter field: such a URL runs its query on open. */
export function hasFilter(values: LogFormValues): boolean {
  return filterFields.some((field) => values[field].trim() !== '')
}

/** True when the form has both a range and a block hash: the one mistake the spec names. */
export function hasRangeConflict(values: Pick<LogFormValues, 'fromBlock' | 'toBlock' | 'blockHash'>): boolean {
  return values.blockHash.trim() !== '' && (values.fromBlock.trim() !== '' || values.toBlock.trim() !== '')
}

function splitList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

const word = /^0x[0-9a-fA-F]{64}$/

/**
 * One topic value: a 32-byte hex word; or, turned into the word it stands for, an event signature
 * (`Transfer(address,address,uint256)` or `event Transfer(address indexed from, …)` → its keccak-256), an
 * address (left-padded, as an indexed address is), or a decimal integer (as an indexed uint256 is).
 */
function parseTopicValue(text: string): { ok: true; word: Hash } | { ok: false; problem: string } {
  const value = text.trim()
  if (word.test(value)) return { ok: true, word: value.toLowerCase() as Hash }
  if (isAddress(value, { strict: false })) return { ok: true, word: pad(value.toLowerCase() as Address, { size: 32 }) }
  if (/^\d{1,78}$/.test(value)) {
    const number = BigInt(value)
    if (number >= 2n ** 256n) return { ok: false, problem: `${value} does not fit in 32 bytes` }
    return { ok: true, word: toHex(number, { size: 32 }) }
  }
  if (value.includes('(')) {
    try {
      return { ok: true, word: toEventSelector(eventItem(value)) }
    } catch {
      return { ok: false, problem: `“${value}” is not an event signature (try Transfer(address,address,uint256))` }
    }
  }
  if (/^0x[0-9a-fA-F]*$/.test(value)) return { ok: false, problem: `${value} is not 32 bytes (64 hex digits)` }
  return { ok: false, problem: `“${value}” is not a topic: give 32 bytes of hex, an event signature, an address or a number` }
}

/** `Tick(uint256,uint256)` or `event Tick(uint256 indexed counter, uint256 batch)` as an ABI event item. */
export function eventItem(signature: string): AbiEvent {
  const text = signature.trim().replace(/;$/, '')
  const item = parseAbiItem(/^event\s/.test(text) ? text : `event ${text}`)
  if (item.type !== 'event') throw new Error('not an event')
  return item as AbiEvent
}

/** A topic position: empty = any; one value; or alternatives separated by `|`. */
export function parseTopic(text: string): { ok: true; match: TopicMatch } | { ok: false; problem: string } {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === '*' || trimmed.toLowerCase() === 'any') return { ok: true, match: null }
  const values: Hash[] = []
  for (const part of trimmed.split('|')) {
    if (part.trim() === '') return { ok: false, problem: 'an empty alternative: separate values with a single |' }
    const parsed = parseTopicValue(part)
    if (!parsed.ok) return parsed
    if (!values.includes(parsed.word)) values.push(parsed.word)
  }
  return { ok: true, match: values }
}

/** A range end: decimal ("1,234" and "1_234" too), 0x hex, or a tag. Empty is the spec's default, latest. */
export function parseBlockRef(text: string): RangeEnd | null {
  const value = text.trim().toLowerCase()
  if (value === '') return { kind: 'tag', tag: 'latest' }
  if ((blockTags as readonly string[]).includes(value)) return { kind: 'tag', tag: value as BlockTag }
  const digits = value.replace(/[,_]/g, '')
  if (/^\d{1,20}$/.test(digits)) return { kind: 'number', number: BigInt(digits) }
  if (/^0x[0-9a-f]{1,16}$/.test(value)) return { kind: 'number', number: BigInt(value) }
  return null
}

export function parseLogQuery(values: LogFormValues): ParsedLogQuery {
  const problems: LogProblems = {}

  const addresses: Address[] = []
  for (const item of splitList(values.address)) {
    if (!isAddress(item, { strict: false })) {
      problems.address = `${item} is not an address (20 bytes: 0x and 40 hex digits)`
      break
    }
    const lower = item.toLowerCase() as Address
    if (!addresses.includes(lower)) addresses.push(lower)
  }

  const topics: TopicMatch[] = []
  for (const field of topicFields) {
    const parsed = parseTopic(values[field])
    if (parsed.ok) topics.push(parsed.match)
    else {
      problems[field] = parsed.problem
      topics.push(null)
    }
  }

  let range: LogQuery['range'] | null = null
  if (hasRangeConflict(values)) problems.range = rangeConflictMessage
  else if (values.blockHash.trim() !== '') {
    const hash = values.blockHash.trim()
    if (word.test(hash)) range = { kind: 'hash', blockHash: hash.toLowerCase() as Hash }
    else problems.blockHash = 'a block hash is 32 bytes: 0x and 64 hex digits'
  } else {
    const from = parseBlockRef(values.fromBlock)
    const to = parseBlockRef(values.toBlock)
    if (!from) problems.fromBlock = 'a block number (decimal or 0x hex) or a tag: latest, earliest, pending, safe, finalized'
    if (!to) problems.toBlock = 'a block number (decimal or 0x hex) or a tag: latest, earliest, pending, safe, finalized'
    if (from && to) {
      if (from.kind === 'number' && to.kind === 'number' && from.number > to.number) problems.range = `fromBlock ${from.number} is after toBlock ${to.number}`
      else if (from.kind === 'number' && to.kind === 'tag' && to.tag === 'earliest' && from.number > 0n) problems.range = `fromBlock ${from.number} is after toBlock earliest (block 0)`
      else range = { kind: 'range', from, to }
    }
  }

  let cap = defaultLogCap
  const capText = values.cap.trim().replace(/[,_]/g, '')
  if (capText !== '') {
    if (!/^\d{1,8}$/.test(capText) || Number(capText) < 1 || Number(capText) > maxLogCap) problems.cap = `a whole number of logs from 1 to ${maxLogCap.toLocaleString('en-US')}`
    else cap = Number(capText)
  }

  const parameters = addresses.length + topics.reduce((sum, match) => sum + (match?.length ?? 0), 0)
  if (parameters > maxFilterParameters && !problems.address) {
    problems.address = `the filter has ${parameters.toLocaleString('en-US')} addresses and topics; the spec allows ${maxFilterParameters.toLocaleString('en-US')} per request`
  }

  if (Object.keys(problems).length > 0 || !range) return { ok: false, problems }
  return { ok: true, query: { addresses, topics: topics as unknown as LogQuery['topics'], range, cap, follow: values.follow } }
}

/**
 * The filter object without its block part (fromBlock/toBlock are set per scanned window, blockHash by the
 * caller): address as one value or a list, topics with trailing "any" positions left out.
 */
export function baseFilter(query: LogQuery): LogFilter {
  const filter: { address?: Address | readonly Address[]; topics?: Array<Hash | readonly Hash[] | null> } = {}
  if (query.addresses.length === 1) filter.address = query.addresses[0]!
  else if (query.addresses.length > 1) filter.address = query.addresses
  const topics = query.topics.map((match) => (match === null ? null : match.length === 1 ? match[0]! : match))
  while (topics.length > 0 && topics.at(-1) === null) topics.pop()
  if (topics.length > 0) filter.topics = topics
  return filter
}

/** The whole filter as it would be sent in one request: what the form shows as "the filter object". */
export function filterPreview(query: LogQuery): Record<string, unknown> {
  const filter: Record<string, unknown> = { ...baseFilter(query) }
  if (query.range.kind === 'hash') filter.blockHash = query.range.blockHash
  else {
    filter.fromBlock = blockRefText(query.range.from)
    filter.toBlock = blockRefText(query.range.to)
  }
  return filter
}

function blockRefText(ref: RangeEnd): string {
  return ref.kind === 'tag' ? ref.tag : toHex(ref.number)
}

/** Follow mode needs an open end: new logs arrive past `latest`, never past a fixed block or inside one hash. */
export function canFollow(query: LogQuery): boolean {
  return query.range.kind === 'range' && query.range.to.kind === 'tag' && (query.range.to.tag === 'latest' || query.range.to.tag === 'pending')
}
