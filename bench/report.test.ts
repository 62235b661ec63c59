import { describe, expect, it } from 'vitest'
import { initialAssets } from './bundle.ts'
import { budgetChecks, formatTable } from './report.ts'

const summary = (median: number) => ({ n: 5, median, min: median, max: median, p95: median })
const visit = (ms: number, rpcHttp: number) => ({ ms: summary(ms), http: rpcHttp + 3, rpcHttp, rpcCalls: rpcHttp * 2, wsSent: 0, wsReceived: 0 })

describe('budgetChecks', () => {
  it('judges each budget of the issue from the measured figures', () => {
    const checks = budgetChecks({
      blockPage: { transactions: 1_000, fullLoad: visit(420, 1), inAppCold: visit(250, 1), warmBack: visit(12, 0) },
      live: { blocks: 50, latency: { ...summary(40), p50: 40 } },
      logs: { logs: 100_000, staticPartition: { ranges: 11, ms: summary(1000) }, app: { ms: summary(1600), requests: 14, refused: 2 }, requestRatio: 1.27, timeRatio: 1.6 },
      bundle: { initialJsGzip: 150 * 1024 + 1, initialCssGzip: 9_000, largestRouteChunk: { file: 'a.js', gzip: 1 } },
      gateway: [
        { concurrency: 1, direct: { p50Ms: 1, perSecond: 1 }, gateway: { p50Ms: 1.4, perSecond: 1 }, addedP50Ms: 0.4, throughputShare: 0.9 },
        { concurrency: 64, direct: { p50Ms: 1, perSecond: 100 }, gateway: { p50Ms: 1.2, perSecond: 98 }, addedP50Ms: 0.2, throughputShare: 0.98 },
      ],
    })
    const met = Object.fromEntries(checks.map((check) => [check.budget, check.met]))
    expect(met['Block page cold: one HTTP request for block + receipts']).toBe(true)
    expect(met['Block page cold (in app): ≤ 300 ms to content']).toBe(true)
    expect(met['Block page cold (full load): ≤ 300 ms to content']).toBe(false)
    expect(met['Block page warm: no request, ≤ 50 ms']).toBe(true)
    expect(met['Live: p50 ≤ 100 ms head to DOM']).toBe(true)
    expect(met['Logs: ≤ 1.5 × the requests of the best static partition']).toBe(true)
    expect(met['Logs: ≤ 1.5 × the time of the best static partition']).toBe(false)
    expect(met['Initial JS ≤ 150 KB gzip']).toBe(false)
    expect(met['Gateway: ≤ 1 ms added at p50']).toBe(true)
    expect(met['Gateway: ≥ 80 % of direct throughput at 64 clients']).toBe(true)
  })

  it('has no line for an item not measured, and the table marks a missed budget', () => {
    expect(budgetChecks({})).toEqual([])
    const table = formatTable({ live: { blocks: 50, latency: { ...summary(140), p50: 140 } } })
    expect(table).toContain('| 4. Live: head to DOM (50 blocks) | p50 140 ms')
    expect(table).toContain('| Live: p50 ≤ 100 ms head to DOM | 140 ms | **no** |')
  })

})

const bytes = { document: 1300, js: 200_000, css: 12_000, rpc: 9_000, other: 3_000, total: 225_300 }
const load = (ms: number, js = { files: 8, gzip: 120 * 1024, wire: 190_000 }) => ({
  ms: summary(ms),
  dataLeftMs: summary(ms / 2),
  roundTripsBeforeData: 2,
  chain: ['/block/5', '/assets/entry-A.js'],
  requests: 12,
  fromCache: 0,
  wire: bytes,
  js,
  after: { requests: 3, wire: 30_000, js: { files: 2, gzip: 20_000, wire: 21_000 } },
})

