import { ErrorCode } from '../../contract/jsonrpc.ts'
import * as v from 'valibot'
import { toQuantity } from '../format/hex.ts'
import { scanLogs, type ScanProgress } from './scanLogs.ts'
import { HttpError, RpcError, TimeoutError } from '../rpc/errors.ts'
import { blockNumber, getBlockByNumber, getLogs, type LogFilter } from '../rpc/methods.ts'
import { logSchema, type Log } from '../rpc/schemas.ts'
import type { RpcSubscriber, RpcTransport, Unsubscribe } from '../rpc/transport.ts'
import { createListeners } from '../state/listeners.ts'
import { baseFilter, canFollow, type RangeEnd, type LogQuery } from './logQuery.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * One search of the logs tool, from the filter to the last row: resolve the range's tags to numbers, scan
 * it with scanLogs (which splits on -32005 and merges in block order), then — in follow mode — keep the
 * list growing from an eth_subscribe `logs` subscription with the same filter.
 *
 * Not a TanStack query on purpose: a scan streams thousands of rows with progress for seconds, is
 * cancelled by the user half-way, and goes live afterwards; a query settles once. The component reads this
 * object with useSyncExternalStore; the snapshot changes at most every `flushMs`, so 100,000 logs arriving
 * never mean 100,000 renders.
 */

export type LogRow = {
  log: Log
  /** blockHash:logIndex, one per log of one block (a reorg's replacement block has another hash). */
  key: string
  /** Reported removed by a reorg (`removed: true`): kept in the list, and marked. */
  removed: boolean
  /** Arrived by the subscription (or its gap backfill) after the scan. */
  live: boolean
}

export type FollowState = {
  status: 'off' | 'waiting' | 'live' | 'failed'
  error: unknown
  /** Logs added since following began, and logs marked removed. */
  added: number
}

export type SearchPhase = 'resolving' | 'scanning' | 'done' | 'cancelled' | 'failed'

export type LogSearchSnapshot = {
  phase: SearchPhase
  /** The block range as numbers, once its tags are resolved; for a blockHash search, that block. */
  range: { from: bigint; to: bigint } | null
  progress: ScanProgress | null
  rows: readonly LogRow[]
  /** Rows not removed: the "N logs". */
  count: number
  removedCount: number
  stoppedAtCap: boolean
  error: unknown
  startedAt: number
  finishedAt: number | null
  follow: FollowState
}

export type SearchTransports = { http: RpcTransport; socket: RpcSubscriber }

/** When one block alone is more than the provider returns for a blockHash filter: nothing smaller to ask for. */
export class BlockLimitError extends ChainglassError {
  override readonly name = 'BlockLimitError'
  constructor(cause: unknown) {
    super((cause as Error).message, { cause })
  }
}

/** The range, once resolved, holds no block (fromBlock past the head), or a tag names no block yet. */
export class EmptyRangeError extends ChainglassError {
  override readonly name = 'EmptyRangeError'
  /** What to change, where the range says it (toBlock already at a tag: only fromBlock can move). */
  readonly hint: string
  constructor(message: string, hint = 'Pick a fromBlock at or below the head, or leave toBlock at latest.') {
    super(message)
    this.hint = hint
  }
}

/** Our own timeout on one window: named so the scanner splits the window (as for `query timeout exceeded`). */
class WindowTimeoutError extends ChainglassError {
  override name = 'WindowTimeoutError'
  constructor(seconds: number) {
    super(`eth_getLogs timed out after ${seconds} s on this window`)
  }
}

const logWindowTimeoutMs = 30_000

export function logKey(log: Log): string {
  return `${log.blockHash ?? 'pending'}:${log.logIndex ?? log.transactionHash ?? ''}`
}

/**
 * A row as the scan found it. Its key is made when asked for (a live log's merge asks of the last few rows):
 * a scan lists up to hundreds of thousands of rows, and the table keys them by place.
 */
