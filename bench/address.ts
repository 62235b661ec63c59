import type { Browser } from '@playwright/test'
import { navigateInApp, newBenchContext, TrafficCounter, waitForWatch } from './browser.ts'
import type { BenchScenario } from './scenario.ts'
import { isRpcPath } from './loadFigures.ts'

/**
 * The address page (issue 16): the first page of a busy account's history (ots_searchTransactionsBefore), and the
 * token scan over the whole chain against the best static partition of the same four filters.
 */
export type HistoryVisit = { ms: number; rpcPosts: number; postsBeforeSearch: number; searchPosts: number; methods: Record<string, number> }

/** A cold load of /address/<busy account>: time to the first history row, and how many POSTs went before the search left. */
export async function historyFirstPage(browser: Browser, appUrl: string, scenario: BenchScenario): Promise<HistoryVisit> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    const counter = new TrafficCounter(page)
    // The order the gateway POSTs left in, and which one carried the history search.
    const posts: string[][] = []
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !isRpcPath(new URL(request.url()).pathname)) return
      const body = JSON.parse(request.postData() ?? 'null') as { method: string } | Array<{ method: string }>
      posts.push((Array.isArray(body) ? body : [body]).map((call) => call.method))
    })
    await page.goto(`${appUrl}/address/${scenario.busyAccount}`, { waitUntil: 'commit' })
    const ms = await waitForWatch(page, 'addressHistory', 120_000)
    const traffic = counter.take()
    const index = posts.findIndex((methods) => methods.includes('ots_searchTransactionsBefore'))
    return { ms, rpcPosts: traffic.rpcHttp, postsBeforeSearch: index, searchPosts: posts.filter((methods) => methods.includes('ots_searchTransactionsBefore')).length, methods: traffic.methods }
  } finally {
    await context.close()
  }
}

/** `leftMs`: from the navigation to the scan's POST leaving; `answerMs`: that POST's round trip (node and wire). */
export type TokenScanRun = { ms: number; getLogsCalls: number; posts: number; found: string; leftMs: number; answerMs: number }

/** The address page's token scan over [0, head] for the bench token's holder. */
export async function tokenScanThroughApp(browser: Browser, appUrl: string, scenario: BenchScenario): Promise<TokenScanRun> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    // As the logs item: the page already open (here another address's token tab, with a range that is not one, so
    // the route's code is loaded and no scan runs or shows "done"), then an in-app navigation to the scan: the
    // figure is the scan's, not the app's start-up, as the floor's is.
    await page.goto(`${appUrl}/address/${scenario.busyAccount}?tab=tokens&from=none`)
    await page.getByTestId('token-range-problem').waitFor()
    await page.waitForLoadState('networkidle')
    const counter = new TrafficCounter(page)
    // Where the time goes: when the scan's request leaves and how long its answer takes, on this process's clock.
    let left = 0
    let answered = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('eth_getLogs') && left === 0) left = performance.now()
    })
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && (request.postData() ?? '').includes('eth_getLogs') && answered === 0) answered = performance.now()
    })
    const started = performance.now()
    await navigateInApp(page, `/address/${scenario.token.holder}?tab=tokens&from=0&to=${scenario.head}`, 'tokenScan')
    const ms = await waitForWatch(page, 'tokenScan', 180_000)
    const traffic = counter.take()
    const found = (await page.locator('[data-testid="token-activity"] [data-testid="logs-found"]').textContent()) ?? ''
    return { ms, getLogsCalls: traffic.methods.eth_getLogs ?? 0, posts: traffic.rpcHttp, found, leftMs: left - started, answerMs: answered - left }
  } finally {
    await context.close()
  }
}

/**
 * The floor: with every log's place known, the best static partition of [0, head] is one range per filter (1,000
 * logs is under the 10,000 limit), the four sent together from the same page, parsed, and nothing else.
 */
export async function tokenScanStatic(browser: Browser, appUrl: string, rpcUrl: string, scenario: BenchScenario): Promise<{ ms: number; requests: number; logs: number }> {
  const context = await newBenchContext(browser)
  try {
    const page = await context.newPage()
    await page.goto(`${appUrl}/logs`)
    await page.getByTestId('logs-form').waitFor()
    return await page.evaluate(
      async ({ url, holder, head }) => {
        const who = `0x${'0'.repeat(24)}${holder.slice(2).toLowerCase()}`
        const transfer = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
        const erc1155 = ['0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62', '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb']
        const filters = [[transfer, who], [transfer, null, who], [erc1155, null, who], [erc1155, null, null, who]]
        const started = performance.now()
        const body = filters.map((topics, id) => ({ jsonrpc: '2.0', id, method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: `0x${head.toString(16)}`, topics }] }))
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        const answers = (await response.json()) as Array<{ result?: unknown[] }>
        const logs = answers.reduce((sum, answer) => sum + (answer.result?.length ?? 0), 0)
        return { ms: performance.now() - started, requests: filters.length, logs }
      },
      { url: rpcUrl, holder: scenario.token.holder, head: scenario.head },
    )
  } finally {
    await context.close()
  }
}
