import { getAddress, isAddress, isHex, type Abi, type Hex } from 'viem'
import type { CallRequest, StateBlock } from '../../rpc/methods.ts'
import type { BlockOverrides, Overrides, StateOverrides } from '../../rpc/overrides.ts'
import { parseBlockId } from '../../urls.ts'
import { abiFunctions, encodeCalldata, findFunction, parseAbiText } from './abiInput.ts'
import { parseQuantity, QuantityError, toQuantityHex } from './quantity.ts'

/**
 * The call console's state, as its URL holds it:
 * `/call?from=&to=&data=&value=&gas=&gasPrice=&maxFeePerGas=&maxPriorityFeePerGas=&block=&method=`, plus the
 * data builder's `abi` (JSON or signatures), `fn` (the function's signature) and one `arg` per input.
 * A simulation (method=simulate) adds `state` (state overrides as JSON) and the block overrides `overrideNumber`,
 * `overrideTime` and `overrideBaseFee`. Everything is kept as typed; `buildCall` turns it into the call object
 * and says what is wrong.
 */

export const callMethods = ['eth_call', 'eth_estimateGas', 'simulate'] as const
export type CallMethod = (typeof callMethods)[number]

export const quantityFields = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const
const callFields = ['from', 'to', 'data', ...quantityFields] as const
export type CallField = (typeof callFields)[number]

/** The block fields a simulation may set, as typed (a number, a unix time, a base fee in wei). */
export const blockOverrideFields = ['overrideNumber', 'overrideTime', 'overrideBaseFee'] as const
export type BlockOverrideField = (typeof blockOverrideFields)[number]

export type CallDraft = Record<CallField, string> & Record<BlockOverrideField, string> & {
  method: CallMethod
  block: string
  /** State overrides, as JSON: { "<address>": { "balance", "nonce", "code", "stateDiff": { "<slot>": "<value>" } } }. */
  state: string
  abi: string
  fn: string
  args: string[]
}

export const emptyDraft: CallDraft = {
  method: 'eth_call',
  from: '',
  to: '',
  data: '',
  value: '',
  gas: '',
  gasPrice: '',
  maxFeePerGas: '',
  maxPriorityFeePerGas: '',
  block: 'latest',
  state: '',
  overrideNumber: '',
  overrideTime: '',
  overrideBaseFee: '',
  abi: '',
  fn: '',
  args: [],
}

export function readCallDraft(search: URLSearchParams): CallDraft {
  const method = search.get('method')
  const draft: CallDraft = { ...emptyDraft, args: search.getAll('arg') }
  for (const field of callFields) draft[field] = search.get(field) ?? ''
  draft.method = method === 'eth_estimateGas' || method === 'estimateGas' ? 'eth_estimateGas' : method === 'simulate' ? 'simulate' : 'eth_call'
  draft.block = search.get('block') ?? 'latest'
  draft.state = search.get('state') ?? ''
  for (const field of blockOverrideFields) draft[field] = search.get(field) ?? ''
  draft.abi = search.get('abi') ?? ''
  draft.fn = search.get('fn') ?? ''
  return draft
}

/** The draft with `data` filled in from the builder when the link gave a function but no data. */
export function withBuilderData(draft: CallDraft): CallDraft {
  if (draft.data.trim() !== '' || draft.fn === '') return draft
  const calldata = builderState(draft).calldata
  return calldata ? { ...draft, data: calldata } : draft
}

/** Whether the URL asks for a call at all: opening such a URL runs it at once. */
export function urlHasCall(search: URLSearchParams): boolean {
  return callFields.some((field) => (search.get(field) ?? '').trim() !== '') || (search.get('fn') ?? '') !== ''
}

/** The draft as URL params; empty fields are left out, and params that are not the console's (`network`) kept. */
export function writeCallDraft(draft: CallDraft, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams()
  for (const [key, value] of current) {
    if (!(callFields as readonly string[]).includes(key) && !(blockOverrideFields as readonly string[]).includes(key) && !['method', 'block', 'state', 'abi', 'fn', 'arg'].includes(key)) next.append(key, value)
  }
  for (const field of callFields) if (draft[field].trim() !== '') next.set(field, draft[field].trim())
  if (draft.block.trim() !== '' && draft.block.trim() !== 'latest') next.set('block', draft.block.trim())
  next.set('method', draft.method)
  if (draft.method === 'simulate') {
    if (draft.state.trim() !== '') next.set('state', draft.state.trim())
    for (const field of blockOverrideFields) if (draft[field].trim() !== '') next.set(field, draft[field].trim())
  }
  if (draft.abi.trim() !== '') next.set('abi', draft.abi.trim())
  if (draft.fn !== '') {
    next.set('fn', draft.fn)
    for (const arg of draft.args) next.append('arg', arg)
  }
  return next
}

