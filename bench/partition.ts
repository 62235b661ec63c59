/**
 * Partition maths for the logs benchmark: where the bench scenario puts its logs, and the best static
 * partition of a block range into eth_getLogs requests that each stay under the provider's result limit.
 * "Best" is computed offline, knowing every log's block: the fewest ranges that each hold at most
 * `limit` logs. Greedy is optimal here: extending a range never helps a later one.
 */

/** Logs per block, for the blocks that have any, in block order. */
export type Placement = ReadonlyArray<{ block: number; logs: number }>

export type BlockRange = { from: number; to: number; logs: number }

/**
 * The fewest contiguous ranges covering [from, to] with at most `limit` logs each. Throws when one
 * block alone holds more than `limit` (no range can then be read).
 */
export function bestStaticPartition(placement: Placement, from: number, to: number, limit: number): BlockRange[] {
  const inside = placement.filter((entry) => entry.block >= from && entry.block <= to && entry.logs > 0)
  for (let i = 1; i < inside.length; i++) {
    if (inside[i]!.block <= inside[i - 1]!.block) throw new Error('placement must be in strictly increasing block order')
  }
  const ranges: BlockRange[] = []
  let start = from
  let logs = 0
  for (const entry of inside) {
    if (entry.logs > limit) throw new Error(`block ${entry.block} alone holds ${entry.logs} logs, more than ${limit}`)
    if (logs + entry.logs > limit) {
      ranges.push({ from: start, to: entry.block - 1, logs })
      start = entry.block
      logs = 0
    }
    logs += entry.logs
  }
  ranges.push({ from: start, to, logs })
  return ranges
}

/**
 * Where the emitter transactions go: `count` gaps (blocks between one emitting block and the next) that
 * vary deterministically between `minGap` and `maxGap`, so the log density changes along the range as on a
 * real chain, and a scanner that learns it has something to learn. Same inputs, same gaps.
 */
export function emitterGaps(count: number, minGap: number, maxGap: number, seed = 7): number[] {
  if (minGap < 1 || maxGap < minGap) throw new Error(`bad gap bounds ${minGap}..${maxGap}`)
  let state = seed >>> 0
  const next = () => {
    // xorshift32: tiny, deterministic, good enough to vary gaps.
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    return state / 0x1_0000_0000
  }
  const gaps: number[] = []
  for (let i = 0; i < count; i++) {
    // Slow waves of density (quiet stretches, busy stretches) plus jitter.
    const wave = (Math.sin((i / count) * Math.PI * 6) + 1) / 2
    const jitter = next()
    gaps.push(minGap + Math.round((maxGap - minGap) * (0.7 * wave + 0.3 * jitter)))
  }
  return gaps
}

/** How the logs benchmark compares: the app's scan against the static partition, as ratios. */
export function ratio(measured: number, baseline: number): number {
  if (baseline <= 0) throw new Error('ratio against a baseline of 0')
  return Math.round((measured / baseline) * 100) / 100
}
