import { describe, expect, it } from 'vitest'
import { RpcError } from '../rpc/errors.ts'
import type { Log } from '../rpc/schemas.ts'
import type { CallOptions, RpcSubscriber, RpcTransport } from '../rpc/transport.ts'
import { ScanError } from './scanLogs.ts'
import { explainLogError } from './logErrors.ts'
import { emptyLogForm, parseLogQuery, type LogFormValues } from './logQuery.ts'
import { BlockLimitError, LogSearch, mergeLog, logKey, type LogRow, type LogSearchSnapshot } from './logSearch.ts'

/**
 * The search against an in-memory node that behaves as the spec says: eth_getLogs refuses more than
 * `limit` results with -32005 `query returned more than 10000 results`; eth_subscribe `logs` pushes.
 */
const address = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const hashOf = (block: number, fork = 'b') => `0x${fork.repeat(2)}${block.toString(16).padStart(62, '0')}` as `0x${string}`

function makeLog(block: number, index: number, fork = 'b'): Log {
  return {
    removed: false,
    logIndex: `0x${index.toString(16)}`,
    transactionIndex: '0x0',
    transactionHash: `0x${'aa'.repeat(32)}`,
    blockHash: hashOf(block, fork),
    blockNumber: `0x${block.toString(16)}`,
    address,
    data: '0x',
    topics: [],
  }
}

function node(options: { head: number; logsPerBlock: (block: number) => number; limit?: number; delayMs?: (call: number) => number }) {
  const limit = options.limit ?? 10_000
  const chain = { head: options.head }
  const logsIn = (from: number, to: number) => {
    const found: Log[] = []
    for (let block = from; block <= to; block++) for (let i = 0; i < options.logsPerBlock(block); i++) found.push(makeLog(block, i))
    return found
  }
  const calls: Array<{ method: string; params: readonly unknown[] }> = []
  const http: RpcTransport = {
    async request(method: string, params: readonly unknown[] = [], callOptions: CallOptions = {}) {
      calls.push({ method, params })
      await new Promise((resolve) => setTimeout(resolve, options.delayMs?.(calls.length) ?? 1))
      if (callOptions.signal?.aborted) throw callOptions.signal.reason
      if (method === 'eth_blockNumber') return `0x${chain.head.toString(16)}`
      if (method === 'eth_getLogs') {
        const filter = params[0] as { fromBlock?: string; toBlock?: string; blockHash?: string }
        const found = filter.blockHash ? logsIn(Number(BigInt(`0x${filter.blockHash.slice(4)}`)), Number(BigInt(`0x${filter.blockHash.slice(4)}`))) : logsIn(Number(filter.fromBlock), Number(filter.toBlock))
        if (found.length > limit) throw new RpcError('eth_getLogs', { code: -32005, message: `query returned more than ${limit} results` })
        return found
      }
      throw new Error(`unexpected ${method}`)
    },
  }
  const subscriptions: Array<{ params: readonly unknown[]; push: (data: unknown) => void; fail: (error: unknown) => void; active: boolean }> = []
  const socket: RpcSubscriber = {
    subscribe(kind, params, onData, onError) {
      expect(kind).toBe('logs')
      const subscription = { params, push: onData, fail: (error: unknown) => onError?.(error), active: true }
      subscriptions.push(subscription)
      return () => {
        subscription.active = false
      }
    },
  }
  return { http, socket, chain, calls, subscriptions }
}

function queryOf(values: Partial<LogFormValues>) {
  const parsed = parseLogQuery({ ...emptyLogForm, ...values })
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems))
  return parsed.query
}

/** Resolves once the search's snapshot passes `test`. */
function until(search: LogSearch, test: (snapshot: LogSearchSnapshot) => boolean): Promise<LogSearchSnapshot> {
  return new Promise((resolve) => {
    const check = () => {
      const snapshot = search.getSnapshot()
      if (test(snapshot)) {
        stop()
        resolve(snapshot)
      }
    }
    const stop = search.subscribe(check)
    check()
  })
}

