/**
 * What a log scan has learned of where the logs are, and how many blocks the next window should span.
 *
 * An answered window tells the block of every log in it, not just how many: it is cut into pieces with
 * their own counts, so the density at its far edge, and whether it is rising, are known. The next window
 * is sized from the density at the edge of the answered blocks nearest before it, following the trend
 * when the density rises and holding it flat when it falls: a window sized for a fall that does not come
 * is refused, which costs a request and the provider's work on all of it, while one sized for a rise that
 * does not come only holds fewer logs. A refused window says only "more than the limit": a floor.
 *
 * Block numbers are JavaScript numbers here (exact below 2^53): this is arithmetic on estimates.
 */

type Piece = { from: number; to: number; logs: number }
type Refusal = { from: number; to: number; moreThan: number | null }
type Trend = { edge: number; density: number; slope: number }

/** Pieces one answered window is cut into, at most: enough to see a trend, each still holding some logs. */
const maxPieces = 8
const logsPerPiece = 50
/** A straight line is only good near its data: the density ahead stays within this factor of the edge's. */
const mostRise = 4

export class DensityMap {
  /** Answered ranges as pieces, sorted by block, disjoint. */
  readonly #pieces: Piece[] = []
  readonly #refusals: Refusal[] = []
  /** Logs the trend is drawn through (at least two pieces). */
  readonly #lookback: number

  constructor(lookbackLogs: number) {
    this.#lookback = lookbackLogs
  }

  get known(): boolean {
    return this.#pieces.length > 0
  }

  /** An answered window [from, to] and the block of each of its logs (any order). */
  learn(from: bigint, to: bigint, logBlocks: readonly number[]): void {
    const start = Number(from)
    const end = Number(to)
    const width = end - start + 1
    const count = Math.max(1, Math.min(maxPieces, Math.floor(logBlocks.length / logsPerPiece), width))
    const pieces: Piece[] = []
    for (let i = 0; i < count; i++) {
      pieces.push({ from: start + Math.floor((width * i) / count), to: start + Math.floor((width * (i + 1)) / count) - 1, logs: 0 })
    }
    for (const block of logBlocks) {
      // Cut by block: a log is in the one piece whose blocks hold its block (the estimate may be one off).
      let i = Math.min(count - 1, Math.max(0, Math.floor(((block - start) * count) / width)))
      while (i > 0 && block < pieces[i]!.from) i--
      while (i < count - 1 && block > pieces[i]!.to) i++
      pieces[i]!.logs += 1
    }
    let at = this.#pieces.findIndex((piece) => piece.from > end)
    if (at < 0) at = this.#pieces.length
    this.#pieces.splice(at, 0, ...pieces)
  }

  /** A window the provider refused: more than `moreThan` logs in [from, to], or null when it timed out instead. */
  refuse(from: bigint, to: bigint, moreThan: number | null): void {
    this.#refusals.push({ from: Number(from), to: Number(to), moreThan })
  }

  /**
   * Blocks from `start` that should hold about `target` logs (at least 1; Infinity when no log was seen),
   * or null while nothing is known.
   */
  sizeFrom(start: bigint, target: number): number | null {
    const at = Number(start)
    const trend = this.#trend(at)
    if (!trend) return null
    // Blocks × the density at the window's middle is its logs on a straight line; a few rounds settle the size.
    let size = trend.density > 0 ? target / trend.density : Number.POSITIVE_INFINITY
    for (let round = 0; round < 6 && Number.isFinite(size); round++) size = target / this.#densityAt(trend, at + size / 2)
    return Math.max(1, this.#underRefusals(at, target, size))
  }

  /** A window from `at` must not reach so far into a refused range that it is sure to be refused again. */
  #underRefusals(at: number, target: number, size: number): number {
    let result = size
    for (const refusal of this.#refusals) {
      if (refusal.to < at || refusal.from > at + result - 1) continue
      const blocksAhead = refusal.to - Math.max(at, refusal.from) + 1
      const offset = Math.max(0, refusal.from - at)
      // Too slow says nothing of the count: half of what is left of it.
      if (refusal.moreThan === null) {
        result = Math.min(result, offset + Math.max(1, Math.floor(blocksAhead / 2)))
        continue
      }
      // Its logs still ahead of `at`: more than the limit less those answered before `at`, spread evenly.
      // Assuming just the limit (the least it holds) beat assuming more, simulated: a refused window's
      // retry spans 3/4 of it at a 0.75 aim, and the lane's next window follows the retry's own density.
      const ahead = refusal.moreThan - this.#answered(refusal.from, at - 1)
      if (ahead <= 0) continue
      result = Math.min(result, offset + target / (ahead / blocksAhead))
    }
    return result
  }

  /** The trend's density at `block`: rising as the line says (up to `mostRise` times), never falling. */
  #densityAt(trend: Trend, block: number): number {
    return Math.min(mostRise * trend.density, Math.max(trend.density, trend.density + trend.slope * (block - trend.edge)))
  }

  /** Logs answered in whole pieces inside [from, to]. */
  #answered(from: number, to: number): number {
    let logs = 0
    for (const piece of this.#pieces) if (piece.from >= from && piece.to <= to) logs += piece.logs
    return logs
  }

  /**
   * The density at the edge of the answered blocks nearest before `at`, and its slope per block: a
   * weighted straight line through the densities of the latest contiguous pieces holding `lookbackLogs`. With nothing answered before `at`, the first answered piece after it, flat.
   */
  #trend(at: number): Trend | null {
    if (this.#pieces.length === 0) return null
    let last = -1
    for (let i = 0; i < this.#pieces.length; i++) if (this.#pieces[i]!.to < at) last = i
    if (last < 0) {
      const first = this.#pieces[0]!
      return { edge: first.from, density: first.logs / (first.to - first.from + 1), slope: 0 }
    }
    const used: Piece[] = []
    let logs = 0
    for (let i = last; i >= 0 && used.length < maxPieces && (used.length < 2 || logs < this.#lookback); i--) {
      const piece = this.#pieces[i]!
      if (used.length > 0 && piece.to + 1 !== used[used.length - 1]!.from) break
      used.push(piece)
      logs += piece.logs
    }
    const edge = used[0]!.to + 1
    let sumW = 0
    let sumX = 0
    let sumY = 0
    let sumXX = 0
    let sumXY = 0
    for (const piece of used) {
      const width = piece.to - piece.from + 1
      const x = (piece.from + piece.to + 1) / 2 - edge
      const y = piece.logs / width
      sumW += width
      sumX += width * x
      sumY += width * y
      sumXX += width * x * x
      sumXY += width * x * y
    }
    const meanX = sumX / sumW
    const meanY = sumY / sumW
    const variance = sumXX / sumW - meanX * meanX
    const slope = variance > 0 ? (sumXY / sumW - meanX * meanY) / variance : 0
    // The line's value at the edge; where a steep fall puts it at or below 0, the pieces' mean.
    const atEdge = meanY - slope * meanX
    return { edge, density: atEdge > 0 ? atEdge : meanY, slope }
  }
}
