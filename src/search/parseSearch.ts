import type { Address, Hash } from 'viem'
import { blockTags, type BlockTag } from '../rpc/methods.ts'

/** What the search box was given. A 32-byte hash may name a block or a transaction: the caller decides. */
export type SearchTarget =
  | { kind: 'empty' }
  | { kind: 'block'; number: bigint; hex?: string }
  /** A hash or address as lists shorten it: its first digits, an ellipsis, its last (0x5a23…b8e7). */
  | { kind: 'shortened'; head: string; tail: string }
  | { kind: 'tag'; tag: BlockTag }
  | { kind: 'hash'; hash: Hash }
  | { kind: 'address'; address: Address }
  | { kind: 'invalid'; input: string; reason: InvalidReason }

/**
 * Why an input is refused, so the message under the box can say what was almost right: hex of a length
 * that is neither a number, an address (20 bytes) nor a hash (32 bytes); or nothing recognisable.
 */
export type InvalidReason = 'hex-length' | 'not-hex' | 'unrecognised'

const blockNumberPattern = /^#?\d[\d,_]*$/
const hashPattern = /^(?:0x)?[0-9a-f]{64}$/i
const addressPattern = /^(?:0x)?[0-9a-f]{40}$/i
/** A hex block number: "0x" and at most 16 digits (block numbers are 64-bit). Longer hex is a hash or an address, or junk. */
const hexNumberPattern = /^0x[0-9a-f]{1,16}$/i
const hexPrefixed = /^0x/i
/** "0x5a23…b8e7" as lists show it, or with three dots as it is typed. */
const shortenedPattern = /^(0x[0-9a-f]{2,})(?:…|\.{2,3})([0-9a-f]{2,})$/i

/**
 * Classifies the search input. Block numbers are decimal, with an optional "#" and the digit grouping
 * the app itself shows ("1,234"), or 0x-prefixed hex ("0x1b4"); tags are the five block tags, any case;
 * hashes and addresses are hex, "0x" optional. A 64-digit hex is a hash even with "0x" (never a number).
 */
export function parseSearch(raw: string): SearchTarget {
  const input = raw.trim()
  if (input === '') return { kind: 'empty' }
  const lower = input.toLowerCase()
  if ((blockTags as readonly string[]).includes(lower)) return { kind: 'tag', tag: lower as BlockTag }
  const hex = hexPrefixed.test(input) ? input.slice(2) : input
  // Before decimals: 40 or 64 bare digits are an address or a hash that happens to have no letters (no
  // block number is that long).
  if (hashPattern.test(input)) return { kind: 'hash', hash: `0x${hex.toLowerCase()}` }
  if (addressPattern.test(input)) return { kind: 'address', address: `0x${hex}` }
  if (blockNumberPattern.test(input)) return { kind: 'block', number: BigInt(input.replace(/[#,_]/g, '')) }
  // Read as a number, but it may be a shortened hash's first digits: the search box looks among what is shown.
  if (hexNumberPattern.test(input)) return { kind: 'block', number: BigInt(`0x${hex}`), hex: input.toLowerCase() }
  const shortened = shortenedPattern.exec(input)
  if (shortened) return { kind: 'shortened', head: shortened[1]!.toLowerCase(), tail: shortened[2]!.toLowerCase() }
  return { kind: 'invalid', input, reason: invalidReason(input) }
}

function invalidReason(input: string): InvalidReason {
  if (!hexPrefixed.test(input)) return 'unrecognised'
  return /^0x[0-9a-f]*$/i.test(input) ? 'hex-length' : 'not-hex'
}

/** The sentence under the search box for a refused input. */
export function describeInvalid(target: { input: string; reason: InvalidReason }): string {
  switch (target.reason) {
    case 'hex-length': {
      const digits = target.input.length - 2
      return `not a block number, hash or address: ${digits} hex digits is neither a block number (up to 16), an address (40) nor a hash (64)`
    }
    case 'not-hex':
      return 'not a block number, hash or address: it starts with 0x but is not hex'
    case 'unrecognised':
      return 'not a block number, hash or address'
  }
}
