import {
  encodeFunctionData,
  getAddress,
  isAddress,
  isHex,
  parseAbi,
  toFunctionSelector,
  toFunctionSignature,
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Hex,
} from 'viem'
import { parseQuantity, QuantityError } from './quantity.ts'
import { ChainglassError } from '../../../contract/errors.ts'

/**
 * The data builder's ABI: pasted JSON (an ABI array, or an artifact with an `abi`), or signatures written
 * by hand, one a line — `transfer(address,uint256)`, `function balanceOf(address) view returns (uint256)`,
 * `error InsufficientFunds(address account, uint256 available, uint256 required)`. A bare `name(...)` is a
 * function.
 */
export class AbiInputError extends ChainglassError {
  override name = 'AbiInputError'
}

const itemKinds = /^(function|error|event|struct|constructor|fallback|receive)\b/

/** The human-readable lines of a signature text: split on new lines and `;`, bare signatures made functions. */
export function signatureLines(text: string): string[] {
  return text
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .map((line) => (itemKinds.test(line) ? line : `function ${line}`))
}

export function parseAbiText(text: string): Abi {
  const trimmed = text.trim()
  if (trimmed === '') return []
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch {
      throw new AbiInputError('this looks like JSON but does not parse: paste the whole ABI array')
    }
    const abi = Array.isArray(value) ? value : (value as { abi?: unknown })?.abi
    if (!Array.isArray(abi)) throw new AbiInputError('no ABI here: expected a JSON array, or an object with an "abi" array')
    if (!abi.every((item) => item && typeof item === 'object' && typeof (item as { type?: unknown }).type === 'string')) {
      throw new AbiInputError('every ABI entry needs a "type" (function, error, event, ...)')
    }
    return abi as Abi
  }
  const lines = signatureLines(trimmed)
  try {
    return parseAbi(lines)
  } catch (error) {
    const first = error instanceof Error ? (error as { shortMessage?: string }).shortMessage ?? error.message.split('\n')[0] : String(error)
    throw new AbiInputError(`cannot read the signature: ${first}`)
  }
}

export function abiFunctions(abi: Abi): AbiFunction[] {
  return abi.filter((item): item is AbiFunction => item.type === 'function')
}

/** How a function is named in the URL and the picker: its canonical signature, `balanceOf(address)`. */
export function functionKey(fn: AbiFunction): string {
  return toFunctionSignature(fn)
}

export function findFunction(abi: Abi, key: string): AbiFunction | null {
  const functions = abiFunctions(abi)
  const wanted = key.replace(/\s+/g, '')
  return functions.find((fn) => functionKey(fn) === wanted) ?? functions.find((fn) => fn.name === key.trim()) ?? null
}

/** The function of the ABI whose selector starts `data`: the one to decode the answer with. */
export function functionForCalldata(abi: Abi, data: Hex | undefined): AbiFunction | null {
  if (!data || data.length < 10) return null
  const selector = data.slice(0, 10).toLowerCase()
  return abiFunctions(abi).find((fn) => toFunctionSelector(fn) === selector) ?? null
}

/** One argument that cannot be encoded; `index` says which input. */
export class ArgumentError extends ChainglassError {
  override name = 'ArgumentError'
  readonly index: number

  constructor(index: number, message: string) {
    super(message)
    this.index = index
  }
}

const arraySuffix = /^(.*)\[(\d*)\]$/

function describe(param: AbiParameter): string {
  return param.name ? `${param.name} (${param.type})` : param.type
}