export type Problems = Partial<Record<CallField | BlockOverrideField | 'block' | 'state' | 'abi' | 'args', string>>

/** What the builder makes of the draft: the ABI, the chosen function, its calldata or what is wrong. */
export type BuilderState = {
  abi: Abi
  abiProblem: string | null
  functionKey: string | null
  calldata: Hex | null
  argProblems: Record<number, string>
  callProblem: string | null
}

export function builderState(draft: Pick<CallDraft, 'abi' | 'fn' | 'args'>): BuilderState {
  const state: BuilderState = { abi: [], abiProblem: null, functionKey: null, calldata: null, argProblems: {}, callProblem: null }
  try {
    state.abi = parseAbiText(draft.abi)
  } catch (error) {
    state.abiProblem = error instanceof Error ? error.message : String(error)
    return state
  }
  const fn = draft.fn !== '' ? findFunction(state.abi, draft.fn) : null
  if (draft.fn !== '' && !fn) {
    state.callProblem = abiFunctions(state.abi).length === 0 ? `no function ${draft.fn} without an ABI or signature` : `the ABI has no function ${draft.fn}`
    return state
  }
  if (!fn) return state
  state.functionKey = draft.fn
  try {
    state.calldata = encodeCalldata(fn, draft.args)
  } catch (error) {
    const index = (error as { index?: number }).index ?? -1
    const message = error instanceof Error ? error.message : String(error)
    if (index >= 0) state.argProblems[index] = message
    else state.callProblem = message
  }
  return state
}

/** The block parameter as typed: a tag, a number (decimal or hex), or a block hash (EIP-1898). */
export function parseStateBlock(text: string): StateBlock | null {
  const parsed = parseBlockId(text.trim() === '' ? 'latest' : text)
  if (!parsed) return null
  if (parsed.kind === 'tag') return parsed.tag
  if (parsed.kind === 'hash') return parsed.hash
  return toQuantityHex(parsed.number)
}

export type BuiltCall =
  | { ok: true; method: CallMethod; request: CallRequest; block: StateBlock; dataFromBuilder: boolean; overrides: Overrides }
  | { ok: false; problems: Problems }

/**
 * The call object and block parameter the draft stands for, or every problem with it. Quantities go out
 * as hex; addresses checksummed as typed are checked, and the data is the typed hex or, when the data
 * field is empty, what the builder encodes.
 */
