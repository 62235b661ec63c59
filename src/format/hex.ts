import type { Hex } from 'viem'

/** Chain numbers arrive as hex strings; these turn them into values only where they are shown or compared. */

export function hexToBigInt(hex: Hex): bigint {
  return BigInt(hex)
}

/** A hex quantity as a plain decimal string, exact whatever its size: "0x1c9c380" -> "30000000". */
export function hexToDecimal(hex: Hex): string {
  return BigInt(hex).toString(10)
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

/** How many bytes a hex data string holds ("0x" is 0; an odd digit count rounds up). */
export function byteLength(hex: Hex): number {
  return Math.ceil((hex.length - 2) / 2)
}

/**
 * 0xb8e708…91cfc5: enough of both ends to recognise a hash or address at a glance. `head` counts digits
 * after the 0x. Values that would barely shrink are left whole.
 */
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

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The bytes as text when they are valid UTF-8 with no control characters (a block's extraData such as
 * "Geth/v1.0.0/linux/go1.4.2"); null otherwise, so binary data is never shown as mojibake. Trailing NUL
 * padding is dropped.
 */
export function printableText(hex: Hex): string | null {
  const digits = hex.slice(2)
  if (digits.length === 0 || digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) return null
  const bytes = new Uint8Array(digits.length / 2)
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(digits.slice(index * 2, index * 2 + 2), 16)
  let end = bytes.length
  while (end > 0 && bytes[end - 1] === 0) end--
  if (end === 0) return null
  let text: string
  try {
    text = utf8.decode(bytes.subarray(0, end))
  } catch {
    return null
  }
  // C0 and C1 controls and DEL make binary data that happens to be valid UTF-8; tabs and newlines would too.
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f-\u009f]/.test(text) ? null : text
}

/** Whether two chain ids, hex or decimal as nodes and users write them, name the same chain; false for anything else. */
export function sameChainId(a: unknown, b: unknown): boolean {
  try {
    return (typeof a === 'string' || typeof a === 'number') && (typeof b === 'string' || typeof b === 'number') && BigInt(a) === BigInt(b)
  } catch {
    return false
  }
}
