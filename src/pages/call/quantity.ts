import { parseUnits } from 'viem'
import { ChainglassError } from '../../../contract/errors.ts'

/** A number the user typed that cannot be a quantity; the message says what is accepted. */
export class QuantityError extends ChainglassError {
  override name = 'QuantityError'
}

const units: Record<string, number> = { wei: 0, gwei: 9, eth: 18, ether: 18 }

/**
 * Reads a quantity as a person writes it: decimal (`21000`, `1_000_000`, `1,000`), hex (`0x5208`), or an
 * amount with a unit (`1.5 ether`, `30 gwei`, `7 wei`). The call object wants hex; the form accepts all.
 */
export function parseQuantity(text: string, { signed = false }: { signed?: boolean } = {}): bigint {
  const trimmed = text.trim()
  if (trimmed === '') throw new QuantityError('empty')
  if (/^-?0x[0-9a-f]+$/i.test(trimmed)) {
    const negative = trimmed.startsWith('-')
    const value = BigInt(negative ? trimmed.slice(1) : trimmed)
    return check(negative ? -value : value, signed, text)
  }
  const withUnit = /^(-?[\d_,]*\.?\d+)\s*([a-z]+)?$/i.exec(trimmed)
  if (!withUnit) throw new QuantityError(`"${text}" is not a number: write 21000, 0x5208, 1.5 ether or 30 gwei`)
  const digits = withUnit[1]!.replace(/[_,]/g, '')
  const unit = withUnit[2]?.toLowerCase()
  const decimals = unit === undefined ? 0 : units[unit]
  if (decimals === undefined) throw new QuantityError(`unknown unit "${withUnit[2]}": use wei, gwei or ether`)
  const fraction = digits.includes('.') ? digits.split('.')[1]!.length : 0
  // parseUnits would round a fraction of a wei away; an amount is never rounded here.
  if (fraction > decimals) throw new QuantityError(decimals === 0 ? `"${text}" is not a whole number of wei` : `"${text}" is less precise than one wei`)
  let value: bigint
  try {
    value = parseUnits(digits, decimals)
  } catch {
    throw new QuantityError(`"${text}" is not a number`)
  }
  return check(value, signed, text)
}

function check(value: bigint, signed: boolean, text: string): bigint {
  if (!signed && value < 0n) throw new QuantityError(`"${text}" is negative`)
  if (value >= 1n << 256n || value < -(1n << 255n)) throw new QuantityError(`"${text}" does not fit in 256 bits`)
  return value
}

/** A non-negative bigint as the spec's hex quantity (no leading zeros). */
export function toQuantityHex(value: bigint): `0x${string}` {
  return `0x${value.toString(16)}`
}
