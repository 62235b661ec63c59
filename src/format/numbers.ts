import { formatEther as viemFormatEther, formatGwei as viemFormatGwei, formatUnits } from 'viem'

// Made when first needed: the first Intl object a page builds loads the locale data (on the main thread,
// before the first render), and whole numbers need none of it.
let grouped: Intl.NumberFormat | null = null

/** The digits of a whole number grouped by threes with commas, as en-US writes them: "-1,234,567". */
function groupDigits(digits: string): string {
  const negative = digits.startsWith('-')
  const body = negative ? digits.slice(1) : digits
  const head = body.length % 3 || 3
  let out = body.slice(0, head)
  for (let at = head; at < body.length; at += 3) out += `,${body.slice(at, at + 3)}`
  return negative ? `-${out}` : out
}

/** 1234567 -> "1,234,567". One grouping style everywhere, so numbers line up whatever the browser locale. */
export function formatInteger(value: bigint | number): string {
  if (typeof value === 'bigint' || (Number.isSafeInteger(value) && !Object.is(value, -0))) return groupDigits(String(value))
  grouped ??= new Intl.NumberFormat('en-US')
  return grouped.format(value)
}

/** part / whole as "42%" (one decimal below 10% and from 99.5% to just short of 100%); "0%" when whole is 0. Exact integer maths, truncated to tenths. */
export function formatPercent(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0%'
  const tenths = Number((part * 1000n) / whole) / 10
  // One decimal where rounding would mislead: below 10%, and just short of full (99.87% is not "100%").
  if (tenths < 10 || (tenths >= 99.5 && part < whole)) return `${tenths.toFixed(1)}%`
  return `${Math.round(tenths)}%`
}

/** Wei as an exact decimal string of ether: 1 -> "0.000000000000000001", 10^18 -> "1". No unit, no grouping. */
export function weiToEther(wei: bigint): string {
  return viemFormatEther(wei)
}

/** Wei as an exact decimal string of gwei: 1000000001 -> "1.000000001". No unit, no grouping. */
export function weiToGwei(wei: bigint): string {
  return viemFormatGwei(wei)
}

/**
 * An exact decimal string for people: the whole part grouped, at most `maxFractionDigits` decimals (cut,
 * never rounded up), trailing zeros dropped. Returns null when the cut would turn a non-zero value into 0.
 */
function groupDecimal(decimal: string, maxFractionDigits: number): string | null {
  const negative = decimal.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.')
  const kept = fraction.slice(0, maxFractionDigits).replace(/0+$/, '')
  if (whole === '0' && kept === '' && /[1-9]/.test(fraction)) return null
  return `${negative ? '-' : ''}${formatInteger(BigInt(whole))}${kept ? `.${kept}` : ''}`
}

/**
 * Wei as ether, exact by default: 1500000000000000000 -> "1.5 ETH", 1 -> "0.000000000000000001 ETH".
 * With `maxFractionDigits` (for tables) the decimals are cut, and a value too small to show reads "<0.0001 ETH".
 */
export function formatEther(wei: bigint, maxFractionDigits = 18): string {
  const text = groupDecimal(weiToEther(wei), maxFractionDigits)
  return text === null ? `<${(1 / 10 ** maxFractionDigits).toFixed(maxFractionDigits)} ETH` : `${text} ETH`
}

/**
 * A token amount in base units as people read it: 12500000000000000000 with 18 decimals is "12.5", the whole
 * part grouped; exact unless `maxFractionDigits` cuts it for a table ("<0.000001" when nothing would show).
 * Without decimals (unknown, or an NFT) the base-unit integer, grouped.
 */
export function formatTokenAmount(value: bigint, decimals: number | null, maxFractionDigits = Infinity): string {
  if (decimals === null) return formatInteger(value)
  const text = groupDecimal(formatUnits(value, decimals), Math.min(maxFractionDigits, decimals))
  return text ?? `<${(1 / 10 ** maxFractionDigits).toFixed(maxFractionDigits)}`
}

/**
 * Wei per gas as gwei. Compact by default (at most 4 decimals, cut): 875000000 -> "0.875 gwei"; pass 9 for
 * the exact value. A value too small to show in gwei is written in wei ("7 wei"), which is exact.
 */
export function formatGwei(wei: bigint, maxFractionDigits = 4): string {
  const text = groupDecimal(weiToGwei(wei), maxFractionDigits)
  return text === null ? `${formatInteger(wei)} wei` : `${text} gwei`
}

/**
 * Several wei-per-gas values that share one axis, all in one unit: gwei when the largest reads in gwei, else
 * wei. A value too small for four decimals of gwei keeps its significant digits (7 wei beside 1.2 gwei reads
 * "0.000000007 gwei", not "7 wei" on one end of a gwei axis).
 */
export function formatGasPricesInOneUnit(values: readonly bigint[]): string[] {
  const largest = values.reduce((high, value) => (value > high ? value : high), 0n)
  if (groupDecimal(weiToGwei(largest), 4) === null) return values.map(formatWei)
  return values.map((value) => `${groupDecimal(weiToGwei(value), 4) ?? groupDecimal(weiToGwei(value), 9)} gwei`)
}

/** Wei with its unit, grouped: 21000 -> "21,000 wei". */
export function formatWei(wei: bigint): string {
  return `${formatInteger(wei)} wei`
}

const byteUnits = ['KiB', 'MiB', 'GiB', 'TiB'] as const

/** A size in bytes: "512 B", "1.5 KiB", "2.25 MiB" (binary units, at most 2 decimals, cut not rounded up). */
export function formatBytes(bytes: bigint | number): string {
  let value = BigInt(bytes)
  if (value < 1024n) return `${formatInteger(value)} B`
  let unit = 0
  let divisor = 1024n
  while (unit < byteUnits.length - 1 && value >= divisor * 1024n) {
    divisor *= 1024n
    unit++
  }
  const hundredths = (value * 100n) / divisor
  value = hundredths / 100n
  const fraction = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '')
  return `${formatInteger(value)}${fraction ? `.${fraction}` : ''} ${byteUnits[unit]}`
}
