import type { Summary } from './stats.ts'
import { formatSummary } from './stats.ts'

/** The parts of results.json the table and the budgets read (every item is optional: --only runs some). */
type Visit = { ms: Summary; http: number; rpcHttp: number; rpcCalls: number; wsSent: number; wsReceived: number }
export type BenchResults = {
  machine?: { cpus: number; cpuModel: string; node: string; chromium: string; loadAverageAtStart: number[] }
  blockPage?: { transactions: number; fullLoad: Visit; floor?: { withConfig: Summary; batchOnly: Summary }; inAppCold: Visit; warmBack: Visit }
  transactionPage?: { fullLoad: Visit; inAppCold: Visit }
  live?: { blocks: number; latency: Summary & { p50: number } }
  logs?: { logs: number; staticPartition: { ranges: number; ms: Summary }; app: { ms: Summary; requests: number; refused: number }; requestRatio: number; timeRatio: number }
  longLists?: Record<string, { transactions: number; renderMs: Summary; scroll: { longestTaskMs: number; over100ms: number; longTasksPerRun: number } }>
  bundle?: { initialJsGzip: number; initialCssGzip: number; largestRouteChunk: { file: string; gzip: number } }
  memory?: { samples: Array<{ blocksShown: number; heapMb: number }>; settled: Array<{ blocksShown: number; heapMb: number }>; growthMbPer100Blocks: number }
  gateway?: Array<{ concurrency: number; direct: { p50Ms: number; perSecond: number }; gateway: { p50Ms: number; perSecond: number }; addedP50Ms: number; throughputShare: number }>
}

export type BudgetCheck = { budget: string; measured: string; met: boolean }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** The budgets against what was measured; an item not measured has no line. */
export function budgetChecks(input: unknown): BudgetCheck[] {
  const results = input as BenchResults
  const checks: BudgetCheck[] = []
  const add = (budget: string, measured: string, met: boolean) => checks.push({ budget, measured, met })
  if (results.blockPage) {
    const { inAppCold, warmBack, fullLoad } = results.blockPage
    add('Block page cold: one HTTP request for block + receipts', `${inAppCold.rpcHttp} request(s), ${inAppCold.rpcCalls} calls`, inAppCold.rpcHttp === 1)
    add('Block page cold (in app): ≤ 300 ms to content', `${inAppCold.ms.median} ms`, inAppCold.ms.median <= 300)
    add('Block page cold (full load): ≤ 300 ms to content', `${fullLoad.ms.median} ms`, fullLoad.ms.median <= 300)
    add('Block page warm: no request, ≤ 50 ms', `${warmBack.rpcHttp} request(s), ${warmBack.ms.median} ms`, warmBack.rpcHttp === 0 && warmBack.ms.median <= 50)
  }
  if (results.live) add('Live: p50 ≤ 100 ms head to DOM', `${results.live.latency.p50} ms`, results.live.latency.p50 <= 100)
  if (results.logs) {
    add('Logs: ≤ 1.5 × the requests of the best static partition', `${results.logs.requestRatio} ×`, results.logs.requestRatio <= 1.5)
    add('Logs: ≤ 1.5 × the time of the best static partition', `${results.logs.timeRatio} ×`, results.logs.timeRatio <= 1.5)
  }
  if (results.bundle) add('Initial JS ≤ 150 KB gzip', kb(results.bundle.initialJsGzip), results.bundle.initialJsGzip <= 150 * 1024)
  if (results.memory) {
    const [half, end] = results.memory.settled
    if (half && end) add('Memory: no unbounded growth (settled heap after 500 blocks ≤ after 250 + 1 MB)', `${half.heapMb} → ${end.heapMb} MB`, end.heapMb <= half.heapMb + 1)
  }
  const list = results.longLists?.block5000
  if (list) add('No long task over 100 ms scrolling the 5,000-transaction list', `longest ${list.scroll.longestTaskMs} ms`, list.scroll.over100ms === 0)
  const at64 = results.gateway?.find((row) => row.concurrency === 64)
  if (results.gateway) {
    const worst = Math.max(...results.gateway.map((row) => row.addedP50Ms))
    add('Gateway: ≤ 1 ms added at p50', `+${worst} ms (worst of 1/8/64 clients)`, worst <= 1)
  }
  if (at64) add('Gateway: ≥ 80 % of direct throughput at 64 clients', `${Math.round(at64.throughputShare * 100)} %`, at64.throughputShare >= 0.8)
  return checks
}