describe('LogSearch', () => {
  it('resolves the range, splits on -32005, and lists every log once in block order with progress', async () => {
    const fake = node({ head: 999, logsPerBlock: (block) => (block % 3 === 0 ? 40 : 5), delayMs: (call) => call * 50 })
    const search = new LogSearch(queryOf({ address, fromBlock: 'earliest', toBlock: 'latest' }), fake)
    const seen: Array<number> = []
    search.subscribe(() => seen.push(search.getSnapshot().count))
    search.start()
    const done = await until(search, (snapshot) => snapshot.phase === 'done')
    const expected = Array.from({ length: 1000 }, (_, block) => (block % 3 === 0 ? 40 : 5)).reduce((a, b) => a + b, 0)
    expect(done.count).toBe(expected)
    expect(done.range).toEqual({ from: 0n, to: 999n })
    expect(done.progress).toMatchObject({ blocksCovered: 1000n, totalBlocks: 1000n, logsFound: expected })
    expect(done.progress!.requests).toBeGreaterThan(1)
    const keys = done.rows.map((row) => row.key)
    expect(new Set(keys).size).toBe(keys.length)
    const order = done.rows.map((row) => Number(row.log.blockNumber) * 1000 + Number(row.log.logIndex))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    // Rows arrived in several renders, not one at the end.
    expect(new Set(seen.filter((count) => count > 0 && count < expected)).size).toBeGreaterThan(0)
  })

  it('stops at the cap with exactly cap rows, and says so', async () => {
    const fake = node({ head: 2000, logsPerBlock: () => 10 })
    const search = new LogSearch(queryOf({ fromBlock: '0', cap: '2500' }), fake)
    search.start()
    const done = await until(search, (snapshot) => snapshot.phase === 'done')
    expect(done.stoppedAtCap).toBe(true)
    expect(done.count).toBe(2500)
  })

  it('cancel stops every request and keeps what was found', async () => {
    // 40 ms a call: the scan (30,000 logs, several windows) is still going when its first rows are shown.
    const fake = node({ head: 30_000, logsPerBlock: () => 1, delayMs: () => 40 })
    const search = new LogSearch(queryOf({ fromBlock: '0' }), fake)
    search.start()
    await until(search, (snapshot) => snapshot.count > 0)
    expect(search.getSnapshot().phase).toBe('scanning')
    search.cancel()
    const cancelled = await until(search, (snapshot) => snapshot.phase === 'cancelled')
    const sent = fake.calls.length
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(fake.calls.length).toBe(sent)
    expect(cancelled.count).toBeGreaterThan(0)
    expect(cancelled.count).toBeLessThan(30_001)
  })

  it('a blockHash search is one request; a block too big for one answer fails with the provider’s words', async () => {
    const fake = node({ head: 10, logsPerBlock: (block) => (block === 7 ? 20 : 2), limit: 10 })
    const small = new LogSearch(queryOf({ blockHash: hashOf(3) }), fake)
    small.start()
    expect((await until(small, (snapshot) => snapshot.phase === 'done')).count).toBe(2)
    const big = new LogSearch(queryOf({ blockHash: hashOf(7) }), fake)
    big.start()
    const failed = await until(big, (snapshot) => snapshot.phase === 'failed')
    expect(failed.error).toBeInstanceOf(BlockLimitError)
    expect(explainLogError(failed.error)).toMatchObject({ kind: 'log-limit', detail: expect.stringContaining('query returned more than 10 results (code -32005)') })
  })

  it('a range whose one block is too big fails naming the block and the provider’s message', async () => {
    const fake = node({ head: 20, logsPerBlock: (block) => (block === 12 ? 20 : 1), limit: 10 })
    const search = new LogSearch(queryOf({ fromBlock: '0', toBlock: '20' }), fake)
    search.start()
    const failed = await until(search, (snapshot) => snapshot.phase === 'failed')
    expect(failed.error).toBeInstanceOf(ScanError)
    expect(explainLogError(failed.error)).toMatchObject({ title: 'Block 12 alone holds more logs than the provider returns', detail: expect.stringContaining('query returned more than 10 results') })
  })

  it('follow mode: subscribes with the same filter, backfills blocks mined meanwhile, appends live logs once, marks removed ones', async () => {
    const fake = node({ head: 50, logsPerBlock: (block) => (block % 10 === 0 ? 1 : 0) })
    const search = new LogSearch(queryOf({ address, fromBlock: '0' }), fake)
    search.setFollow(true)
    search.start()
    await until(search, (snapshot) => snapshot.phase === 'scanning')
    // Blocks 51-60 are mined while the scan runs (it resolved latest = 50): the backfill reads them.
    fake.chain.head = 60
    const live = await until(search, (snapshot) => snapshot.follow.status === 'live' && snapshot.count === 7)
    expect(live.rows.at(-1)).toMatchObject({ live: true })
    expect(fake.subscriptions).toHaveLength(1)
    expect(fake.subscriptions[0]!.params).toEqual([{ address }])

    // Live logs are appended once each, whatever the node sends twice.
    fake.subscriptions[0]!.push(makeLog(60, 0))
    fake.subscriptions[0]!.push(makeLog(61, 0))
    fake.subscriptions[0]!.push(makeLog(61, 0))
    fake.subscriptions[0]!.push(makeLog(62, 1))
    const grown = await until(search, (snapshot) => snapshot.count >= 9)
    expect(grown.rows.at(-1)).toMatchObject({ live: true, removed: false })
    expect(grown.rows.map((row) => Number(row.log.blockNumber))).toEqual([0, 10, 20, 30, 40, 50, 60, 61, 62])
    expect(grown.follow.added).toBe(3)

    // A reorg: block 62's log is reported removed; it stays listed, marked, and leaves the count.
    fake.subscriptions[0]!.push({ ...makeLog(62, 1), removed: true })
    const reorged = await until(search, (snapshot) => snapshot.removedCount === 1)
    expect(reorged.rows.find((row) => row.log.blockNumber === '0x3e')).toMatchObject({ removed: true })
    expect(reorged.count).toBe(grown.count - 1)
    // A row the scan found (block 50) reported removed: marked, still keyed by its block hash and index.
    fake.subscriptions[0]!.push({ ...makeLog(50, 0), removed: true })
    const scannedRemoved = await until(search, (snapshot) => snapshot.removedCount === 2)
    const marked = scannedRemoved.rows.find((row) => row.log.blockNumber === '0x32')!
    expect(marked).toMatchObject({ removed: true, live: false, key: logKey(makeLog(50, 0)) })

    // A gap (notifications lost while reconnecting): block 70 arrives, blocks 63-69 are read with eth_getLogs.
    fake.chain.head = 70
    fake.subscriptions[0]!.push(makeLog(70, 0))
    await until(search, (snapshot) => snapshot.rows.some((row) => row.log.blockNumber === '0x46'))
    expect(fake.calls.some((call) => call.method === 'eth_getLogs' && (call.params[0] as { fromBlock?: string }).fromBlock === '0x3f')).toBe(true)

    search.setFollow(false)
    expect(fake.subscriptions[0]!.active).toBe(false)
    search.stop()
  })

  it('follow mode that the network refuses says so', async () => {
    const fake = node({ head: 5, logsPerBlock: () => 0 })
    const search = new LogSearch(queryOf({ fromBlock: '0' }), fake)
    search.setFollow(true)
    search.start()
    await until(search, (snapshot) => snapshot.follow.status === 'live')
    fake.subscriptions[0]!.fail(new RpcError('eth_subscribe', { code: -32601, message: 'the method eth_subscribe does not exist' }))
    const failed = await until(search, (snapshot) => snapshot.follow.status === 'failed')
    expect((failed.follow.error as Error).message).toContain('eth_subscribe')
  })
})