export function buildCall(draft: CallDraft): BuiltCall {
  const problems: Problems = {}
  const request: CallRequest = {}
  for (const field of ['from', 'to'] as const) {
    const text = draft[field].trim()
    if (text === '') continue
    if (!isAddress(text, { strict: false })) problems[field] = `"${text}" is not a 20-byte address`
    else if (!isAddress(text, { strict: true })) problems[field] = 'the checksum (upper/lower case) is wrong: check the address, or write it all lower case'
    else request[field] = getAddress(text)
  }
  for (const field of quantityFields) {
    const text = draft[field].trim()
    if (text === '') continue
    try {
      request[field] = toQuantityHex(parseQuantity(text))
    } catch (error) {
      problems[field] = error instanceof QuantityError ? error.message : String(error)
    }
  }
  if (request.gasPrice !== undefined && (request.maxFeePerGas !== undefined || request.maxPriorityFeePerGas !== undefined)) {
    problems.gasPrice = 'give either gasPrice (legacy) or maxFeePerGas / maxPriorityFeePerGas (EIP-1559), not both'
  }
  if (request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined && BigInt(request.maxPriorityFeePerGas) > BigInt(request.maxFeePerGas)) {
    problems.maxPriorityFeePerGas = 'the priority fee cannot be above the max fee per gas'
  }
  let dataFromBuilder = false
  const data = draft.data.trim()
  if (data !== '') {
    if (!isHex(data)) problems.data = 'data is hex, starting 0x'
    else if (data.length % 2 !== 0) problems.data = 'data has an odd number of hex digits'
    else request.data = data.toLowerCase() as Hex
  } else if (draft.fn !== '') {
    const builder = builderState(draft)
    if (builder.calldata) {
      request.data = builder.calldata
      dataFromBuilder = true
    } else problems.args = builder.abiProblem ?? builder.callProblem ?? Object.values(builder.argProblems)[0] ?? 'the arguments do not encode'
  }
  // Without `to` the call runs `data` as creation code; with neither there is nothing to run.
  if (draft.method !== 'eth_estimateGas' && request.to === undefined && request.data === undefined && problems.to === undefined && problems.data === undefined && problems.args === undefined) {
    problems.to = `${draft.method === 'simulate' ? 'a simulation' : 'eth_call'} needs the contract to call (or creation code in data)`
  }
  const block = parseStateBlock(draft.block)
  if (block === null) problems.block = `"${draft.block}" is not a block: a number, a tag (latest, pending, ...) or a block hash`
  const overrides: Overrides = {}
  if (draft.method === 'simulate') {
    try {
      const state = parseStateOverrides(draft.state)
      if (state) overrides.state = state
    } catch (error) {
      problems.state = error instanceof Error ? error.message : String(error)
    }
    const blockFields: Record<BlockOverrideField, keyof BlockOverrides> = { overrideNumber: 'number', overrideTime: 'time', overrideBaseFee: 'baseFeePerGas' }
    for (const field of blockOverrideFields) {
      const text = draft[field].trim()
      if (text === '') continue
      try {
        ;(overrides.block ??= {})[blockFields[field]] = toQuantityHex(parseQuantity(text))
      } catch (error) {
        problems[field] = error instanceof QuantityError ? error.message : String(error)
      }
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return { ok: true, method: draft.method, request, block: block!, dataFromBuilder, overrides }
}

const overrideFields = ['balance', 'nonce', 'code', 'stateDiff', 'storage'] as const

/** A quantity in an override: hex or decimal text, or a JSON number. */
function overrideQuantity(value: unknown, where: string): Hex {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return toQuantityHex(BigInt(value))
  if (typeof value === 'string') {
    try {
      return toQuantityHex(parseQuantity(value))
    } catch {
      // said below
    }
  }
  throw new Error(`${where}: expected a number (decimal or 0x hex), got ${JSON.stringify(value)}`)
}

/** A storage word in an override: hex of at most 32 bytes, or a number; sent as 32 bytes. */
function overrideWord(value: unknown, where: string): Hex {
  if (typeof value === 'string' && isHex(value) && value.length <= 66) return `0x${value.slice(2).padStart(64, '0')}`.toLowerCase() as Hex
  const quantity = overrideQuantity(value, where)
  return `0x${quantity.slice(2).padStart(64, '0')}` as Hex
}

/**
 * State overrides as the user writes them, checked: a JSON object of addresses, each with any of balance, nonce
 * (numbers), code (hex) and stateDiff (or storage, the same: slot → value, only the slots named change). Null for
 * nothing typed; every problem says where it is.
 */
export function parseStateOverrides(text: string): StateOverrides | null {
  if (text.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`not JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected an object of addresses: { "0x…": { "balance": "…" } }')
  const overrides: StateOverrides = {}
  for (const [address, fields] of Object.entries(value)) {
    if (!isAddress(address, { strict: false })) throw new Error(`"${address}" is not a 20-byte address`)
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw new Error(`${address}: expected an object with balance, nonce, code or stateDiff`)
    const unknown = Object.keys(fields).filter((key) => !(overrideFields as readonly string[]).includes(key))
    if (unknown.length > 0) throw new Error(`${address}: unknown field ${unknown.map((key) => `"${key}"`).join(', ')} (expected balance, nonce, code, stateDiff)`)
    const given = fields as Record<string, unknown>
    const entry: StateOverrides[Hex] = {}
    if (given.balance !== undefined) entry.balance = overrideQuantity(given.balance, `${address}.balance`)
    if (given.nonce !== undefined) entry.nonce = overrideQuantity(given.nonce, `${address}.nonce`)
    if (given.code !== undefined) {
      if (typeof given.code !== 'string' || !isHex(given.code) || given.code.length % 2 !== 0) throw new Error(`${address}.code: expected hex bytes, 0x…`)
      entry.code = given.code.toLowerCase() as Hex
    }
    const slots = given.stateDiff ?? given.storage
    if (slots !== undefined) {
      if (typeof slots !== 'object' || slots === null || Array.isArray(slots)) throw new Error(`${address}.stateDiff: expected an object of slot → value`)
      entry.stateDiff = {}
      for (const [slot, word] of Object.entries(slots)) entry.stateDiff[overrideWord(slot, `${address}.stateDiff slot`)] = overrideWord(word, `${address}.stateDiff[${slot}]`)
    }
    overrides[getAddress(address)] = entry
  }
  return overrides
}
