import { describe, expect, it } from 'vitest'
import { DensityMap } from './densityMap.ts'

/** The blocks of logs placed by `perBlock` over [from, to]. */
function blocksOf(from: number, to: number, perBlock: (block: number) => number): number[] {
  const blocks: number[] = []
  for (let block = from; block <= to; block++) for (let i = 0; i < perBlock(block); i++) blocks.push(block)
  return blocks
}

describe('DensityMap', () => {
  it('knows nothing before an answer', () => {
    expect(new DensityMap(5000).sizeFrom(0n, 7500)).toBeNull()
  })

  it('sizes a window on an even stretch to hold the target: 2 logs a block, 7,500 logs in 3,750 blocks', () => {
    const map = new DensityMap(5000)
    map.learn(0n, 999n, blocksOf(0, 999, () => 2))
    expect(map.sizeFrom(1000n, 7500)).toBeCloseTo(3750, 0)
  })

  it('follows a rise (a smaller window than the edge density alone gives) but never a fall', () => {
    // Density rising from 1 to 3 a block over the answer: at its edge ~3, and still rising.
    const rising = new DensityMap(5000)
    rising.learn(0n, 1999n, blocksOf(0, 1999, (block) => (block < 500 ? 1 : block < 1000 ? 1.5 : block < 1500 ? 2 : 3)))
    const risingSize = rising.sizeFrom(2000n, 7500)!
    expect(risingSize).toBeLessThan(7500 / 3)
    // The mirror image: density falling from 3 to 1 (a block holds whole logs: 1.5 is 2). The window is
    // sized for about the edge's 1 a block; following the fall (to 0 within 1,000 blocks) would give
    // tens of thousands of blocks.
    const falling = new DensityMap(5000)
    falling.learn(0n, 1999n, blocksOf(0, 1999, (block) => (block < 500 ? 3 : block < 1000 ? 2 : block < 1500 ? 1.5 : 1)))
    const fallingSize = falling.sizeFrom(2000n, 7500)!
    expect(fallingSize).toBeLessThanOrEqual(7500 / 0.8)
    expect(fallingSize).toBeGreaterThan(risingSize)
  })

  it('sizes from the answer nearest before the window, not an older one', () => {
    const map = new DensityMap(5000)
    map.learn(0n, 999n, blocksOf(0, 999, () => 10))
    map.learn(1000n, 1999n, blocksOf(1000, 1999, () => 1))
    expect(map.sizeFrom(2000n, 5000)).toBeCloseTo(5000, -1)
  })

  it('never sizes a window that asks a refused range whole again, and halves what is left of a timed-out one', () => {
    const map = new DensityMap(5000)
    map.learn(0n, 999n, blocksOf(0, 999, () => 1))
    map.refuse(1000n, 4999n, 10_000)
    // The density behind says 7,500 blocks; the refusal says its 4,000 blocks hold more than 10,000.
    const size = map.sizeFrom(1000n, 7500)!
    expect(size).toBeLessThan(4000)
    const slow = new DensityMap(5000)
    slow.learn(0n, 999n, blocksOf(0, 999, () => 1))
    slow.refuse(1000n, 4999n, null)
    expect(slow.sizeFrom(1000n, 7500)).toBe(2000)
  })

  it('grows without bound over a stretch with no log (the scanner caps the growth)', () => {
    const map = new DensityMap(5000)
    map.learn(0n, 999n, [])
    expect(map.sizeFrom(1000n, 7500)).toBe(Number.POSITIVE_INFINITY)
  })
})