describe('explainLogError', () => {
  it('a single-block ScanError that is not a limit is the node’s own error, for the shared panel', () => {
    const notRecorded = new RpcError('eth_getLogs', { code: -32000, message: 'not in this recorded sample network' })
    expect(explainLogError(new ScanError('not in this recorded sample network', [5n, 5n], notRecorded))).toBeNull()
    const timeout = new RpcError('eth_getLogs', { code: -32005, message: 'query timeout exceeded' })
    expect(explainLogError(new ScanError('block 5 alone…', [5n, 5n], timeout))).toMatchObject({ kind: 'log-limit', detail: 'eth_getLogs for block 5: query timeout exceeded (code -32005)' })
  })
})

describe('mergeLog', () => {
  const rows: LogRow[] = [makeLog(1, 0), makeLog(1, 1), makeLog(3, 0)].map((log) => ({ log, key: logKey(log), removed: false, live: false }))

  it('inserts in block order and ignores a log already listed', () => {
    const merged = mergeLog(rows, makeLog(2, 5), true)!
    expect(merged.rows.map((row) => row.log.blockNumber)).toEqual(['0x1', '0x1', '0x2', '0x3'])
    expect(mergeLog(rows, makeLog(1, 1), true)).toBeNull()
  })

  it('a removed log marks the listed one; a replacement block’s log at the same place is listed too', () => {
    const removed = mergeLog(rows, { ...makeLog(3, 0), removed: true }, true)!
    expect(removed.rows[2]).toMatchObject({ removed: true })
    expect(removed.rows).toHaveLength(3)
    const replacement = mergeLog(removed.rows, makeLog(3, 0, 'c'), true)!
    expect(replacement.rows).toHaveLength(4)
    expect(replacement.rows.map((row) => row.removed)).toEqual([false, false, true, false])
  })
})
