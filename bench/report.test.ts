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
      bundle: { initialJsGzip: 160 * 1024, initialCssGzip: 9_000, largestRouteChunk: { file: 'a.js', gzip: 1 } },
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

  it("lists the block page's floor under its full load when it was measured", () => {
    const blockPage = { transactions: 1_000, fullLoad: visit(700, 1), inAppCold: visit(250, 1), warmBack: visit(12, 0) }
    expect(formatTable({ blockPage })).not.toContain('floor')
    const table = formatTable({ blockPage: { ...blockPage, floor: { withConfig: summary(380), batchOnly: summary(330) } } })
    expect(table).toMatch(/\| 1\. Its floor: a page with no app, .* \| 380 ms/)
    expect(table).toMatch(/\| 1\. Its floor without the config: .* \| 330 ms/)
  })
})

describe('initialAssets', () => {
  it("reads the entry script, its modulepreloads and stylesheets from Vite's index.html", () => {
    const html = `<head><script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css"></head>`
    expect(initialAssets(html)).toEqual({ js: ['/assets/index-A.js', '/assets/react-B.js'], css: ['/assets/index-C.css'] })
  })
})
