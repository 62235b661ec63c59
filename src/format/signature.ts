import type { Hex } from 'viem'

/** yParity as "0 (even)" or "1 (odd)": the parity of the signature's y-value. Other values are flagged. */
export function formatYParity(yParity: Hex): string {
  const value = BigInt(yParity)
  if (value === 0n) return '0 (even)'
  if (value === 1n) return '1 (odd)'
  return `${value} (not a valid parity)`
}

/**
 * What a signature's v says. Typed transactions carry the parity itself (0 or 1). Legacy ones carry 27/28
 * (no replay protection) or, since EIP-155, chainId × 2 + 35 + parity, so the chain id can be read back:
 * "0x25" is "37: y-parity even, chain 1 (EIP-155)".
 */
export function formatV(v: Hex): string {
  const value = BigInt(v)
  const parity = (bit: bigint) => (bit === 0n ? 'even' : 'odd')
  if (value === 0n || value === 1n) return `${value}: y-parity ${parity(value)}`
  if (value === 27n || value === 28n) return `${value}: y-parity ${parity(value - 27n)}, no chain id (pre-EIP-155)`
  if (value >= 35n) {
    const bit = (value - 35n) % 2n
    return `${value}: y-parity ${parity(bit)}, chain ${(value - 35n - bit) / 2n} (EIP-155)`
  }
  return `${value}: not a recovery id Ethereum defines`
}
