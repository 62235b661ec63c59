import { getAddress, isAddress } from 'viem'

/**
 * The EIP-55 checksummed form (mixed case that encodes a checksum), the way addresses are shown. A string
 * that is not a 20-byte address is returned unchanged rather than throwing: a page must still render it.
 */
export function checksumAddress(address: string): string {
  return isAddress(address, { strict: false }) ? getAddress(address) : address
}

/** True when the two are the same address, whatever their case. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && a.toLowerCase() === b.toLowerCase()
}
