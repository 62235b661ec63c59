import type { Address, Hash } from 'viem'

/** What the search box was given. A 32-byte hash may name a block or a transaction: the caller decides. */
export type SearchTarget =
  | { kind: 'empty' }
  | { kind: 'block'; number: bigint }
  | { kind: 'hash'; hash: Hash }
  | { kind: 'address'; address: Address }
  | { kind: 'invalid'; input: string }

const blockNumberPattern = /^#?\d[\d,_]*$/
const hashPattern = /^(?:0x)?[0-9a-fA-F]{64}$/
const addressPattern = /^(?:0x)?[0-9a-fA-F]{40}$/

/**
 * Classifies the search input. Block numbers are decimal, with an optional "#" and the digit grouping
 * the app itself shows ("1,234"); hashes and addresses are hex, "0x" optional.
 */
export function parseSearch(raw: string): SearchTarget {
  const input = raw.trim()
  if (input === '') return { kind: 'empty' }
  if (blockNumberPattern.test(input)) return { kind: 'block', number: BigInt(input.replace(/[#,_]/g, '')) }
  const hex = input.startsWith('0x') || input.startsWith('0X') ? input.slice(2) : input
  if (hashPattern.test(input)) return { kind: 'hash', hash: `0x${hex.toLowerCase()}` }
  if (addressPattern.test(input)) return { kind: 'address', address: `0x${hex}` }
  return { kind: 'invalid', input }
}
