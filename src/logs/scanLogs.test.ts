import { describe, expect, it } from 'vitest'
import { scanLogs, ScanError, type ScanProgress, type ScannedLog } from './scanLogs.ts'

/**
 * Pure-logic tests: a synthetic log source in memory that refuses over-limit ranges the way the spec
 * says (-32005 `query returned more than 10000 results`), answering in scrambled order. The scanner
 * against the real gateway is tested in scanLogs.chain.test.ts.
 */
type Log = ScannedLog & { id: number }

function chain(logsPerBlock: (block: number) => number, blocks: number): Log[] {
  const logs: Log[] = []
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < logsPerBlock(block); i++) logs.push({ id: logs.length, blockNumber: '0x' + block.toString(16), logIndex: '0x' + i.toString(16) })
  }
  return logs
}

function source(logs: Log[], options: { limit?: number; delay?: () => number; immediate?: boolean; refuse?: (from: bigint, to: bigint, attempt: number) => unknown } = {}) {
  const limit = options.limit ?? 10_000
  const byBlock = new Map<number, Log[]>()
  for (const log of logs) {
    const block = Number(log.blockNumber)
    byBlock.set(block, [...(byBlock.get(block) ?? []), log])
  }
  const calls: Array<[bigint, bigint]> = []
  const fetchRange = async (from: bigint, to: bigint, signal: AbortSignal) => {
    calls.push([from, to])
    if (!options.immediate) await new Promise((r) => setTimeout(r, options.delay?.() ?? 0))
    if (signal.aborted) throw signal.reason
    const special = options.refuse?.(from, to, calls.length)
    if (special) throw special
    const found: Log[] = []
    for (let block = Number(from); block <= Number(to); block++) found.push(...(byBlock.get(block) ?? []))
    if (found.length > limit) throw Object.assign(new Error(`query returned more than ${limit} results`), { code: -32005 })
    return found
  }
  return { fetchRange, calls }
}

/** Fewest requests any static partition needs: ranges of whole blocks each holding at most `limit` logs. */
function bestStaticRequests(logs: Log[], limit: number): number {
  let requests = 1
  let inRange = 0
  const perBlock = new Map<string, number>()
  for (const log of logs) perBlock.set(log.blockNumber!, (perBlock.get(log.blockNumber!) ?? 0) + 1)
  for (const count of perBlock.values()) {
    if (inRange + count > limit) {
      requests += 1
      inRange = 0
    }
    inRange += count
  }
  return requests
}

