import { describe, expect, it } from 'vitest'
import { pairedDifference } from './pairs.ts'

describe('pairedDifference', () => {
  it('is the mean of each pair\'s difference, B minus A', () => {
    expect(pairedDifference([100, 200, 300], [90, 260, 290])).toBe((-10 + 60 - 10) / 3)
    expect(pairedDifference([5], [5])).toBe(0)
  })

  it('refuses samples that do not pair', () => {
    expect(() => pairedDifference([1, 2], [1])).toThrow(/as many/)
    expect(() => pairedDifference([], [])).toThrow(/some/)
  })
})
