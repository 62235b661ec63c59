import { describe, expect, it } from 'vitest'
import { bestStaticPartition, emitterGaps, ratio } from './partition.ts'

describe('bestStaticPartition', () => {
  it('packs whole blocks into ranges of at most the limit, covering the range without gap or overlap', () => {
    const placement = Array.from({ length: 1_000 }, (_, i) => ({ block: 10 + i * 50, logs: 100 }))
    const ranges = bestStaticPartition(placement, 0, 60_000, 10_000)
    // 100 blocks of 100 logs fill a range exactly; 1,000 of them make 10.
    expect(ranges).toHaveLength(10)
    expect(ranges[0]!.from).toBe(0)
    expect(ranges.at(-1)!.to).toBe(60_000)
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.from).toBe(ranges[i - 1]!.to + 1)
    expect(ranges.every((range) => range.logs <= 10_000)).toBe(true)
    expect(ranges.reduce((sum, range) => sum + range.logs, 0)).toBe(100_000)
  })

  it('needs a range more when a block would overfill one, and counts only blocks inside the range', () => {
    const placement = [
      { block: 5, logs: 6_000 },
      { block: 9, logs: 6_000 },
      { block: 20, logs: 3_000 },
      { block: 99, logs: 9_999 },
    ]
    expect(bestStaticPartition(placement, 0, 50, 10_000)).toEqual([
      { from: 0, to: 8, logs: 6_000 },
      { from: 9, to: 50, logs: 9_000 },
    ])
  })

  it('is one range for a range with no log, and refuses a block over the limit or an unsorted placement', () => {
    expect(bestStaticPartition([], 3, 7, 10)).toEqual([{ from: 3, to: 7, logs: 0 }])
    expect(() => bestStaticPartition([{ block: 1, logs: 11 }], 0, 5, 10)).toThrow(/block 1 alone/)
    expect(() => bestStaticPartition([{ block: 4, logs: 1 }, { block: 2, logs: 1 }], 0, 5, 10)).toThrow(/increasing/)
  })

  it('is optimal: no partition with fewer ranges exists (checked by brute force on small cases)', () => {
    const fewest = (counts: number[], limit: number): number => {
      // Dynamic programming over cut points: the true minimum.
      const best = Array<number>(counts.length + 1).fill(Infinity)
      best[0] = 0
      for (let end = 1; end <= counts.length; end++) {
        let sum = 0
        for (let start = end; start >= 1; start--) {
          sum += counts[start - 1]!
          if (sum > limit) break
          best[end] = Math.min(best[end]!, best[start - 1]! + 1)
        }
      }
      return best[counts.length]!
    }
    for (let seed = 1; seed < 40; seed++) {
      const counts = Array.from({ length: 12 }, (_, i) => ((seed * 7 + i * 13) % 9) + 1)
      const placement = counts.map((logs, block) => ({ block, logs }))
      expect(bestStaticPartition(placement, 0, counts.length - 1, 10)).toHaveLength(fewest(counts, 10))
    }
  })
})

describe('emitterGaps', () => {
  it('is deterministic, within its bounds, and varies', () => {
    const gaps = emitterGaps(1_000, 12, 92)
    expect(emitterGaps(1_000, 12, 92)).toEqual(gaps)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(12)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(92)
    expect(new Set(gaps).size).toBeGreaterThan(50)
    // The bench needs at least 50,000 blocks from 1,000 of them.
    expect(gaps.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThanOrEqual(50_000)
  })

  it('refuses bad bounds; ratios round to hundredths', () => {
    expect(() => emitterGaps(3, 0, 5)).toThrow(/bad gap/)
    expect(ratio(14, 11)).toBe(1.27)
    expect(() => ratio(1, 0)).toThrow(/baseline/)
  })
})