describe('scanLogs', () => {
  it('returns every log once, in block order, whatever order the answers come back in', async () => {
    const logs = chain((block) => (block % 7 === 0 ? 40 : 3), 20_000)
    const { fetchRange } = source(logs, { delay: () => Math.random() * 5 })
    const streamed: Log[] = []
    const result = await scanLogs({ from: 0n, to: 19_999n, fetchRange, concurrency: 6, onLogs: (batch) => streamed.push(...batch) })
    expect(result.logs.map((log) => log.id)).toEqual(logs.map((log) => log.id))
    expect(streamed.map((log) => log.id)).toEqual(logs.map((log) => log.id))
    expect(result.stoppedAtCap).toBe(false)
  })

  it('after the first answer, four lanes at once: the first goes on aiming at 0.75 of the limit, the others start at 0.6', async () => {
    // 2 logs a block: the first window (1,000 blocks) says so; 0.75 × 10,000 logs is 3,750 blocks, 0.6 × is 3,000.
    const logs = chain(() => 2, 50_000)
    const { fetchRange, calls } = source(logs, { delay: () => 1 })
    await scanLogs({ from: 0n, to: 49_999n, fetchRange })
    const [first, ...next] = calls.map(([from, to]) => [Number(from), Number(to)] as const)
    expect(first).toEqual([0, 999])
    // The rest cut in four stretches of 12,250 blocks; each lane's first window, all sent before any answer.
    expect(next.slice(0, 4)).toEqual([
      [1_000, 4_749],
      [13_250, 16_249],
      [25_500, 28_499],
      [37_750, 40_749],
    ])
  })

  // The first window, then three lanes that each start with a window aimed low (scanLogs.ts freshShare): where
  // the density is even, that costs one request over 1.5 × (16 of the best 10); where it swings, a refusal less.
  it('needs at most 1.6 × the requests of the best static partition on an even chain (100,000 logs over 50,000 blocks)', async () => {
    const logs = chain(() => 2, 50_000)
    const { fetchRange } = source(logs)
    const result = await scanLogs({ from: 0n, to: 49_999n, fetchRange, concurrency: 4 })
    expect(result.logs).toHaveLength(100_000)
    const best = bestStaticRequests(logs, 10_000)
    expect(result.requests).toBeLessThanOrEqual(Math.ceil(best * 1.6))
  })

  it('copes with uneven density (a dense burst in a sparse chain)', async () => {
    const logs = chain((block) => (block >= 30_000 && block < 30_100 ? 300 : block % 10 === 0 ? 1 : 0), 60_000)
    const { fetchRange } = source(logs)
    const result = await scanLogs({ from: 0n, to: 59_999n, fetchRange })
    expect(result.logs.map((log) => log.id)).toEqual(logs.map((log) => log.id))
  })

  it('takes a range the provider suggests in its message', async () => {
    // A provider that answers at most 600 blocks and names the range that would work when refusing.
    const logs = chain(() => 5, 10_000)
    const { fetchRange, calls } = source(logs, {
      refuse: (from, to) => {
        if (to - from + 1n <= 600n) return null
        const end = from + 599n
        return Object.assign(new Error(`Log response size exceeded. this block range should work: [0x${from.toString(16)}, 0x${end.toString(16)}]`), { code: -32005 })
      },
    })
    const result = await scanLogs({ from: 0n, to: 9_999n, fetchRange, concurrency: 1 })
    expect(result.logs).toHaveLength(50_000)
    // The first window is refused (the scanner's opening probe is wider than 600 blocks); the next is the suggestion.
    expect(calls[0]![1] - calls[0]![0] + 1n).toBeGreaterThan(600n)
    expect(calls[1]).toEqual([calls[0]![0], calls[0]![0] + 599n])
  })

  it('waits as told on a rate limit, then retries the same range', async () => {
    const logs = chain(() => 1, 100)
    const waits: number[] = []
    const { fetchRange, calls } = source(logs, {
      refuse: (_from, _to, attempt) => (attempt === 1 ? Object.assign(new Error('rate limit exceeded'), { code: -32005, data: { rate: { backoff_seconds: 0.25 } } }) : null),
    })
    const result = await scanLogs({ from: 0n, to: 99n, fetchRange, sleep: async (ms) => void waits.push(ms) })
    expect(waits).toEqual([250])
    expect(calls[0]).toEqual(calls[1])
    expect(result.logs).toHaveLength(100)
  })

  it('splits on query timeout exceeded too', async () => {
    const logs = chain(() => 1, 1000)
    const { fetchRange } = source(logs, { refuse: (from, to) => (to - from > 300n ? Object.assign(new Error('query timeout exceeded'), { code: -32005 }) : null) })
    expect((await scanLogs({ from: 0n, to: 999n, fetchRange })).logs).toHaveLength(1000)
  })

  it('stops at the cap with a flag, and stops every request on cancel', async () => {
    const logs = chain(() => 10, 5000)
    const capped = await scanLogs({ from: 0n, to: 4999n, fetchRange: source(logs).fetchRange, maxLogs: 12_000 })
    expect(capped.stoppedAtCap).toBe(true)
    expect(capped.logs).toHaveLength(12_000)
    expect(capped.logs.map((log) => log.id)).toEqual(logs.slice(0, 12_000).map((log) => log.id))

    const controller = new AbortController()
    const slow = source(logs, { delay: () => 20 })
    const scan = scanLogs({ from: 0n, to: 4999n, fetchRange: slow.fetchRange, signal: controller.signal })
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 30)
    await expect(scan).rejects.toThrow('cancelled by the user')
    const sent = slow.calls.length
    await new Promise((r) => setTimeout(r, 100))
    expect(slow.calls.length).toBe(sent)
  })

  it('says clearly when one block alone holds more than the provider returns', async () => {
    const logs = chain((block) => (block === 3 ? 11 : 1), 10)
    const scan = scanLogs({ from: 0n, to: 9n, fetchRange: source(logs, { limit: 10 }).fetchRange })
    await expect(scan).rejects.toBeInstanceOf(ScanError)
    await expect(scan).rejects.toThrow(/block 3 alone/)
  })

  it('never asks a refused range again whole, even when answers settle together as one batch would', async () => {
    // A transport that batches per tick settles all windows of a POST at once: successes sized before a
    // refusal arrive right after it. A dense band (2 logs a block) between sparse stretches (1 in 10 blocks):
    // a window over the band is refused in the same batch as a sparse window's success.
    const logs = chain((block) => (block >= 10_000 && block < 20_000 ? 2 : block % 10 === 0 ? 1 : 0), 40_000)
    const inner = source(logs, { immediate: true })
    let batch: Array<() => void> = []
    const fetchRange = (from: bigint, to: bigint, signal: AbortSignal) =>
      new Promise<Log[]>((resolve, reject) => {
        if (batch.length === 0) setTimeout(() => { const run = batch; batch = []; for (const go of run) go() }, 5)
        batch.push(() => void inner.fetchRange(from, to, signal).then(resolve, reject))
      })
    const result = await scanLogs({ from: 0n, to: 39_999n, fetchRange, concurrency: 4 })
    expect(result.logs.map((log) => log.id)).toEqual(logs.map((log) => log.id))
    const asked = inner.calls.map(([from, to]) => `${from}-${to}`)
    expect(new Set(asked).size, `ranges asked: ${asked.join(' ')}`).toBe(asked.length)
  })

  it('says a single block timed out, not that it holds too many logs, when that is what the provider said', async () => {
    const scan = scanLogs({ from: 5n, to: 5n, fetchRange: source([], { refuse: () => Object.assign(new Error('query timeout exceeded'), { code: -32005 }) }).fetchRange })
    await expect(scan).rejects.toThrow(/block 5 alone timed out/)
  })

  it('passes other errors through unchanged', async () => {
    const failure = Object.assign(new Error('node unavailable'), { code: -32603 })
    const scan = scanLogs({ from: 0n, to: 9n, fetchRange: source([], { refuse: () => failure }).fetchRange })
    await expect(scan).rejects.toMatchObject({ cause: failure })
  })
})

