import { formatTokenAmount } from './numbers.ts'
import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { formatBytes, formatEther, formatGasPricesInOneUnit, formatGwei, formatWei, weiToEther, weiToGwei } from './numbers.ts'

// Vectors: viem's documented examples (formatEther(1000000000000000000n) is '1', formatGwei(1000000000n) is
// '1'), and values worked out by hand from 1 ETH = 10^18 wei and 1 gwei = 10^9 wei.
describe('wei to ether and gwei, exact', () => {
  it('matches viem’s documented examples', () => {
    expect(weiToEther(1_000_000_000_000_000_000n)).toBe('1')
    expect(weiToGwei(1_000_000_000n)).toBe('1')
  })

  it('keeps every digit, where floating point would not', () => {
    expect(weiToEther(1n)).toBe('0.000000000000000001')
    expect(weiToEther(1_234_567_891_234_567_891n)).toBe('1.234567891234567891')
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in wei it is exact.
    expect(weiToEther(100_000_000_000_000_000n + 200_000_000_000_000_000n)).toBe('0.3')
    // 2^64 wei: 18446744073709551616 (more than a double's 53-bit mantissa holds).
    expect(weiToEther(2n ** 64n)).toBe('18.446744073709551616')
    expect(weiToGwei(1_000_000_001n)).toBe('1.000000001')
    expect(weiToGwei(0n)).toBe('0')
  })

  it('writes ether for people: grouped, exact unless asked to cut', () => {
    expect(formatEther(1_500_000_000_000_000_000n)).toBe('1.5 ETH')
    expect(formatEther(1_234_567n * 10n ** 18n)).toBe('1,234,567 ETH')
    expect(formatEther(1n)).toBe('0.000000000000000001 ETH')
    expect(formatEther(0n)).toBe('0 ETH')
    expect(formatEther(123_456_789_012_345_678n, 4)).toBe('0.1234 ETH')
    expect(formatEther(1n, 4)).toBe('<0.0001 ETH')
  })

  it('writes gwei compact by default (4 decimals, no trailing zeros, grouped), exact on request, and tiny fees in wei', () => {
    expect(formatGwei(1_000_000_001n, 9)).toBe('1.000000001 gwei')
    expect(formatGwei(1_000_000_001n)).toBe('1 gwei')
    expect(formatGwei(875_000_000n)).toBe('0.875 gwei')
    expect(formatGwei(12_345_678_900_000n)).toBe('12,345.6789 gwei')
    // An idle post-London chain's base fee bottoms out at 7 wei.
    expect(formatGwei(7n)).toBe('7 wei')
    expect(formatGwei(0n)).toBe('0 gwei')
    expect(formatWei(21_000n)).toBe('21,000 wei')
  })
})

describe('formatGasPricesInOneUnit', () => {
  it('puts every value of one axis in the unit of the largest', () => {
    // 1 gwei = 10^9 wei (the unit's definition): 7 wei is 7 * 10^-9 gwei.
    expect(formatGasPricesInOneUnit([1_200_000_000n, 7n])).toEqual(['1.2 gwei', '0.000000007 gwei'])
    expect(formatGasPricesInOneUnit([875_000_000n, 12_345_678_900_000n])).toEqual(['0.875 gwei', '12,345.6789 gwei'])
    // All below what four decimals of gwei can show: wei throughout.
    expect(formatGasPricesInOneUnit([7n, 50_000n])).toEqual(['7 wei', '50,000 wei'])
    expect(formatGasPricesInOneUnit([])).toEqual([])
  })
})

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1,023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    // 1048575 / 1024 = 1023.999…: cut to two decimals, never rounded up to "1 MiB".
    [1_048_575, '1,023.99 KiB'],
    [1_048_576, '1 MiB'],
    [2_359_296, '2.25 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})

describe('formatTokenAmount with a cut for tables', () => {
  // Values from viem's parseUnits (an independent encoder), read back as people write them.
  it('cuts the fraction, never rounds it up, and says when nothing would show', () => {
    expect(formatTokenAmount(parseUnits('1234.56789', 18), 18, 2)).toBe('1,234.56')
    expect(formatTokenAmount(parseUnits('14000', 18), 18, 6)).toBe('14,000')
    expect(formatTokenAmount(1n, 18, 6)).toBe('<0.000001')
    expect(formatTokenAmount(parseUnits('0.5', 6), 6)).toBe('0.5')
  })
})
