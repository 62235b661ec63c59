import { describe, expect, it } from 'vitest'
import { formatBytes, formatSpeed, percentOf, shortCid } from './format.ts'

describe('file panel formatting', () => {
  it('sizes in binary units, cut not rounded up', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(1023)).toBe('1,023 B')
    expect(formatBytes(1536)).toBe('1.5 KiB')
    expect(formatBytes(3 * 1024 ** 2)).toBe('3 MiB')
    expect(formatBytes(1024 ** 3 - 1)).toBe('1,023.99 MiB')
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GiB')
  })

  it('speed with one decimal; percent never 100 before the end', () => {
    expect(formatSpeed(512)).toBe('512 B/s')
    expect(formatSpeed(2.25 * 1024 ** 2)).toBe('2.3 MiB/s')
    expect(percentOf(999, 1000)).toBe(99)
    expect(percentOf(1000, 1000)).toBe(100)
    expect(percentOf(0, 0)).toBe(100)
  })

  it('cuts a long CID in the middle', () => {
    expect(shortCid('bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby')).toBe('bafybeicg2…cxnc2mby')
    expect(shortCid('QmShort')).toBe('QmShort')
  })
})