function visitCell(visit: Visit): string {
  return `${formatSummary(visit.ms, ' ms')}; ${visit.rpcHttp} RPC HTTP (${visit.rpcCalls} calls), ${visit.http} HTTP in all, ${visit.wsSent}/${visit.wsReceived} WS sent/received`
}

/** The results as a Markdown table (the README carries it): medians with the runs' range in brackets. */
export function formatTable(input: unknown): string {
  const results = input as BenchResults
  const rows: Array<[string, string]> = []
  if (results.blockPage) {
    const block = results.blockPage
    rows.push([`1. Block page (${block.transactions.toLocaleString('en')} txs), cold, full load`, visitCell(block.fullLoad)])
    if (block.floor) {
      rows.push(['1. Its floor: a page with no app, /config.json then the same batch, parsed, one line shown', formatSummary(block.floor.withConfig, ' ms')])
      rows.push(['1. Its floor without the config: the batch alone from a fresh page', formatSummary(block.floor.batchOnly, ' ms')])
    }
    rows.push(['1. Block page, cold, in-app navigation', visitCell(block.inAppCold)])
    rows.push(['2. Block page, warm (back)', visitCell(block.warmBack)])
  }
  if (results.transactionPage) {
    rows.push(['3. Transaction page, cold, full load', visitCell(results.transactionPage.fullLoad)])
    rows.push(['3. Transaction page, cold, in-app navigation', visitCell(results.transactionPage.inAppCold)])
  }
  if (results.live) rows.push([`4. Live: head to DOM (${results.live.blocks} blocks)`, `p50 ${results.live.latency.p50} ms, p95 ${results.live.latency.p95} ms (${results.live.latency.min}–${results.live.latency.max})`])
  if (results.logs) {
    const logs = results.logs
    rows.push([`5. Logs: ${logs.logs.toLocaleString('en')} logs, app (-32005 splitting)`, `${formatSummary(logs.app.ms, ' ms')}, ${logs.app.requests} eth_getLogs (${logs.app.refused} refused)`])
    rows.push(['5. Logs: best static partition', `${formatSummary(logs.staticPartition.ms, ' ms')}, ${logs.staticPartition.ranges} eth_getLogs`])
    rows.push(['5. Logs: app / static', `${logs.requestRatio} × requests, ${logs.timeRatio} × time`])
  }
  for (const [name, list] of Object.entries(results.longLists ?? {})) {
    rows.push([`6. ${list.transactions.toLocaleString('en')}-tx block: render, scroll (${name})`, `render ${formatSummary(list.renderMs, ' ms')}; scrolling: longest task ${list.scroll.longestTaskMs} ms, ${list.scroll.over100ms} over 100 ms, ${list.scroll.longTasksPerRun} long tasks per run`])
  }
  if (results.bundle) {
    const bundle = results.bundle
    rows.push(['7. Bundle (gzip)', `initial JS ${kb(bundle.initialJsGzip)}, initial CSS ${kb(bundle.initialCssGzip)}, largest route chunk ${kb(bundle.largestRouteChunk.gzip)} (${bundle.largestRouteChunk.file})`])
  }
  if (results.memory) {
    const samples = results.memory.samples.map((sample) => `${sample.blocksShown}: ${sample.heapMb}`).join(', ')
    const settled = results.memory.settled.map((sample) => `${sample.blocksShown}: ${sample.heapMb}`).join(', ')
    rows.push(['8. Memory: JS heap (MB) by blocks shown', `${samples}; settled (the cache's retention passed, clock +10 min) ${settled}`])
  }
  for (const row of results.gateway ?? []) {
    rows.push([`9. Gateway, ${row.concurrency} client${row.concurrency === 1 ? '' : 's'}`, `p50 ${row.direct.p50Ms} → ${row.gateway.p50Ms} ms (+${row.addedP50Ms}), ${row.direct.perSecond} → ${row.gateway.perSecond} req/s (${Math.round(row.throughputShare * 100)} %)`])
  }
  const lines = ['| Item | Measured |', '| --- | --- |', ...rows.map(([item, value]) => `| ${item} | ${value} |`)]
  const checks = budgetChecks(results)
  if (checks.length > 0) {
    lines.push('', '| Budget | Measured | Met |', '| --- | --- | --- |', ...checks.map((check) => `| ${check.budget} | ${check.measured} | ${check.met ? 'yes' : '**no**'} |`))
  }
  return lines.join('\n')
}