describe('cold-load budgets', () => {
  const checksFor = (cases: Record<string, unknown>) => Object.fromEntries(budgetChecks({ coldLoads: { cases } }).map((check) => [check.budget, check]))

  it('holds each case to its own floor: + 150 ms on loopback, + 250 ms emulated, + 80 ms for a returning visitor, at the limit included', () => {
    const met = checksFor({
      block5: { label: 'Block page (5 txs)', path: '/block/5', loopback: { app: load(270), floor: load(120) }, emulated: { app: load(600.1), floor: load(350) }, returning: { app: load(180), floor: load(100) } },
      home: { label: 'Home page', path: '/', loopback: { app: load(270.1), floor: load(120) }, emulated: { app: load(599.9), floor: load(350) }, returning: { app: load(180.2), floor: load(100) } },
    })
    expect(met['Block page (5 txs), full load, loopback: ≤ its floor + 150 ms']!.met).toBe(true)
    expect(met['Block page (5 txs), full load, emulated network: ≤ its floor + 250 ms']!.met).toBe(false)
    expect(met['Block page (5 txs), returning visitor: ≤ its floor + 80 ms']!.met).toBe(true)
    expect(met['Home page, full load, loopback: ≤ its floor + 150 ms']!.met).toBe(false)
    expect(met['Home page, full load, emulated network: ≤ its floor + 250 ms']!.met).toBe(true)
    expect(met['Home page, returning visitor: ≤ its floor + 80 ms']!.met).toBe(false)
    expect(met['Home page, full load, loopback: ≤ its floor + 150 ms']!.measured).toBe('270.1 ms vs 120 ms (+150.1 ms)')
  })

  it('limits the JS a block page loads before its content (≤ 200 KB gzip in ≤ 12 files), on the loopback load, for block pages only', () => {
    const met = checksFor({
      block5: { label: 'Block page (5 txs)', path: '/block/5', loopback: { app: load(200, { files: 12, gzip: 200 * 1024, wire: 1 }), floor: load(100) } },
      block1000: { label: 'Block page (1,000 txs)', path: '/block/9', loopback: { app: load(200, { files: 13, gzip: 100_000, wire: 1 }), floor: load(100) } },
      blockHeavy: { label: 'Block page (heavy)', path: '/block/8', loopback: { app: load(200, { files: 3, gzip: 200 * 1024 + 1, wire: 1 }), floor: load(100) } },
      tx: { label: 'Transaction page', path: '/tx/0x1', loopback: { app: load(200, { files: 50, gzip: 900_000, wire: 1 }), floor: load(100) } },
    })
    const budget = (label: string) => `${label}: JS loaded before its content ≤ 200 KB gzip in ≤ 12 files`
    expect(met[budget('Block page (5 txs)')]).toEqual({ budget: budget('Block page (5 txs)'), measured: '200.0 KB in 12 files', met: true })
    expect(met[budget('Block page (1,000 txs)')]!.met).toBe(false)
    expect(met[budget('Block page (heavy)')]!.met).toBe(false)
    expect(Object.keys(met).some((budget) => budget.startsWith('Transaction page: JS'))).toBe(false)
  })

  it('puts two rows in the table for each case and way of loading: time with the critical path, then bytes and JS', () => {
    const table = formatTable({ coldLoads: { cases: { block5: { label: 'Block page (5 txs)', path: '/block/5', returning: { app: { ...load(180), fromCache: 37 }, floor: load(100) } } } } })
    expect(table).toContain('| 10. Block page (5 txs), returning visitor | app 180 ms, floor 100 ms: +80 ms; data request left at 90 ms after 2 round trips (document › entry-A.js); floor at 50 ms')
    expect(table).toMatch(/\| 10\. Block page \(5 txs\), returning visitor: wire, requests, JS \| app 220\.0 KB in 12 requests \(\+37 from the cache\) \(KB: document 1\.3, JS 195\.3, CSS 11\.7, RPC 8\.8, other 2\.9\); JS before content 8 files, 120\.0 KB gzip/)
    expect(table).toContain('| Block page (5 txs), returning visitor: ≤ its floor + 80 ms | 180 ms vs 100 ms (+80 ms) | yes |')
    const chain = ['/tx/0xabc', '/config.json', '/sample/l2a-sample/v3/secret-key', '/v3/secret-key']
    const rows = formatTable({ coldLoads: { cases: { tx: { label: 'Transaction page', path: '/tx/0xabc', loopback: { app: { ...load(300), roundTripsBeforeData: 4, chain }, floor: load(100) } } } } })
    expect(rows).toContain('after 4 round trips (document › config.json › POST /sample/l2a-sample/v3/… › POST /v3/…)')
    expect(rows).not.toContain('secret-key')
  })
})

describe('initialAssets', () => {
  it("reads the entry script, its modulepreloads and stylesheets from Vite's index.html", () => {
    const html = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>`
    expect(initialAssets(html)).toEqual({ js: ['/assets/index-A.js', '/assets/react-B.js'], css: ['/assets/index-C.css'] })
  })

  it("counts the scripts the head prefetches for the app's start, and no other prefetch", () => {
    const html = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="prefetch" as="script" crossorigin href="/assets/app-B.js"><link rel="prefetch" crossorigin href="/assets/style-C.css"></head>`
    expect(initialAssets(html)).toEqual({ js: ['/assets/index-A.js', '/assets/app-B.js'], css: [] })
  })

  it('counts classic scripts with a src (a boot script in the head) and nothing that does not load or run', () => {
    const html = `<head>
      <script type="application/json" id="chainglass-config">{"src":"x"}</script>
      <!-- <script src="/commented-out.js"></script> -->
      <script src=/boot.js></script>
      <script defer src='/theme-boot.js'></script>
      <script type="text/javascript" src="/legacy.js"></script>
      <script nomodule src="/old-browsers.js"></script>
      <script type="application/json" src="/data.json"></script>
      <script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="preload" href="/config.json" as="fetch"><link href="/assets/late.css" rel="stylesheet">
    </head>`
    expect(initialAssets(html)).toEqual({ js: ['/boot.js', '/theme-boot.js', '/legacy.js', '/assets/index-A.js'], css: ['/assets/late.css'] })
  })
})
