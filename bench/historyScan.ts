import type { Browser, Page } from '@playwright/test'
import { navigateInApp, newBenchContext, proxiedRpcUrl, waitForWatch } from './browser.ts'
import type { BenchScenario } from './scenario.ts'

/**
 * Issue 42's address history on a node without ots_*: the address page's block-by-block scan (src/history/
 * blockScanHistory.ts) over the last 10,000 blocks of the bench chain for the busy account, against a static
 * partition of the same calls from a page of the same origin: the same windows of eth_getBlockByNumber(n, true)
 * one after the other, then the found transactions' receipts in batches of the same size. The floor knows
 * which receipts to ask for (found once beforehand, untimed); the scan finds out.
 *
 * The bench's node serves ots_*: its ots_getApiLevel is answered -32601 for the page (injected, the one
 * request that asks it; the route is removed before the scan, so no request of the scan is intercepted).
 */
export type HistoryScanRun = { ms: number }

/** The last 10,000 blocks up to the head, as the page covers them (history/blockScanHistory.ts historyScanRange). */
const scanRange = (head: number) => ({ from: Math.max(0, head - 9_999), to: head })

async function refuseOtsOnce(page: Page, rpcUrl: string): Promise<void> {
  await page.route(rpcUrl, async (route) => {
    const sent = [JSON.parse(route.request().postData() ?? 'null') as { id: number; method: string }].flat()
    if (!sent.some((call) => call.method === 'ots_getApiLevel')) return route.continue()
    const response = await route.fetch()
    const answers = [(await response.json()) as { id: number }].flat()
    const refused = answers.map((answer) => (sent.find((call) => call.id === answer.id)?.method === 'ots_getApiLevel' ? { jsonrpc: '2.0', id: answer.id, error: { code: -32601, message: 'the method ots_getApiLevel does not exist/is not available' } } : answer))
    await route.fulfill({ response, json: Array.isArray(JSON.parse(route.request().postData() ?? 'null')) ? refused : refused[0] })
  })
}

export async function historyScanThroughApp(browser: Browser, appUrl: string, scenario: BenchScenario): Promise<HistoryScanRun> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const rpcUrl = await proxiedRpcUrl(page, appUrl)
    await refuseOtsOnce(page, rpcUrl)
    // Another address's token tab first (a range that is not one: nothing scans): the route's code is loaded and
    // the node's lack of ots_* known, as the token scan item does; then an in-app navigation to the history.
    await page.goto(`${appUrl}/address/${scenario.token.holder}?tab=tokens&from=none`)
    await page.getByTestId('token-range-problem').waitFor()
    await page.waitForLoadState('networkidle')
    await page.unroute(rpcUrl)
    await navigateInApp(page, `/address/${scenario.busyAccount}`, 'historyScan')
    return { ms: await waitForWatch(page, 'historyScan', 180_000) }
  } finally {
    await context.close()
  }
}

/** The busy account's transactions in the range, read once (untimed) for the floor's receipts. */
export async function historyScanFound(browser: Browser, appUrl: string, scenario: BenchScenario): Promise<string[]> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const url = await proxiedRpcUrl(page, appUrl)
    const { from, to } = scanRange(scenario.head)
    const found: string[] = []
    for (let top = to; top >= from; top -= 500) {
      const calls = []
      for (let number = top; number > top - 500 && number >= from; number--) calls.push({ jsonrpc: '2.0', id: calls.length, method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, true] })
      const answers = (await (await page.request.post(url, { data: calls })).json()) as Array<{ result: { transactions: Array<{ hash: string; from: string; to: string | null }> } }>
      for (const { result } of answers) for (const tx of result.transactions) if (tx.from.toLowerCase() === scenario.busyAccount.toLowerCase() || tx.to?.toLowerCase() === scenario.busyAccount.toLowerCase()) found.push(tx.hash)
    }
    return found
  } finally {
    await context.close()
  }
}

export async function historyScanStatic(browser: Browser, appUrl: string, scenario: BenchScenario, window: number, found: readonly string[]): Promise<HistoryScanRun> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const url = await proxiedRpcUrl(page, appUrl)
    await page.goto(`${appUrl}/logs`)
    await page.getByTestId('logs-form').waitFor()
    return await page.evaluate(
      async ({ url, from, to, window, found }) => {
        const post = async (calls: Array<{ method: string; params: unknown[] }>) => {
          const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))) })
          const answers = (await response.json()) as Array<{ result?: unknown }>
          if (answers.length !== calls.length || answers.some((answer) => answer.result === undefined)) throw new Error('the static partition got an incomplete answer')
        }
        const started = performance.now()
        for (let top = to; top >= from; top -= window) {
          const calls = []
          for (let number = top; number > top - window && number >= from; number--) calls.push({ method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, true] })
          await post(calls)
        }
        for (let at = 0; at < found.length; at += window) await post(found.slice(at, at + window).map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })))
        return { ms: performance.now() - started }
      },
      { url, ...scanRange(scenario.head), window, found: [...found] },
    )
  } finally {
    await context.close()
  }
}
