import type { Summary } from './stats.ts'
import { formatSummary, round } from './stats.ts'

/** The parts of results.json the table and the budgets read (every item is optional: --only runs some). */
type Visit = { ms: Summary; http: number; rpcHttp: number; rpcCalls: number; wsSent: number; wsReceived: number }
type Bytes = { document: number; js: number; css: number; rpc: number; other: number; total: number }
type Js = { files: number; gzip: number; wire: number }
/** One side of a cold-load case (bench/cold.ts's LoadSummary, the parts read here). */
type Load = {
  ms: Summary
  interactiveMs?: Summary | null
  dataLeftMs: Summary | null
  roundTripsBeforeData: number | null
  chain: string[]
  requests: number
  fromCache: number
  wire: Bytes
  js: Js
  after: { requests: number; wire: number; js: Js }
}
type ColdPair = { app: Load; floor: Load }
export type ColdMode = 'loopback' | 'emulated' | 'returning'
type ColdCase = { label: string; path: string } & Partial<Record<ColdMode, ColdPair>>
export type BenchResults = {
  machine?: { cpus: number; cpuModel: string; node: string; chromium: string; loadAverageAtStart: number[] }
  coldLoads?: { cases: Record<string, ColdCase> }
  blockPage?: { transactions: number; fullLoad: Visit; inAppCold: Visit; warmBack: Visit }
  transactionPage?: { fullLoad: Visit; inAppCold: Visit }
  live?: { blocks: number; latency: Summary & { p50: number } }
  logs?: { logs: number; staticPartition: { ranges: number; ms: Summary; gatewayMs?: Summary }; app: { ms: Summary; requests: number; refused: number }; requestRatio: number; timeRatio: number }
  longLists?: Record<string, { transactions: number; renderMs: Summary; scroll: { longestTaskMs: number; over100ms: number; longTasksPerRun: number } }>
  bundle?: { initialJsGzip: number; initialCssGzip: number; largestRouteChunk: { file: string; gzip: number } }
  memory?: { samples: Array<{ blocksShown: number; heapMb: number }>; settled: Array<{ blocksShown: number; heapMb: number }>; growthMbPer100Blocks: number }
  address?: { historyScan?: { blocks: number; timeRatio: number } }
  gateway?: Array<{ concurrency: number; direct: { p50Ms: number; perSecond: number }; gateway: { p50Ms: number; perSecond: number }; addedP50Ms: number; throughputShare: number }>
}

export type BudgetCheck = { budget: string; measured: string; met: boolean }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Issue 18's budgets over each case's floor, per way of loading (medians against medians). */
export const coldBudgetMs: Record<ColdMode, number> = { loopback: 150, emulated: 250, returning: 80 }
const modeLabel: Record<ColdMode, string> = { loopback: 'full load, loopback', emulated: 'full load, emulated network', returning: 'returning visitor' }
/** When the page is the app's (hydrated: a click on a transaction link navigates in the app), over its floor's content (issue 40). */
export const interactiveBudgetMs = 350
/** JavaScript a block page may load (issue 40, on real React: react-dom is ~60 KB gzip of it). */
export const blockPageJsBudget = { gzip: 200 * 1024, files: 12 }
/** The JavaScript a first load runs before its first render (issue 40). */
export const initialJsBudget = 150 * 1024

const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms)} ms`

/** The budgets against what was measured; an item not measured has no line. */
export function budgetChecks(input: unknown): BudgetCheck[] {
  const results = input as BenchResults
  const checks: BudgetCheck[] = []
  const add = (budget: string, measured: string, met: boolean) => checks.push({ budget, measured, met })
  for (const [name, item] of Object.entries(results.coldLoads?.cases ?? {})) {
    for (const mode of Object.keys(coldBudgetMs) as ColdMode[]) {
      const pair = item[mode]
      if (!pair) continue
      const limit = coldBudgetMs[mode]
      const gap = round(pair.app.ms.median - pair.floor.ms.median)
      add(`${item.label}, ${modeLabel[mode]}: ≤ its floor + ${limit} ms`, `${pair.app.ms.median} ms vs ${pair.floor.ms.median} ms (${signed(gap)})`, gap <= limit)
    }
    const interactive = item.loopback?.app.interactiveMs
    if (interactive && item.loopback) {
      const gap = round(interactive.median - item.loopback.floor.ms.median)
      add(`${item.label}, interactive (hydrated), loopback: ≤ its floor + ${interactiveBudgetMs} ms`, `${interactive.median} ms vs ${item.loopback.floor.ms.median} ms (${signed(gap)})`, gap <= interactiveBudgetMs)
    }
    const js = item.loopback?.app.js
    if (js && name.startsWith('block')) {
      add(
        `${item.label}: JS loaded before its content ≤ ${blockPageJsBudget.gzip / 1024} KB gzip in ≤ ${blockPageJsBudget.files} files`,
        `${kb(js.gzip)} in ${js.files} files`,
        js.gzip <= blockPageJsBudget.gzip && js.files <= blockPageJsBudget.files,
      )
    }
  }
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
  if (results.address?.historyScan) {
    const scan = results.address.historyScan
    add(`Address history without ots_*: ${scan.blocks.toLocaleString('en-US')} blocks ≤ 1.5 × the static partition's time`, `${scan.timeRatio} ×`, scan.timeRatio <= 1.5)
  }
  if (results.bundle) add(`Initial JS ≤ ${initialJsBudget / 1024} KB gzip`, kb(results.bundle.initialJsGzip), results.bundle.initialJsGzip <= initialJsBudget)
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