class ScannedRow implements LogRow {
  readonly live = false
  readonly removed: boolean
  constructor(readonly log: Log) {
    this.removed = log.removed
  }
  get key(): string {
    return logKey(this.log)
  }
}

function position(log: Log): [bigint, bigint] {
  return [log.blockNumber === null ? 2n ** 64n : BigInt(log.blockNumber), log.logIndex === null ? 0n : BigInt(log.logIndex)]
}

/** Block order, then log index. */
function compare(a: Log, b: Log): number {
  const [blockA, indexA] = position(a)
  const [blockB, indexB] = position(b)
  return blockA !== blockB ? (blockA < blockB ? -1 : 1) : indexA === indexB ? 0 : indexA < indexB ? -1 : 1
}

/**
 * Puts a log that arrived out of the scan (live, or by a gap backfill) in its place in block order. A log
 * already listed is not listed twice; a `removed: true` log marks the listed one (or is listed, marked, when
 * it was never seen). Returns null when nothing changes. Looks from the end: new logs belong there.
 */
export function mergeLog(rows: readonly LogRow[], log: Log, live: boolean): { rows: LogRow[]; added: boolean; removed: boolean } | null {
  const key = logKey(log)
  let at = rows.length
  while (at > 0 && compare(rows[at - 1]!.log, log) > 0) at--
  for (let i = at - 1; i >= 0 && compare(rows[i]!.log, log) === 0; i--) {
    const row = rows[i]!
    if (row.key !== key) continue
    if (!log.removed || row.removed) return null
    const next = rows.slice()
    // Named, not spread: a scanned row's key is a getter, which a spread would not copy.
    next[i] = { log: row.log, key: row.key, removed: true, live: row.live }
    return { rows: next, added: false, removed: true }
  }
  const next = rows.slice()
  next.splice(at, 0, { log, key, removed: log.removed, live })
  return { rows: next, added: true, removed: log.removed }
}

async function resolveBlock(rpc: RpcTransport, ref: RangeEnd, signal: AbortSignal): Promise<bigint> {
  if (ref.kind === 'number') return ref.number
  if (ref.tag === 'earliest') return 0n
  if (ref.tag === 'latest' || ref.tag === 'pending') return BigInt(await blockNumber(rpc, { signal }))
  const block = await getBlockByNumber(rpc, ref.tag, false, { signal })
  if (!block?.number) throw new EmptyRangeError(`the network has no ${ref.tag} block yet`)
  return BigInt(block.number)
}

const flushMs = 80
/**
 * Past this many rows a snapshot waits `slowFlushMs`: each one re-renders the table, whose virtualizer
 * walks every row to place them (O(rows)): at `flushMs`, a long scan spent much of its time there.
 */
const manyRows = 20_000
const slowFlushMs = 250

export class LogSearch {
  readonly #query: LogQuery
  readonly #transports: SearchTransports
  readonly #listeners = createListeners()
  #snapshot: LogSearchSnapshot
  #rows: readonly LogRow[] = []
  /** Logs handed on by the scan since the last snapshot, as the scanner's arrays. */
  #incoming: (readonly Log[])[] = []
  #incomingCount = 0
  #removedCount = 0
  #controller: AbortController | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #followWanted = false
  #follow: FollowState = { status: 'off', error: null, added: 0 }
  #followController: AbortController | null = null
  #unsubscribe: Unsubscribe | null = null
  /** Every block up to this one is in the list (the scan's end, then what live logs and backfills covered). */
  #coveredTo = -1n
  #backfills: Promise<void> = Promise.resolve()

  /** The filters each window is read with: the query's one, or several (an address as sender or receiver). */
  readonly #filters: readonly LogFilter[]

  /**
   * `filters`: read every window with each of these instead of the query's own filter (its range and cap still
   * apply), the window's requests in one batch and their logs merged in block order without repeats.
   */
  readonly #firstWindow: bigint | undefined

