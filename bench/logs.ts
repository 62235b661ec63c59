import type { Browser, Page } from '@playwright/test'
import { navigateInApp, newBenchContext, proxiedRpcUrl, TrafficCounter, waitForFirstUseProbe, waitForWatch } from './browser.ts'
import { bestStaticPartition, type BlockRange } from './partition.ts'
import type { BenchScenario } from './scenario.ts'
import { isRpcPath } from './loadFigures.ts'

export type LogsRun = { ms: number; getLogsRequests: number; refused: number; shownRequests: string; found: string }
export type StaticRun = { ms: number; requests: number }

const resultLimit = 10_000
/** Larger than any -32005 answer (the spec's message and a suggested range), smaller than 10 logs. */
const refusalMaxBytes = 4096

/**
 * The logs page, open and settled: its one-time probe of the network (a fresh context is a first visit; the
 * probe starts a couple of seconds after the page opens) done before the scan, as the page figures wait for it,
 * so neither side measures it.
 */
async function openLogsPage(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/logs`)
  await page.getByTestId('logs-form').waitFor()
  await waitForFirstUseProbe(page)
  await page.waitForLoadState('networkidle')
}

export function staticPartitionFor(scenario: BenchScenario): BlockRange[] {
  return bestStaticPartition(scenario.logs.placement, scenario.logs.from, scenario.logs.to, resultLimit)
}

/** The logs page over the whole range for the emitter's address: the app's scan with its -32005 splitting. */
export async function logsThroughApp(browser: Browser, appUrl: string, scenario: BenchScenario): Promise<LogsRun> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const counter = new TrafficCounter(page)
    let refused = 0
    // A refusal is a short error object. Only short answers are read: reading every 5 MB answer's body
    // through the DevTools protocol during the scan cost the browser and this process 700-900 ms of the
    // two cores, a load the static baseline never carried (the app's time went 2.1 -> 3.0 s with it).
    page.on('requestfinished', (request) => {
      if (request.method() !== 'POST' || !isRpcPath(new URL(request.url()).pathname)) return
      void request
        .sizes()
        .then(async (sizes) => {
          if (sizes.responseBodySize > refusalMaxBytes) return
          const text = await (await request.response())?.text()
          if (text?.includes('-32005')) refused += 1
        })
        .catch(() => {})
    })
    await openLogsPage(page, appUrl)
    counter.take()
    const query = new URLSearchParams({ address: scenario.emitter, fromBlock: String(scenario.logs.from), toBlock: String(scenario.logs.to), cap: '200000' })
    await navigateInApp(page, `/logs?${query}`, 'logs')
    const ms = await waitForWatch(page, 'logs', 180_000)
    const traffic = counter.take()
    const shownRequests = (await page.getByTestId('logs-requests').textContent()) ?? ''
    const found = (await page.getByTestId('logs-found').textContent()) ?? ''
    return { ms, getLogsRequests: traffic.methods.eth_getLogs ?? 0, refused, shownRequests, found }
  } finally {
    await context.close()
  }
}

/**
 * The baseline: the best static partition's ranges, read in the same browser with fetch and JSON.parse,
 * as many in flight at once as the app's scanner allows (4). By default through the endpoint the app itself
 * reads (the app server's /rpc/<network>, which adds the key the browser never holds), so the two differ in
 * how they cut the range and nothing else; `gatewayUrl` reads straight from the gateway instead, a figure
 * kept to show what the extra hop costs.
 */
export async function logsByStaticPartition(browser: Browser, appUrl: string, scenario: BenchScenario, gatewayUrl?: string, concurrency = 4): Promise<StaticRun & { logs: number }> {
  const ranges = staticPartitionFor(scenario)
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    await openLogsPage(page, appUrl)
    const rpcUrl = gatewayUrl ?? (await proxiedRpcUrl(page, appUrl))
    return await page.evaluate(
      async ({ url, address, ranges, concurrency }) => {
        const started = performance.now()
        let next = 0
        let logs = 0
        const worker = async () => {
          while (next < ranges.length) {
            const range = ranges[next++]!
            const response = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ jsonrpc: '2.0', id: next, method: 'eth_getLogs', params: [{ address, fromBlock: `0x${range.from.toString(16)}`, toBlock: `0x${range.to.toString(16)}` }] }),
            })
            const body = (await response.json()) as { result?: unknown[]; error?: { message: string } }
            if (!body.result) throw new Error(`static range ${range.from}-${range.to}: ${body.error?.message}`)
            logs += body.result.length
          }
        }
        await Promise.all(Array.from({ length: concurrency }, worker))
        return { ms: performance.now() - started, requests: ranges.length, logs }
      },
      { url: rpcUrl, address: scenario.emitter, ranges, concurrency },
    )
  } finally {
    await context.close()
  }
}