/** "KB: document 1.3, JS 206.9, CSS 12.4, RPC 12.2, other 3.5". */
function bytesCell(bytes: Bytes): string {
  const part = (value: number) => (value / 1024).toFixed(1)
  return `KB: document ${part(bytes.document)}, JS ${part(bytes.js)}, CSS ${part(bytes.css)}, RPC ${part(bytes.rpc)}, other ${part(bytes.other)}`
}

/** A critical path in short: "document", then each file's name, or a gateway path without its key. */
const chainCell = (chain: string[]) =>
  chain.map((urlPath, index) => (index === 0 ? 'document' : /\/v3\//.test(urlPath) ? `POST ${urlPath.replace(/\/v3\/.*/, '/v3/…')}` : (urlPath.split('/').at(-1) ?? urlPath))).join(' › ')
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

function coldRows(item: ColdCase, mode: ColdMode, pair: ColdPair): Array<[string, string]> {
  const { app, floor } = pair
  const left = (load: Load) => (load.dataLeftMs ? `${load.dataLeftMs.median} ms after ${count(load.roundTripsBeforeData ?? 0, 'round trip')} (${chainCell(load.chain)})` : 'never')
  const cached = (load: Load) => (load.fromCache > 0 ? ` (+${load.fromCache} from the cache)` : '')
  const name = `10. ${item.label}, ${modeLabel[mode]}`
  return [
    [name, `app ${formatSummary(app.ms, ' ms')}, floor ${formatSummary(floor.ms, ' ms')}: ${signed(round(app.ms.median - floor.ms.median))}; data request left at ${left(app)}; floor at ${left(floor)}`],
    [
      `${name}: wire, requests, JS`,
      `app ${kb(app.wire.total)} in ${count(app.requests, 'request')}${cached(app)} (${bytesCell(app.wire)}); JS before content ${count(app.js.files, 'file')}, ${kb(app.js.gzip)} gzip (${kb(app.js.wire)} on the wire); after, until quiet: ${count(app.after.js.files, 'JS file')}, ${kb(app.after.js.gzip)} gzip, ${kb(app.after.wire)} in ${count(app.after.requests, 'request')} in all. Floor ${kb(floor.wire.total)} in ${count(floor.requests, 'request')}${cached(floor)} (${bytesCell(floor.wire)})`,
    ],
  ]
}

function visitCell(visit: Visit): string {
  return `${formatSummary(visit.ms, ' ms')}; ${visit.rpcHttp} RPC HTTP (${visit.rpcCalls} calls), ${visit.http} HTTP in all, ${visit.wsSent}/${visit.wsReceived} WS sent/received`
}

/** The results as a Markdown table (printed by npm run bench): medians with the runs' range in brackets. */
export function formatTable(input: unknown): string {
  const results = input as BenchResults
  const rows: Array<[string, string]> = []
  if (results.blockPage) {
    const block = results.blockPage
    rows.push([`1. Block page (${block.transactions.toLocaleString('en')} txs), cold, full load`, visitCell(block.fullLoad)])
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
    rows.push(['5. Logs: best static partition', `${formatSummary(logs.staticPartition.ms, ' ms')}, ${logs.staticPartition.ranges} eth_getLogs (through the app server, as the app reads)`])
    if (logs.staticPartition.gatewayMs) rows.push(['5. Logs: the same, straight from the gateway', formatSummary(logs.staticPartition.gatewayMs, ' ms')])
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
  for (const item of Object.values(results.coldLoads?.cases ?? {})) {
    for (const mode of Object.keys(coldBudgetMs) as ColdMode[]) {
      const pair = item[mode]
      if (pair) rows.push(...coldRows(item, mode, pair))
    }
  }
  const lines = ['| Item | Measured |', '| --- | --- |', ...rows.map(([item, value]) => `| ${item} | ${value} |`)]
  const checks = budgetChecks(results)
  if (checks.length > 0) {
    lines.push('', '| Budget | Measured | Met |', '| --- | --- | --- |', ...checks.map((check) => `| ${check.budget} | ${check.measured} | ${check.met ? 'yes' : '**no**'} |`))
  }
  return lines.join('\n')
}
