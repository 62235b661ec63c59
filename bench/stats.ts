/** Small, pure statistics for the benchmark: every figure is a median with its spread over several runs. */

export type Summary = {
  /** How many samples. */
  n: number
  median: number
  min: number
  max: number
  p95: number
}

/** The value at quantile `q` (0..1) by the nearest-rank method on sorted samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('quantile of no samples')
  if (q < 0 || q > 1) throw new Error(`quantile ${q} is outside 0..1`)
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.max(1, Math.ceil(q * sorted.length))
  return sorted[rank - 1]!
}

/** The median: the middle sample, or the mean of the two middle ones. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples')
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Rounded to `digits` decimals, so results.json stays readable. */
export function round(value: number, digits = 1): number {
  const scale = 10 ** digits
  return Math.round(value * scale) / scale
}

export function summarize(samples: readonly number[], digits = 1): Summary {
  return {
    n: samples.length,
    median: round(median(samples), digits),
    min: round(Math.min(...samples), digits),
    max: round(Math.max(...samples), digits),
    p95: round(quantile(samples, 0.95), digits),
  }
}

/** "123 (110–140)": the median with the range of the runs, as the table prints it. */
export function formatSummary(summary: Summary, unit = ''): string {
  if (summary.n === 1 || summary.min === summary.max) return `${summary.median}${unit}`
  return `${summary.median}${unit} (${summary.min}–${summary.max})`
}
