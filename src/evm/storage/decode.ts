import { getAddress, hexToBigInt, hexToString, numberToHex, type Hex } from 'viem'

/** A storage word read as each type it could hold; the page shows them side by side. */
export type WordReadings = {
  uint: string
  int: string
  address: string
  bool: boolean | null
  bytes32: Hex
  /** The word as a short string or bytes (length × 2 in its last byte), or null when it is not one. */
  shortString: string | null
  /** Set when the word is the length slot of a long string or bytes: its byte length. */
  longStringLength: number | null
}

/** Reads `size` bytes at byte `offset` from the low-order end of a 32-byte word (how packed values sit). */
export function extractPacked(word: Hex, offset: number, size: number): Hex {
  const hex = word.slice(2).padStart(64, '0')
  const end = 64 - offset * 2
  return `0x${hex.slice(end - size * 2, end)}`
}

export function readWord(word: Hex, offset = 0, size = 32): WordReadings {
  const value = extractPacked(word, offset, size)
  const unsigned = hexToBigInt(value)
  const bits = BigInt(size * 8)
  const signed = unsigned >= 1n << (bits - 1n) ? unsigned - (1n << bits) : unsigned
  const full = numberToHex(hexToBigInt(word), { size: 32 })
  const lastByte = Number(hexToBigInt(full) & 0xffn)
  let shortString: string | null = null
  let longStringLength: number | null = null
  if (lastByte % 2 === 0 && lastByte / 2 < 32) {
    const length = lastByte / 2
    const data = `0x${full.slice(2, 2 + length * 2)}` as Hex
    const rest = full.slice(2 + length * 2, 64)
    if (/^0*$/.test(rest)) shortString = length === 0 ? '' : safeText(data)
  } else if (lastByte % 2 === 1 && hexToBigInt(full) < 1n << 64n) {
    longStringLength = Number((hexToBigInt(full) - 1n) / 2n)
  }
  return {
    uint: unsigned.toString(),
    int: signed.toString(),
    address: getAddress(numberToHex(unsigned & ((1n << 160n) - 1n), { size: 20 })),
    bool: unsigned === 0n ? false : unsigned === 1n ? true : null,
    bytes32: full,
    shortString,
    longStringLength,
  }
}

/** UTF-8 text for display: the page renders it as a text node; undecodable bytes show as U+FFFD. */
function safeText(data: Hex): string {
  return hexToString(data)
}
