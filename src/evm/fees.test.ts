import { describe, expect, it } from 'vitest'
import { feeBreakdown } from './fees.ts'

describe('feeBreakdown', () => {
  it('is gasUsed × effectiveGasPrice, split into burnt and tip by the base fee', () => {
    // 21,000 gas at 1.5 gwei with a 1 gwei base fee.
    expect(feeBreakdown('0x5208', '0x59682f00', '0x1', '0x3b9aca00')).toEqual({
      paid: 31_500_000_000_000n,
      pricePerGas: 1_500_000_000n,
      burnt: 21_000_000_000_000n,
      tip: 10_500_000_000_000n,
    })
  })

  it('falls back to the gas price for receipts without effectiveGasPrice, and has no split without a base fee', () => {
    expect(feeBreakdown('0x2', undefined, '0x3', undefined)).toEqual({ paid: 6n, pricePerGas: 3n, burnt: null, tip: null })
    expect(feeBreakdown('0x2', undefined, undefined, null)).toBeNull()
  })

  it('shows no split when the base fee is above the price (never a negative tip)', () => {
    expect(feeBreakdown('0x1', '0x5', undefined, '0x6')).toEqual({ paid: 5n, pricePerGas: 5n, burnt: null, tip: null })
  })
})
