import type { Hex } from 'viem'

/** Chain numbers arrive as hex strings; these turn them into values only where they are shown or compared. */

export function hexToBigInt(hex: Hex): bigint {
  return BigInt(hex)
}

/** For values that fit a JS number (timestamps, counts); larger ones would silently lose precision, so they throw. */
export function hexToNumber(hex: Hex): number {
  const value = BigInt(hex)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${hex} does not fit a safe integer`)
  return Number(value)
}

/** The canonical hex of a number: no leading zeros, so one block has one cache key whatever the input. */
export function toQuantity(value: bigint | number): Hex {
  return `0x${BigInt(value).toString(16)}`
}

/** 0xb8e708…91cfc5: enough of both ends to recognise a hash or address at a glance. */
export function shortHex(hex: string, head = 6, tail = 4): string {
  if (hex.length <= 2 + head + tail + 1) return hex
  return `${hex.slice(0, 2 + head)}…${hex.slice(-tail)}`
}

/**
 * A chain id as people write it: decimal (31337), or its text when the id is a short ASCII name in hex
 * (Starknet's 0x534e5f4d41494e is "SN_MAIN").
 */
export function formatChainId(chainId: Hex): string {
  const digits = chainId.slice(2)
  if (digits.length >= 6 && digits.length % 2 === 0) {
    const text = digits.match(/../g)!.map((pair) => String.fromCharCode(parseInt(pair, 16))).join('')
    if (/^[A-Z][A-Z0-9_]+$/.test(text)) return text
  }
  return BigInt(chainId).toString(10)
}
