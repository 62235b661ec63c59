import { describe, expect, it } from 'vitest'
import { formatSpeed, percentOf, shortCid } from './transfer.ts'

describe('file panel formatting', () => {
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
