import { describe, expect, it } from 'vitest'
import { blocksPageSize, pageLinks, pageNumbers, parseFrom } from './paging.ts'

describe('pages of /blocks', () => {
  it('a page is the 25 numbers down from its top, newest first', () => {
    const numbers = pageNumbers(100n)
    expect(numbers).toHaveLength(blocksPageSize)
    expect(numbers[0]).toBe(100n)
    expect(numbers.at(-1)).toBe(76n)
  })

  it('near genesis the page is short and ends at block 0', () => {
    expect(pageNumbers(3n)).toEqual([3n, 2n, 1n, 0n])
    expect(pageNumbers(0n)).toEqual([0n])
  })

  it('the live page has no newer page; older goes 25 down', () => {
    expect(pageLinks(100n, 100n, true)).toEqual({ newer: undefined, older: 75n })
  })

  it('a newer page that reaches the head is the live page', () => {
    expect(pageLinks(75n, 100n, false)).toEqual({ newer: null, older: 50n })
    expect(pageLinks(50n, 100n, false)).toEqual({ newer: 75n, older: 25n })
  })

  it('no older page below genesis', () => {
    expect(pageLinks(24n, 100n, false).older).toBeUndefined()
    expect(pageLinks(25n, 100n, false).older).toBe(0n)
  })

  it('reads ?from= as decimal or hex, nothing else', () => {
    expect(parseFrom(null)).toBeNull()
    expect(parseFrom('1234')).toBe(1234n)
    expect(parseFrom('0x4d2')).toBe(1234n)
    expect(parseFrom('-1')).toBeNull()
    expect(parseFrom('12abc')).toBeNull()
    expect(parseFrom('')).toBeNull()
  })
})
