import { decodeFunctionResult, type AbiFunction, type Hex } from 'viem'

/** One decoded return value, for the page. */
export type DecodedValue = { name: string; type: string; text: string }

/** A value viem decoded, as text: numbers in decimal, lists and tuples as JSON-like text. */
export function valueText(value: unknown): string {
  if (typeof value === 'bigint') return value.toString(10)
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return `[${value.map(nestedText).join(', ')}]`
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, inner]) => `${key}: ${nestedText(inner)}`).join(', ')}}`
  return String(value)
}

function nestedText(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : valueText(value)
}

/** The answer of eth_call decoded with the function's outputs; null when it has none to decode with. */
export function decodeReturn(fn: AbiFunction, result: Hex): DecodedValue[] | null {
  if (fn.outputs.length === 0) return null
  const decoded = decodeFunctionResult({ abi: [fn], functionName: fn.name, data: result }) as unknown
  const values = fn.outputs.length === 1 ? [decoded] : (decoded as readonly unknown[])
  return fn.outputs.map((output, index) => ({ name: output.name ?? '', type: output.type, text: valueText(values[index]) }))
}
