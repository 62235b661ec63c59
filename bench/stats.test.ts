import { describe, expect, it } from 'vitest'
import { formatSummary, median, quantile, round, summarize } from './stats.ts'

describe('stats', () => {
  it('takes the median of odd and even sample counts, whatever their order', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([7])).toBe(7)
  })

  it('takes quantiles by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i) // 100..1, unsorted on purpose
    expect(quantile(samples, 0.5)).toBe(50)
    expect(quantile(samples, 0.95)).toBe(95)
    expect(quantile(samples, 1)).toBe(100)
    expect(quantile(samples, 0)).toBe(1)
  })

  it('refuses no samples and quantiles outside 0..1', () => {
    expect(() => median([])).toThrow(/no samples/)
    expect(() => quantile([1], 1.5)).toThrow(/outside/)
  })

  it('summarizes with rounding and prints the median with its range', () => {
    const summary = summarize([10.04, 12.26, 11.15])
    expect(summary).toEqual({ n: 3, median: 11.2, min: 10, max: 12.3, p95: 12.3 })
    expect(formatSummary(summary, ' ms')).toBe('11.2 ms (10–12.3)')
    expect(formatSummary(summarize([5]), ' ms')).toBe('5 ms')
    expect(round(1.23456, 3)).toBe(1.235)
  })
})
