import { formatUnits } from 'viem'
import { formatInteger } from '../../format/numbers.ts'

/**
 * A token amount in base units as people read it, exact: 12500000000000000000 with 18 decimals is
 * "12.5"; the whole part grouped. Without decimals (unknown, or an NFT) the base-unit integer, grouped.
 */
export function formatTokenAmount(value: bigint, decimals: number | null): string {
  if (decimals === null) return formatInteger(value)
  const text = formatUnits(value, decimals)
  const [whole = '0', fraction] = text.replace(/^-/, '').split('.')
  return `${text.startsWith('-') ? '-' : ''}${formatInteger(BigInt(whole))}${fraction ? `.${fraction}` : ''}`
}