describe('progress: what the page says of refusals', () => {
  it('counts the windows the node refused, not the requests: many windows of a sparse range are no refusal', async () => {
    const sparse = chain((block) => (block % 50 === 0 ? 1 : 0), 50_000)
    const reports: ScanProgress[] = []
    const many = source(sparse, { immediate: true })
    await scanLogs({ from: 0n, to: 49_999n, fetchRange: many.fetchRange, onProgress: (progress) => reports.push(progress) })
    expect(many.calls.length).toBeGreaterThan(1)
    expect(reports.at(-1)).toMatchObject({ requests: many.calls.length, refused: 0 })

    const dense = chain((block) => (block < 3_000 ? 10 : 0), 50_000)
    const denseReports: ScanProgress[] = []
    const split = source(dense, { immediate: true })
    await scanLogs({ from: 0n, to: 49_999n, fetchRange: split.fetchRange, firstWindow: 2n ** 62n, onProgress: (progress) => denseReports.push(progress) })
    // Each refused window is one more call than the windows answered.
    const answered = split.calls.filter(([from, to]) => dense.filter((log) => BigInt(log.blockNumber!) >= from && BigInt(log.blockNumber!) <= to).length <= 10_000).length
    expect(denseReports.at(-1)!.refused).toBe(split.calls.length - answered)
    expect(denseReports.at(-1)!.refused).toBeGreaterThan(0)
  })
})

describe('firstWindow: a scan that starts with the whole range', () => {
  it('reads a sparse range in one request, and still splits a dense one the provider refuses', async () => {
    const sparse = chain((block) => (block % 50 === 0 ? 1 : 0), 50_000)
    const one = source(sparse, { immediate: true })
    const result = await scanLogs({ from: 0n, to: 49_999n, fetchRange: one.fetchRange, firstWindow: 2n ** 62n })
    expect(result.logs.map((log) => log.id)).toEqual(sparse.map((log) => log.id))
    expect(one.calls).toEqual([[0n, 49_999n]])
    // 30,000 logs: the whole range is refused, then read in pieces, every log once.
    const dense = chain((block) => (block < 3_000 ? 10 : 0), 50_000)
    const split = source(dense, { immediate: true })
    const denseResult = await scanLogs({ from: 0n, to: 49_999n, fetchRange: split.fetchRange, firstWindow: 2n ** 62n })
    expect(denseResult.logs.map((log) => log.id)).toEqual(dense.map((log) => log.id))
    expect(split.calls[0]).toEqual([0n, 49_999n])
    expect(split.calls.length).toBeGreaterThan(3)
  })
})
