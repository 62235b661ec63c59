import { DensityMap } from './densityMap.ts'
import { adviceFor } from './rangeHint.ts'
import { ChainglassError } from '../../contract/errors.ts'

/** A log as the scanner needs it: its position orders the merged result. */
export type ScannedLog = { blockNumber: string | null; logIndex: string | null }

/** Fetches one block range (inclusive); rejects with the provider's error (code, message, data). */
export type FetchRange<L> = (fromBlock: bigint, toBlock: bigint, signal: AbortSignal) => Promise<L[]>

/** `refused`: windows the node refused as too big or too slow, each split and asked again in parts. */
export type ScanProgress = { blocksCovered: bigint; totalBlocks: bigint; logsFound: number; requests: number; refused: number; inFlight: number }

export type ScanOptions<L> = {
  from: bigint
  to: bigint
  fetchRange: FetchRange<L>
  /** The most windows in flight at once (four by default): lanes are at most this many, one window each. */
  concurrency?: number
  /** The provider's result limit: windows aim just under it. */
  resultLimit?: number
  /** Past this many logs the scan stops with `stoppedAtCap` (never a frozen tab). */
  maxLogs?: number
  /** Logs arrive in block order, contiguous from `from`: a consumer can render as they come. */
  onLogs?: (logs: L[]) => void
  onProgress?: (progress: ScanProgress) => void
  signal?: AbortSignal
  /**
   * The first window, in blocks (1,000 unless given). A filter that names what is rare by its nature (an
   * address in a topic) can start with the whole range: one request when it fits, a refusal and a split when not.
   */
  firstWindow?: bigint
  /** For tests: how to wait (rate limits say how long). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

export type ScanResult<L> = { logs: L[]; requests: number; stoppedAtCap: boolean }

export class ScanError extends ChainglassError {
  override name = 'ScanError'
  readonly range: [bigint, bigint]
  constructor(message: string, range: [bigint, bigint], cause: unknown) {
    super(message, { cause })
    this.range = range
  }
}

type Range = { from: bigint; to: bigint }

/**
 * The share of the result limit a window aims at. The density ahead is a guess from the blocks behind, off
 * either way on a chain whose density swings. In simulation (bench/partition.ts) aims from 0.6 to 0.75 did
 * about as well on such chains (lower ones waste requests on thin windows, higher ones on refusals, which
 * also cost the provider all their logs), and on an even chain the higher aim needs fewer requests.
 */
const targetShare = 0.75
/**
 * The aim of a lane's first window when the lane starts far from any answer (every lane but the first): its
 * density is the first answer's, read thousands of blocks away. Aimed lower than the rest: a window thinner than
 * it could be costs part of a request, a refusal costs its lane a whole round trip while the others run on (and
 * aimed much lower, the thin windows cost more than the refusals they spare).
 */
const freshShare = 0.6
/** The first window when nothing is known: small, so a dense range is not read whole only to be refused. */
const firstProbe = 1000n
/** A window spans at most this many times the largest answered one: a density from few logs is loose. */
const maxGrowth = 16n
/**
 * Lanes scanned side by side (windows in flight, at most `concurrency`). Each lane waits for its answer before
 * sizing its next window, so the lanes are what keeps the node, the network and the page busy at once: with
 * two, a scan of a range that needs a dozen windows spent most of its time with one stage working and the
 * others waiting. More lanes start more windows sized from a density far from their start (the first answer's),
 * which the node refuses more often: a few more requests where the density swings.
 */
const laneCount = 4
/** A lane's last stretch goes in one window when the density says it holds this share of the limit or less. */
const stretchShare = 0.95

/**
 * One stretch of the range scanned front to back, one window at a time: each window is sized from the answer just
 * before it. `fresh`: none of its windows answered yet.
 */
type Lane = { pending: Range[]; exact: Range[]; busy: boolean; fresh: boolean }

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    }, { once: true })
  })

