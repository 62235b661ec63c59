import { getAddress, isAddress, isHex, type Abi, type Hex } from 'viem'
import type { CallRequest, StateBlock } from '../../rpc/methods.ts'
import { parseBlockId } from '../../urls.ts'
import { abiFunctions, encodeCalldata, findFunction, parseAbiText } from './abiInput.ts'
import { parseQuantity, QuantityError, toQuantityHex } from './quantity.ts'

/**
 * The call console's state, as its URL holds it:
 * `/call?from=&to=&data=&value=&gas=&gasPrice=&maxFeePerGas=&maxPriorityFeePerGas=&block=&method=`, plus the
 * data builder's `abi` (JSON or signatures), `fn` (the function's signature) and one `arg` per input.
 * Everything is kept as typed; `buildCall` turns it into the call object and says what is wrong.
 */

export const callMethods = ['eth_call', 'eth_estimateGas'] as const
export type CallMethod = (typeof callMethods)[number]

export const quantityFields = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const
const callFields = ['from', 'to', 'data', ...quantityFields] as const
export type CallField = (typeof callFields)[number]

export type CallDraft = Record<CallField, string> & {
  method: CallMethod
  block: string
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
  abi: '',
  fn: '',
  args: [],
}

export function readCallDraft(search: URLSearchParams): CallDraft {
  const method = search.get('method')
  const draft: CallDraft = { ...emptyDraft, args: search.getAll('arg') }
  for (const field of callFields) draft[field] = search.get(field) ?? ''
  draft.method = method === 'eth_estimateGas' || method === 'estimateGas' ? 'eth_estimateGas' : 'eth_call'
  draft.block = search.get('block') ?? 'latest'
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
    if (!(callFields as readonly string[]).includes(key) && !['method', 'block', 'abi', 'fn', 'arg'].includes(key)) next.append(key, value)
  }
  for (const field of callFields) if (draft[field].trim() !== '') next.set(field, draft[field].trim())
  if (draft.block.trim() !== '' && draft.block.trim() !== 'latest') next.set('block', draft.block.trim())
  next.set('method', draft.method)
  if (draft.abi.trim() !== '') next.set('abi', draft.abi.trim())
  if (draft.fn !== '') {
    next.set('fn', draft.fn)
    for (const arg of draft.args) next.append('arg', arg)
  }
  return next
}

export type Problems = Partial<Record<CallField | 'block' | 'abi' | 'args', string>>

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
  | { ok: true; method: CallMethod; request: CallRequest; block: StateBlock; dataFromBuilder: boolean }
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
  if (draft.method === 'eth_call' && request.to === undefined && request.data === undefined && problems.to === undefined && problems.data === undefined && problems.args === undefined) {
    problems.to = 'eth_call needs the contract to call (or creation code in data)'
  }
  const block = parseStateBlock(draft.block)
  if (block === null) problems.block = `"${draft.block}" is not a block: a number, a tag (latest, pending, ...) or a block hash`
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return { ok: true, method: draft.method, request, block: block!, dataFromBuilder }
}