  constructor(query: LogQuery, transports: SearchTransports, filters?: readonly LogFilter[], firstWindow?: bigint) {
    this.#query = query
    this.#transports = transports
    this.#filters = filters ?? [baseFilter(query)]
    this.#firstWindow = firstWindow
    this.#snapshot = this.#initial()
  }

  #initial(): LogSearchSnapshot {
    return { phase: 'resolving', range: null, progress: null, rows: [], count: 0, removedCount: 0, stoppedAtCap: false, error: null, startedAt: Date.now(), finishedAt: null, follow: { status: 'off', error: null, added: 0 } }
  }

  readonly subscribe = this.#listeners.subscribe

  readonly getSnapshot = (): LogSearchSnapshot => this.#snapshot

  get canFollow(): boolean {
    return canFollow(this.#query)
  }

  /** Starts the search (again, from nothing, if it ran before). */
  start(): void {
    this.stop()
    this.#rows = []
    this.#incoming = []
    this.#incomingCount = 0
    this.#removedCount = 0
    this.#snapshot = this.#initial()
    const controller = new AbortController()
    this.#controller = controller
    this.#emit()
    void this.#run(controller.signal).then(
      (outcome) => {
        if (this.#controller !== controller) return
        this.#update({ phase: 'done', stoppedAtCap: outcome.stoppedAtCap, finishedAt: Date.now() })
        if (this.#followWanted) this.#startFollow()
      },
      (error: unknown) => {
        if (this.#controller !== controller) return
        const cancelled = controller.signal.aborted
        this.#update({ phase: cancelled ? 'cancelled' : 'failed', error: cancelled ? null : error, finishedAt: Date.now() })
      },
    )
  }

  /** The user's Cancel: every request in flight is aborted; what was found stays listed. */
  cancel(): void {
    if (this.#snapshot.phase !== 'resolving' && this.#snapshot.phase !== 'scanning') return
    this.#controller?.abort(new DOMException('cancelled by the user', 'AbortError'))
  }

  /** Leaving the page: nothing keeps running. */
  stop(): void {
    this.#controller?.abort(new DOMException('search closed', 'AbortError'))
    this.#controller = null
    this.#stopFollow()
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  setFollow(on: boolean): void {
    this.#followWanted = on
    if (!on) {
      if (this.#follow.status !== 'off') {
        this.#stopFollow()
        this.#update({})
      }
      return
    }
    if (this.#snapshot.phase === 'done' && this.#follow.status === 'off') this.#startFollow()
  }

  async #run(signal: AbortSignal): Promise<{ stoppedAtCap: boolean }> {
    const { http } = this.#transports
    const query = this.#query
    const filter = this.#filters[0]!
    if (query.range.kind === 'hash') {
      this.#update({ phase: 'scanning' })
      let logs: Log[]
      try {
        logs = await getLogs(http, { ...filter, blockHash: query.range.blockHash }, { signal, timeoutMs: logWindowTimeoutMs })
      } catch (error) {
        if (error instanceof RpcError && error.code === ErrorCode.limitExceeded && !/rate limit/i.test(error.message)) throw new BlockLimitError(error)
        throw error
      }
      const block = logs[0]?.blockNumber ? BigInt(logs[0].blockNumber) : null
      const capped = logs.length > query.cap
      this.#append(capped ? logs.slice(0, query.cap) : logs)
      this.#update({ range: block === null ? null : { from: block, to: block }, progress: { blocksCovered: 1n, totalBlocks: 1n, logsFound: Math.min(logs.length, query.cap), requests: 1, refused: 0, inFlight: 0 } })
      return { stoppedAtCap: capped }
    }

    const [from, to] = await Promise.all([resolveBlock(http, query.range.from, signal), resolveBlock(http, query.range.to, signal)])
    if (from > to) {
      const toTag = query.range.to.kind === 'tag' ? query.range.to.tag : null
      throw new EmptyRangeError(
        `fromBlock ${from} is after toBlock ${to}${toTag ? ` (${toTag})` : ''}: nothing to search`,
        toTag ? `toBlock is ${toTag}, block ${to} now: pick a fromBlock at or below it.` : `Pick a fromBlock at or below ${to}, or leave toBlock at latest.`,
      )
    }
    this.#coveredTo = to
    this.#update({ phase: 'scanning', range: { from, to }, progress: { blocksCovered: 0n, totalBlocks: to - from + 1n, logsFound: 0, requests: 0, refused: 0, inFlight: 0 } })
    const result = await scanLogs<Log>({
      from,
      to,
      fetchRange: (start, end, windowSignal) => (this.#filters.length === 1 ? this.#fetchRange(filter, start, end, windowSignal) : this.#fetchRangeOfAll(start, end, windowSignal)),
      maxLogs: query.cap,
      firstWindow: this.#firstWindow,
      signal,
      onLogs: (logs) => this.#append(logs),
      onProgress: (progress) => {
        this.#snapshot = { ...this.#snapshot, progress }
        this.#schedule()
      },
    })
    if (result.stoppedAtCap) {
      // The last window may carry the list past the cap: keep exactly `cap`, as the scanner's result does.
      this.#flushIncoming()
      this.#rows = this.#rows.slice(0, query.cap)
    }
    return { stoppedAtCap: result.stoppedAtCap }
  }

  async #fetchRange(filter: LogFilter, from: bigint, to: bigint, signal: AbortSignal): Promise<Log[]> {
    // One window per HTTP POST, sent at once (`alone`): a batch answers when its slowest window does, so one
    // heavy window would hold back the others' rows and progress. Not queued behind a timer either: on a busy
    // main thread (the other lane's large answer being parsed) a timer waited for that work, and the lanes
    // went in lockstep.
    if (signal.aborted) throw signal.reason
    try {
      return await getLogs(this.#transports.http, { ...filter, fromBlock: toQuantity(from), toBlock: toQuantity(to) }, { signal, timeoutMs: logWindowTimeoutMs, alone: true })
    } catch (error) {
      // A rate limit sent with an HTTP error status still carries the provider's -32005 and its backoff.
      if (error instanceof HttpError && error.rpcError) throw new RpcError('eth_getLogs', error.rpcError)
      if (error instanceof TimeoutError) throw new WindowTimeoutError(logWindowTimeoutMs / 1000)
      throw error
    }
  }

  /**
   * One window read with every filter: the requests leave together (one POST), and the window's logs come back
   * merged in block order, a log two filters match (a transfer to oneself) once.
   */
  async #fetchRangeOfAll(from: bigint, to: bigint, signal: AbortSignal): Promise<Log[]> {
    if (signal.aborted) throw signal.reason
    const range = { fromBlock: toQuantity(from), toBlock: toQuantity(to) }
    let answers: Log[][]
    try {
      answers = await Promise.all(this.#filters.map((filter) => getLogs(this.#transports.http, { ...filter, ...range }, { signal, timeoutMs: logWindowTimeoutMs })))
    } catch (error) {
      if (error instanceof HttpError && error.rpcError) throw new RpcError('eth_getLogs', error.rpcError)
      if (error instanceof TimeoutError) throw new WindowTimeoutError(logWindowTimeoutMs / 1000)
      throw error
    }
    const byKey = new Map<string, Log>()
    for (const log of answers.flat()) byKey.set(logKey(log), log)
    return [...byKey.values()].sort(compare)
  }

  #append(logs: readonly Log[]): void {
    // Kept as they came; rows are made at the next snapshot. The scanner hands logs on between an answer and
    // its lane's next window: 10,000 row objects and keys made here held that window back.
    this.#incoming.push(logs)
    this.#incomingCount += logs.length
    this.#schedule()
  }

  #flushIncoming(): void {
    if (this.#incomingCount === 0) return
    const rows = this.#rows.slice()
    for (const logs of this.#incoming) {
      for (const log of logs) {
        if (log.removed) this.#removedCount += 1
        rows.push(new ScannedRow(log))
      }
    }
    this.#rows = rows
    this.#incoming = []
    this.#incomingCount = 0
  }

  #schedule(): void {
    if (this.#timer) return
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#emit()
    }, this.#rows.length + this.#incomingCount > manyRows ? slowFlushMs : flushMs)
  }

  #update(change: Partial<LogSearchSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change }
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#emit()
  }

  #emit(): void {
    this.#flushIncoming()
    this.#snapshot = { ...this.#snapshot, rows: this.#rows, count: this.#rows.length - this.#removedCount, removedCount: this.#removedCount, follow: this.#follow }
    this.#listeners.notify()
  }

  // ---------------------------------------------------------------------------------------------------
  // Follow mode

  #startFollow(): void {
    if (!this.canFollow || this.#follow.status !== 'off') return
    const controller = new AbortController()
    this.#followController = controller
    this.#follow = { status: 'live', error: null, added: 0 }
    this.#unsubscribe = this.#transports.socket.subscribe(
      'logs',
      [baseFilter(this.#query)],
      (data) => this.#onLive(data, controller.signal),
      (error) => {
        if (controller.signal.aborted) return
        this.#stopFollow()
        this.#follow = { ...this.#follow, status: 'failed', error }
        this.#update({})
      },
    )
    this.#update({})
    // Blocks mined while the scan ran, or before the subscription took: read once, deduplicated.
    this.#queueBackfill(controller.signal, null)
  }

  #stopFollow(): void {
    this.#followController?.abort(new DOMException('follow stopped', 'AbortError'))
    this.#followController = null
    this.#unsubscribe?.()
    this.#unsubscribe = null
    this.#follow = { status: 'off', error: null, added: 0 }
  }

  #onLive(data: unknown, signal: AbortSignal): void {
    if (signal.aborted) return
    const parsed = v.safeParse(logSchema, data)
    if (!parsed.success) return // a malformed notification names nothing we could list
    const log = parsed.output
    const block = log.blockNumber === null ? null : BigInt(log.blockNumber)
    // A gap (a reconnect, a notification lost): read the blocks between with eth_getLogs first.
    if (block !== null && block > this.#coveredTo + 1n) this.#queueBackfill(signal, block - 1n)
    this.#mergeLive(log)
    if (block !== null && block > this.#coveredTo) this.#coveredTo = block
  }

  #mergeLive(log: Log): void {
    this.#flushIncoming()
    const merged = mergeLog(this.#rows, log, true)
    if (!merged) return
    this.#rows = merged.rows
    if (merged.removed) this.#removedCount += 1
    this.#follow = { ...this.#follow, added: this.#follow.added + (merged.added && !log.removed ? 1 : 0) }
    this.#schedule()
  }

  /** Reads (coveredTo, until] (until null: the head) and merges it; backfills run one after another. Follow is for the query's own filter. */
  #queueBackfill(signal: AbortSignal, until: bigint | null): void {
    // Where the gap starts is known now; by the time this runs, live logs may have moved coveredTo on.
    const from = this.#coveredTo + 1n
    this.#backfills = this.#backfills.then(async () => {
      if (signal.aborted) return
      try {
        const to = until ?? BigInt(await blockNumber(this.#transports.http, { signal }))
        if (to < from) return
        const result = await scanLogs<Log>({ from, to, fetchRange: (start, end, windowSignal) => this.#fetchRange(baseFilter(this.#query), start, end, windowSignal), signal })
        if (signal.aborted) return
        for (const log of result.logs) this.#mergeLive(log)
        if (to > this.#coveredTo) this.#coveredTo = to
      } catch (error) {
        if (signal.aborted) return
        this.#follow = { ...this.#follow, error }
        this.#update({})
      }
    })
  }
}
