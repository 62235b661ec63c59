import { formatUnits } from 'viem'

const grouped = new Intl.NumberFormat('en-US')

/** 1234567 -> "1,234,567". One grouping style everywhere, so numbers line up whatever the browser locale. */
export function formatInteger(value: bigint | number): string {
  return grouped.format(value)
}

/** part / whole as "42.1%" (one decimal below 10%, none above 99.5% rounding noise); "0%" when whole is 0. */
export function formatPercent(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0%'
  const tenths = Number((part * 1000n) / whole) / 10
  return `${tenths < 10 ? tenths.toFixed(1) : Math.round(tenths).toString()}%`
}

/** Wei per gas as gwei with up to 4 decimals: 1000000000 -> "1 gwei", 875000000 -> "0.875 gwei". */
export function formatGwei(wei: bigint): string {
  const [whole, fraction = ''] = formatUnits(wei, 9).split('.')
  const trimmed = fraction.slice(0, 4).replace(/0+$/, '')
  return `${formatInteger(BigInt(whole!))}${trimmed ? `.${trimmed}` : ''} gwei`
}
