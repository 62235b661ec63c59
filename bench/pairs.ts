/**
 * The mean of the paired differences `b[i] - a[i]`: loads made side by side (bench/compare.ts) share the host's
 * state of that moment, so a pair's difference carries the change's effect with less of the host's drift than
 * the two sides' medians do.
 */
export function pairedDifference(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) throw new Error(`paired samples must be as many on each side, and some (${a.length} and ${b.length})`)
  return a.reduce((sum, value, index) => sum + (b[index]! - value), 0) / a.length
}
