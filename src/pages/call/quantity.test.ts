import { describe, expect, it } from 'vitest'
import { parseQuantity, QuantityError, toQuantityHex } from './quantity.ts'

describe('parseQuantity', () => {
  it('reads decimal, grouped decimal and hex', () => {
    expect(parseQuantity('21000')).toBe(21000n)
    expect(parseQuantity(' 1_000_000 ')).toBe(1_000_000n)
    expect(parseQuantity('1,000')).toBe(1000n)
    expect(parseQuantity('0x5208')).toBe(21000n)
    expect(parseQuantity('0X5208')).toBe(21000n)
  })

  it('reads amounts with a unit, exactly', () => {
    expect(parseQuantity('1 ether')).toBe(10n ** 18n)
    expect(parseQuantity('1.5 ETH')).toBe(1_500_000_000_000_000_000n)
    expect(parseQuantity('30 gwei')).toBe(30_000_000_000n)
    expect(parseQuantity('0.000000001 gwei')).toBe(1n)
    expect(parseQuantity('7 wei')).toBe(7n)
  })

  it('refuses what is not an amount', () => {
    expect(() => parseQuantity('')).toThrow(QuantityError)
    expect(() => parseQuantity('abc')).toThrow(/not a number/)
    expect(() => parseQuantity('1 finney')).toThrow(/unknown unit/)
    expect(() => parseQuantity('0.0000000001 gwei')).toThrow(/less precise than one wei/)
    expect(() => parseQuantity('1.5')).toThrow(/whole number of wei/)
    expect(() => parseQuantity('-1')).toThrow(/negative/)
    expect(() => parseQuantity(`0x1${'0'.repeat(64)}`)).toThrow(/256 bits/)
  })

  it('takes negative numbers when signed', () => {
    expect(parseQuantity('-5', { signed: true })).toBe(-5n)
    expect(parseQuantity('-0x10', { signed: true })).toBe(-16n)
  })

  it('writes the spec hex quantity without leading zeros', () => {
    expect(toQuantityHex(0n)).toBe('0x0')
    expect(toQuantityHex(21000n)).toBe('0x5208')
  })
})
