import { describe, expect, it } from 'vitest'
import { formatChainId, hexToBigInt, hexToNumber, sameChainId, shortHex, toQuantity } from './hex.ts'
import { formatInteger, formatPercent } from './numbers.ts'
import { averageInterval, formatAge, formatLocal, formatTimestamp, formatUtc, isoUtc } from './time.ts'

describe('hex', () => {
  it('compares chain ids written in hex or decimal; anything else is no chain', () => {
    expect(sameChainId('0x7a69', '31337')).toBe(true)
    expect(sameChainId('0x7A69', '0x7a69')).toBe(true)
    expect(sameChainId('0x1', '0xaa36a7')).toBe(false)
    expect(sameChainId('SN_MAIN', '0x1')).toBe(false)
    expect(sameChainId(undefined, '0x1')).toBe(false)
  })

  it('reads quantities, leading zeros included', () => {
    expect(hexToBigInt('0x1c9c380')).toBe(30_000_000n)
    expect(hexToNumber('0x0010')).toBe(16)
  })

  it('refuses to turn an unsafe value into a number', () => {
    expect(() => hexToNumber('0x20000000000000')).toThrow(RangeError)
  })

  it('writes canonical quantities', () => {
    expect(toQuantity(0)).toBe('0x0')
    expect(toQuantity(255n)).toBe('0xff')
  })

  it('writes chain ids in decimal, or as their name when they are one', () => {
    expect(formatChainId('0x7a69')).toBe('31337')
    expect(formatChainId('0x1')).toBe('1')
    expect(formatChainId('0x534e5f4d41494e')).toBe('SN_MAIN')
    expect(formatChainId('0x144')).toBe('324')
  })

  it('shortens long hex and leaves short hex alone', () => {
    expect(shortHex('0xb8e708ca861554b3f587c414ecce6b2f37664932ff75ee33072e879f1291cfc5')).toBe('0xb8e708…cfc5')
    expect(shortHex('0x1234')).toBe('0x1234')
  })
})

describe('numbers', () => {
  it('groups digits the same way everywhere', () => {
    expect(formatInteger(1234567n)).toBe('1,234,567')
    expect(formatInteger(0)).toBe('0')
  })

  it('writes percentages of gas', () => {
    expect(formatPercent(0n, 30_000_000n)).toBe('0.0%')
    expect(formatPercent(1_263_000n, 30_000_000n)).toBe('4.2%')
    expect(formatPercent(15_000_000n, 30_000_000n)).toBe('50%')
    expect(formatPercent(1n, 0n)).toBe('0%')
    // Nearly full is not full: 29,961,000 of 30,000,000 is 99.87%.
    expect(formatPercent(29_961_000n, 30_000_000n)).toBe('99.8%')
    expect(formatPercent(30_000_000n, 30_000_000n)).toBe('100%')
  })
})

describe('time', () => {
  it.each([
    [0, '0 s ago'],
    [3.9, '3 s ago'],
    [-2, '0 s ago'],
    [125, '2 min 5 s ago'],
    [4 * 3600 + 12 * 60, '4 h 12 min ago'],
    [3 * 86400 + 2 * 3600, '3 d 2 h ago'],
    [30 * 86400 + 5 * 3600, '30 d 5 h ago'],
    [31 * 86400, '1 month ago'],
    [(5 * 30.5 + 3) * 86400, '5 months ago'],
    [364 * 86400, '11 months ago'],
    [366 * 86400, '1 year ago'],
    // The recorded mainnet sample's block 9,515,350 seen from 2026: "2469 d 23 h" before.
    [(2469 * 24 + 23) * 3600, '6 years ago'],
  ])('formatAge(%d) is %s', (seconds, text) => {
    expect(formatAge(seconds)).toBe(text)
  })

  it('writes a timestamp with its zone', () => {
    expect(formatTimestamp(1_795_326_422, 'UTC')).toBe('Nov 22, 2026, 05:47:02 UTC')
  })

  it('writes UTC the same for everyone', () => {
    // The unix "billennium": 10^9 s is 2001-09-09T01:46:40Z; 0 is the epoch.
    expect(formatUtc(1_000_000_000)).toBe('Sep 9, 2001, 01:46:40 UTC')
    expect(formatUtc(0)).toBe('Jan 1, 1970, 00:00:00 UTC')
  })

  it('writes local time with the zone named', () => {
    expect(formatLocal(1_000_000_000)).toBe(formatTimestamp(1_000_000_000, Intl.DateTimeFormat().resolvedOptions().timeZone))
  })

  it('does not throw for a timestamp beyond the calendar', () => {
    expect(formatUtc(2 ** 52)).toBe(`unix time ${2 ** 52} (out of the calendar's range)`)
    expect(isoUtc(2 ** 52)).toBeNull()
    expect(isoUtc(1_000_000_000)).toBe('2001-09-09T01:46:40.000Z')
  })

  it('averages block intervals', () => {
    expect(averageInterval([10, 12, 14])).toBe(2)
    expect(averageInterval([14, 10, 12])).toBe(2)
    expect(averageInterval([10])).toBeNull()
  })
})