/**
 * Reads every log in [from, to] from a provider that refuses big answers (-32005), in as few requests as
 * it can without knowing where the logs are. The first window is small (a refused window costs the
 * provider all its logs: refusing a whole range means computing every log in it);
 * after the first answer the rest is cut into lanes read side by side, each one window at a time, so
 * every window is sized from the answer just before it (densityMap.ts: the density at that answer's far
 * edge and its trend), not from one sent blind while it was in flight. A refused window goes back to its
 * lane and the next one is smaller (or ends where the provider suggests). Results are merged in block
 * order with no gap and no duplicate, whatever order the answers come back in.
 */
export async function scanLogs<L extends ScannedLog>(options: ScanOptions<L>): Promise<ScanResult<L>> {
  const { from, to, fetchRange, concurrency = 4, resultLimit = 10_000, maxLogs = 1_000_000, onLogs, onProgress } = options
  const sleep = options.sleep ?? defaultSleep
  const controller = new AbortController()
  const outer = options.signal
  if (outer?.aborted) throw outer.reason
  outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true })
  const signal = controller.signal

  const totalBlocks = to - from + 1n
  const target = resultLimit * targetShare
  const freshTarget = resultLimit * freshShare
  /** Blocks not yet asked for, by lane; until the first answer there is one lane. */
  const lanes: Lane[] = [{ pending: [{ from, to }], exact: [], busy: false, fresh: false }]
  // Density at an answer's edge from about half a window's worth of its logs: local enough to follow a swing.
  const map = new DensityMap(resultLimit / 2)
  /** Until an answer: the next probe's size (a quarter of a refused one). */
  const first = options.firstWindow ?? firstProbe
  let probe = totalBlocks < first ? totalBlocks : first
  /** The largest window answered so far: a window grows at most `maxGrowth` times past it (a guess from few logs is loose). */
  let largestAnswered = 0n
  /** Finished ranges waiting for the ones before them, by start block. */
  const done = new Map<bigint, { range: Range; logs: L[] }>()
  let emittedUpTo = from - 1n
  const merged: L[] = []
  let requests = 0
  let refused = 0
  let inFlight = 0
  let stoppedAtCap = false

  const report = () => onProgress?.({ blocksCovered: emittedUpTo - from + 1n, totalBlocks, logsFound: merged.length, requests, refused, inFlight })

  const windowSize = (start: bigint, aim: number): bigint => {
    const estimate = map.sizeFrom(start, aim)
    if (estimate === null) return probe
    let size = Number.isFinite(estimate) ? BigInt(Math.max(1, Math.floor(estimate))) : totalBlocks
    const most = largestAnswered * maxGrowth
    if (size > most) size = most
    return size < 1n ? 1n : size
  }

  /** After the first answer: the rest of the range cut into lanes, scanned side by side. */
  let split = false
  const splitLanes = () => {
    if (split) return
    split = true
    const lane = lanes[0]!
    const rest = lane.pending[0]
    if (!rest || lane.pending.length > 1 || lane.exact.length > 0) return
    const count = BigInt(Math.max(1, Math.min(laneCount, concurrency)))
    const blocks = rest.to - rest.from + 1n
    if (blocks < count * 2n) return
    lane.pending = []
    for (let i = 0n; i < count; i++) {
      const start = rest.from + (blocks * i) / count
      const end = rest.from + (blocks * (i + 1n)) / count - 1n
      if (i === 0n) lane.pending.push({ from: start, to: end })
      else lanes.push({ pending: [{ from: start, to: end }], exact: [], busy: false, fresh: true })
    }
  }

  const nextRange = (lane: Lane): Range | null => {
    // Until one window has been answered there is one lane, holding one window: a refusal while the density is
    // unknown costs one request, not a fan-out of them (splitLanes runs after the first answer).
    if (lane.exact.length > 0) return lane.exact.shift()!
    const first = lane.pending[0]
    if (!first) return null
    let size = windowSize(first.from, lane.fresh ? freshTarget : target)
    // The lane's last stretch in one window when it should fit under the limit: a sliver left over would cost a request.
    const rest = first.to - first.from + 1n
    if (rest > size && lane.pending.length === 1) {
      const stretched = map.sizeFrom(first.from, resultLimit * stretchShare)
      if (stretched !== null && stretched >= Number(rest)) size = rest
    }
    const end = first.from + size - 1n
    if (end >= first.to) {
      lane.pending.shift()
      return first
    }
    const range = { from: first.from, to: end }
    first.from = end + 1n
    return range
  }

  /** Gives a range back to its lane, keeping it sorted and merged with its neighbours. */
  const giveBack = (lane: Lane, range: Range) => {
    const pending = lane.pending
    let index = pending.findIndex((item) => item.from > range.to)
    if (index < 0) index = pending.length
    pending.splice(index, 0, { ...range })
    for (let i = pending.length - 1; i > 0; i--) {
      const left = pending[i - 1]!
      const right = pending[i]!
      if (left.to + 1n === right.from) {
        left.to = right.to
        pending.splice(i, 1)
      }
    }
  }

  const flush = () => {
    for (;;) {
      const next = done.get(emittedUpTo + 1n)
      if (!next) break
      done.delete(next.range.from)
      emittedUpTo = next.range.to
      if (next.logs.length > 0) {
        merged.push(...next.logs)
        onLogs?.(next.logs)
      }
      if (merged.length >= maxLogs) {
        stoppedAtCap = true
        controller.abort(new DOMException('log cap reached', 'AbortError'))
        break
      }
    }
    report()
  }

  const runOne = async (lane: Lane, range: Range): Promise<void> => {
    const size = range.to - range.from + 1n
    for (;;) {
      requests += 1
      report()
      try {
        const logs = await fetchRange(range.from, range.to, signal)
        map.learn(range.from, range.to, logs.map((log) => (log.blockNumber === null ? Number(range.to) : Number(log.blockNumber))))
        if (size > largestAnswered) largestAnswered = size
        lane.fresh = false
        done.set(range.from, { range, logs })
        splitLanes()
        flush()
        return
      } catch (error) {
        if (signal.aborted) throw signal.reason
        const advice = adviceFor(error as { code?: number; message?: string; data?: unknown; name?: string }, range.from)
        if (advice.kind === 'rate-limited') {
          await sleep(advice.retryAfterMs, signal)
          continue
        }
        if (advice.kind === 'other' || range.from === range.to) {
          const why =
            advice.kind === 'too-many' ? `block ${range.from} alone is more than the provider returns: narrow the filter (address or topics)`
            : advice.kind === 'timeout' ? `block ${range.from} alone timed out at the provider: narrow the filter (address or topics) or try again`
            : (error as Error).message
          throw new ScanError(why, [range.from, range.to], error)
        }
        // Refused as too big or too slow. The density map keeps it as a floor, so a window starting in it
        // is smaller than it (no range is asked twice: every refusal is progress); before any answer the
        // next probe is a quarter of it. A provider's suggested range is taken as it is.
        refused += 1
        if (!map.known) probe = size / 4n < 1n ? 1n : size / 4n
        map.refuse(range.from, range.to, advice.kind === 'too-many' ? resultLimit : null)
        const suggested = advice.kind === 'too-many' ? advice.suggestedTo : null
        if (suggested !== null && suggested < range.to) {
          lane.exact.push({ from: range.from, to: suggested })
          giveBack(lane, { from: suggested + 1n, to: range.to })
        } else giveBack(lane, range)
        return
      }
    }
  }

  await new Promise<void>((resolve, reject) => {
    let failed = false
    const pump = () => {
      if (failed) return
      if (stoppedAtCap) {
        if (inFlight === 0) resolve()
        return
      }
      for (const lane of lanes) {
        if (lane.busy) continue
        const range = nextRange(lane)
        if (!range) continue
        inFlight += 1
        lane.busy = true
        runOne(lane, range)
          .then(() => {
            inFlight -= 1
            lane.busy = false
            pump()
          })
          .catch((error: unknown) => {
            inFlight -= 1
            lane.busy = false
            if (stoppedAtCap && signal.aborted) return pump()
            failed = true
            controller.abort(error)
            reject(error)
          })
      }
      if (inFlight === 0 && lanes.every((lane) => lane.exact.length === 0 && lane.pending.length === 0)) resolve()
    }
    pump()
  })

  report()
  return { logs: stoppedAtCap ? merged.slice(0, maxLogs) : merged, requests, stoppedAtCap }
}
