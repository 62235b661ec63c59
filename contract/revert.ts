import { decodeErrorResult, isHex, type Abi, type Hex } from 'viem'
import { formatAbiItem } from 'viem/utils'

/**
 * What Solidity's Panic(uint256) codes mean (Solidity docs, "Panic via assert and Error via require"),
 * worded as geth words them after `execution reverted: `, and as the local gateway does
 * (server/gateway/rules/revert.ts imports this table), so the page and the node's message agree.
 */
const panicMeanings: Readonly<Record<number, string>> = {
  0x00: 'generic panic',
  0x01: 'assert(false)',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'enum overflow',
  0x22: 'invalid encoded storage byte array accessed',
  0x31: 'out-of-bounds array access; popping on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN',
  0x41: 'out of memory',
  0x51: 'uninitialized function',
}

/** A revert payload, decoded as far as it goes. */
export type DecodedRevert =
  /** No payload: `revert()` or `require(cond)` without a message, or out of gas. */
  | { kind: 'empty' }
  /** `require(cond, "reason")` / `revert("reason")`: Error(string). */
  | { kind: 'error'; reason: string }
  /** A compiler-inserted check failed: Panic(uint256). */
  | { kind: 'panic'; code: bigint; meaning: string }
  /** A custom error found in the ABI that was given. */
  | { kind: 'custom'; name: string; signature: string; args: readonly unknown[] }
  /** Bytes nothing here decodes: a custom error with no ABI to hand, or not ABI-encoded at all. */
  | { kind: 'raw'; selector: Hex | null; data: Hex }

function panicMeaning(code: bigint): string {
  return (code <= 0xffn ? panicMeanings[Number(code)] : undefined) ?? `unknown panic code: 0x${code.toString(16)}`
}

/** Decodes the `data` of a reverted eth_call / eth_estimateGas (the raw revert payload). */
export function decodeRevert(data: Hex, abi: Abi = []): DecodedRevert {
  if (!isHex(data) || data === '0x') return { kind: 'empty' }
  const selector = data.length >= 10 ? (data.slice(0, 10).toLowerCase() as Hex) : null
  if (selector === null) return { kind: 'raw', selector, data }
  try {
    // viem knows Error(string) and Panic(uint256) on its own; custom errors come from the ABI.
    const decoded = decodeErrorResult({ abi, data })
    const args = decoded.args ?? []
    if (decoded.errorName === 'Error') return { kind: 'error', reason: String(args[0] ?? '') }
    if (decoded.errorName === 'Panic') {
      const code = BigInt(args[0] as bigint)
      return { kind: 'panic', code, meaning: panicMeaning(code) }
    }
    return { kind: 'custom', name: decoded.errorName, signature: formatAbiItem(decoded.abiItem), args }
  } catch {
    return { kind: 'raw', selector, data }
  }
}

function argumentText(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'bigint') return value.toString(10)
  if (Array.isArray(value)) return `[${value.map(argumentText).join(', ')}]`
  if (value !== null && typeof value === 'object') return `{${Object.entries(value).map(([key, inner]) => `${key}: ${argumentText(inner)}`).join(', ')}}`
  return String(value)
}

/** The decoded revert in one line: "user error", "panic 0x11: arithmetic underflow or overflow", "Unauthorized(…)". */
export function describeRevert(decoded: DecodedRevert): string {
  switch (decoded.kind) {
    case 'empty':
      return 'reverted without a reason'
    case 'error':
      return decoded.reason
    case 'panic':
      return `panic 0x${decoded.code.toString(16).padStart(2, '0')}: ${decoded.meaning}`
    case 'custom':
      return `${decoded.name}(${decoded.args.map(argumentText).join(', ')})`
    case 'raw':
      return decoded.selector === null
        ? `${(decoded.data.length - 2) / 2} bytes that are not an ABI-encoded error`
        : `unknown error ${decoded.selector} (${Math.ceil((decoded.data.length - 2) / 2)} bytes)`
  }
}