/** A JSON value (from an array or tuple argument) or the typed text, as viem wants it for `param`. */
function parseArgumentValue(param: AbiParameter, value: unknown): unknown {
  const type = param.type
  const array = arraySuffix.exec(type)
  if (array) {
    const list = typeof value === 'string' ? parseJson(value, `${describe(param)} is a list: write it as JSON, e.g. [1, 2]`) : value
    if (!Array.isArray(list)) throw new Error(`${describe(param)} is a list: write it as JSON, e.g. [1, 2]`)
    if (array[2] !== '' && list.length !== Number(array[2])) throw new Error(`${describe(param)} takes exactly ${array[2]} elements; got ${list.length}`)
    const inner = { ...param, type: array[1]! } as AbiParameter
    return list.map((item) => parseArgumentValue(inner, item))
  }
  if (type === 'tuple') {
    const components = (param as { components?: readonly AbiParameter[] }).components ?? []
    const tuple = typeof value === 'string' ? parseJson(value, `${describe(param)} is a tuple: write it as a JSON array or object`) : value
    if (Array.isArray(tuple)) {
      if (tuple.length !== components.length) throw new Error(`${describe(param)} has ${components.length} fields; got ${tuple.length}`)
      return tuple.map((item, index) => parseArgumentValue(components[index]!, item))
    }
    if (tuple && typeof tuple === 'object') {
      const record = tuple as Record<string, unknown>
      return Object.fromEntries(components.map((component, index) => [component.name ?? String(index), parseArgumentValue(component, record[component.name ?? String(index)])]))
    }
    throw new Error(`${describe(param)} is a tuple: write it as a JSON array or object`)
  }
  if (value === undefined || value === null) throw new Error(`${describe(param)} is missing`)
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null
  if (text === null) throw new Error(`${describe(param)}: expected a single value`)
  const trimmed = text.trim()
  if (type === 'address') {
    if (!isAddress(trimmed, { strict: false })) throw new Error(`${describe(param)}: "${text}" is not a 20-byte address`)
    return getAddress(trimmed)
  }
  if (type === 'bool') {
    if (trimmed === 'true' || trimmed === '1') return true
    if (trimmed === 'false' || trimmed === '0') return false
    throw new Error(`${describe(param)}: write true or false`)
  }
  if (type === 'string') return text
  const integer = /^(u?)int(\d*)$/.exec(type)
  if (integer) {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`${describe(param)}: ${value} is too large for a JSON number; write it as a string`)
    try {
      return parseQuantity(trimmed, { signed: integer[1] === '' })
    } catch (error) {
      throw new Error(`${describe(param)}: ${error instanceof QuantityError ? error.message : 'not a number'}`)
    }
  }
  const bytes = /^bytes(\d*)$/.exec(type)
  if (bytes) {
    if (!isHex(trimmed)) throw new Error(`${describe(param)}: write hex, e.g. 0x1234`)
    if (trimmed.length % 2 !== 0) throw new Error(`${describe(param)}: an odd number of hex digits`)
    if (bytes[1] !== '' && (trimmed.length - 2) / 2 !== Number(bytes[1])) throw new Error(`${describe(param)}: takes exactly ${bytes[1]} bytes; got ${(trimmed.length - 2) / 2}`)
    return trimmed
  }
  throw new Error(`${describe(param)}: the type ${type} is not supported by the builder`)
}

function parseJson(text: string, problem: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(problem)
  }
}

/** The calldata for `fn` with the arguments as typed (one string per input). Throws ArgumentError. */
export function encodeCalldata(fn: AbiFunction, args: readonly string[]): Hex {
  const values = fn.inputs.map((input, index) => {
    try {
      return parseArgumentValue(input, args[index] ?? '')
    } catch (error) {
      throw new ArgumentError(index, error instanceof Error ? error.message : String(error))
    }
  })
  try {
    return encodeFunctionData({ abi: [fn], functionName: fn.name, args: values })
  } catch (error) {
    throw new ArgumentError(-1, (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error)))
  }
}

/** The answer split into 32-byte words, for reading by eye when no ABI says what it is. */
export function returnWords(result: Hex): Hex[] {
  const digits = result.slice(2)
  const words: Hex[] = []
  for (let at = 0; at < digits.length; at += 64) words.push(`0x${digits.slice(at, at + 64)}`)
  return words
}
