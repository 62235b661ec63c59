import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test'
import { encodeFunctionData, keccak256, parseAbi, parseEther, toBytes, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { gatewayBlockNumber, rpcUrl } from './helpers.ts'

/**
 * The logs explorer against the real local service: the gateway's real -32005 refusals, the demo
 * scenario's LogEmitter (12,500 Tick logs), logs this suite emits itself from dev accounts 10-19, and the
 * gateway's eth_subscribe `logs`. Expected values come from the chain (eth_getLogs in the test) or the
 * data dir's scenario.json, never from the app.
 */

type Scenario = { contracts: { emitter: Hex }; emitter: { signature: string; logsTotal: number } }
type Log = { blockNumber: Hex; blockHash: Hex; logIndex: Hex; transactionHash: Hex; topics: Hex[]; data: Hex }
type Receipt = { status: Hex; blockNumber: Hex; blockHash: Hex; logs: Log[] }

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
// Topic 0 of `event Tick(uint256 indexed counter, uint256 batch)`: keccak-256 of its canonical signature.
const tickTopic = keccak256(toBytes('Tick(uint256,uint256)'))
const tickEvent = 'event Tick(uint256 indexed counter, uint256 batch)'
const mnemonic = 'test test test test test test test test test test test junk'

async function rpc<T>(request: APIRequestContext, url: string, method: string, params: unknown[]): Promise<{ result?: T; error?: { code: number; message: string } }> {
  const response = await request.post(url, { data: { jsonrpc: '2.0', id: 1, method, params } })
  return (await response.json()) as { result?: T; error?: { code: number; message: string } }
}

async function result<T>(request: APIRequestContext, url: string, method: string, params: unknown[]): Promise<T> {
  const reply = await rpc<T>(request, url, method, params)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

/** Signs with dev account `index` and sends through the gateway; resolves with the mined receipt. */
async function send(request: APIRequestContext, url: string, index: number, tx: { to: Hex; data?: Hex; value?: bigint; gas: bigint }): Promise<Receipt> {
  const account = mnemonicToAccount(mnemonic, { addressIndex: index })
  const [chainId, nonce, block] = await Promise.all([
    result<Hex>(request, url, 'eth_chainId', []),
    result<Hex>(request, url, 'eth_getTransactionCount', [account.address, 'pending']),
    result<{ baseFeePerGas: Hex }>(request, url, 'eth_getBlockByNumber', ['latest', false]),
  ])
  const tip = 1_000_000_000n
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: Number(chainId),
    nonce: Number(nonce),
    to: tx.to,
    data: tx.data,
    value: tx.value ?? 0n,
    gas: tx.gas,
    maxPriorityFeePerGas: tip,
    maxFeePerGas: BigInt(block.baseFeePerGas) * 2n + tip,
  })
  const hash = await result<Hex>(request, url, 'eth_sendRawTransaction', [raw])
  await expect.poll(async () => (await rpc<Receipt | null>(request, url, 'eth_getTransactionReceipt', [hash])).result ?? null).not.toBeNull()
  const receipt = (await result<Receipt>(request, url, 'eth_getTransactionReceipt', [hash]))!
  expect(receipt.status).toBe('0x1')
  return receipt
}

/**
 * anvil funds only its first ten dev accounts, and accounts 10-19 (the ones tests may use) start empty; the
 * deployer (account 0) is idle once the scenario is deployed, so it tops up the test account with ETH for
 * gas — ETH only: no token, NFT or emitter state the scenario records is touched.
 */
async function funded(request: APIRequestContext, url: string, index: number): Promise<void> {
  const address = mnemonicToAccount(mnemonic, { addressIndex: index }).address
  const balance = BigInt(await result<Hex>(request, url, 'eth_getBalance', [address, 'latest']))
  if (balance >= parseEther('0.5')) return
  await send(request, url, 0, { to: address, value: parseEther('1'), gas: 21_000n })
}

const emitterAbi = parseAbi(['function emitMany(uint256 n)'])

/** LogEmitter.emitMany(n) from test account 12: anyone may call it; each call logs n Ticks. */
async function emitTicks(request: APIRequestContext, url: string, n: number): Promise<Receipt> {
  await funded(request, url, 12)
  return send(request, url, 12, { to: scenario().contracts.emitter, data: encodeFunctionData({ abi: emitterAbi, functionName: 'emitMany', args: [BigInt(n)] }), gas: 300_000n })
}

/** Every eth_getLogs the page sends, as filter objects (a batch counts each of its calls). */
function watchGetLogs(page: Page): Array<Record<string, unknown>> {
  const seen: Array<Record<string, unknown>> = []
  page.on('request', (sent) => {
    const body = sent.postData()
    if (!body || !body.includes('eth_getLogs')) return
    const parsed = JSON.parse(body) as { method: string; params: unknown[] } | Array<{ method: string; params: unknown[] }>
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) if (call.method === 'eth_getLogs') seen.push(call.params[0] as Record<string, unknown>)
  })
  return seen
}

/**
 * Lets the first eth_getLogs request through and holds every later one until the returned release is called
 * (which removes every route of the page):
 * a scan of the demo chain can end within the time a screenshot takes, and a picture of it running needs it
 * to still run. Nothing is answered differently, only later.
 */
async function holdGetLogsAfterFirst(page: Page): Promise<{ requested: () => number; release: () => Promise<void> }> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let passed = 0
  const handler = async (route: Route) => {
    if (!(route.request().postData() ?? '').includes('"eth_getLogs"')) return route.continue()
    if (passed++ > 0) await held
    // The page may have given the request up meanwhile (Cancel aborts it): then there is nothing to continue.
    await route.continue().catch(() => {})
  }
  await page.route('**/rpc/**', handler)
  return {
    requested: () => passed,
    release: async () => {
      release()
      // Held requests go on as they are; the route is removed once they have.
      await page.unrouteAll({ behavior: 'wait' })
    },
  }
}

/** Records what the progress panel shows, every animation frame, from the moment the page loads. */
async function recordProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ phase: string | null; found: string; covered: string }> = []
    ;(window as unknown as { progressSeen: typeof seen }).progressSeen = seen
    const look = () => {
      const state = document.querySelector('[data-testid="logs-progress-state"]')
      if (state) {
        const entry = { phase: state.getAttribute('data-phase'), found: document.querySelector('[data-testid="logs-found"]')?.textContent ?? '', covered: document.querySelector('[data-testid="logs-blocks-covered"]')?.textContent ?? '' }
        const last = seen.at(-1)
        if (!last || last.phase !== entry.phase || last.found !== entry.found || last.covered !== entry.covered) seen.push(entry)
      }
      requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })
}

const number = (text: string) => Number(text.replace(/[^\d]/g, ''))
const word = (value: bigint | number) => `0x${BigInt(value).toString(16).padStart(64, '0')}`

async function waitForPhase(page: Page, phase: string, timeout = 10_000): Promise<void> {
  await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', phase, { timeout })
}

test.describe('logs explorer', () => {
  test('a query over the whole demo chain meets -32005 and ends with every one of the emitter’s logs, with progress while it runs', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts, emitter } = scenario()
    // The gateway refuses the whole range in one request: the page has to split it.
    const whole = await rpc(request, url, 'eth_getLogs', [{ address: contracts.emitter, fromBlock: '0x0', toBlock: 'latest' }])
    expect(whole.error).toMatchObject({ code: -32005, message: 'query returned more than 10000 results' })

    await recordProgress(page)
    const sent = watchGetLogs(page)
    await page.goto(`/logs?address=${contracts.emitter}&fromBlock=0&toBlock=latest&events=${encodeURIComponent(tickEvent)}`)
    await waitForPhase(page, 'done')

    await expect(page.getByTestId('logs-count')).toHaveText(`${emitter.logsTotal.toLocaleString('en-US')} logs`)
    await expect(page.getByTestId('logs-count')).toHaveAttribute('data-count', String(emitter.logsTotal))
    await expect(page.getByTestId('logs-progress-bar')).toHaveAttribute('aria-valuenow', '100')
    expect(number((await page.getByTestId('logs-requests').textContent()) ?? '')).toBeGreaterThan(1)
    // Every window asked for the emitter alone, and more than one was needed.
    expect(sent.length).toBeGreaterThan(1)
    expect(sent.every((filter) => String(filter.address).toLowerCase() === contracts.emitter.toLowerCase())).toBe(true)

    // Progress was on screen while it ran: a running state with some but not all logs found.
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: Array<{ phase: string; found: string; covered: string }> }).progressSeen)
    const running = seen.filter((entry) => entry.phase === 'scanning')
    expect(running.length).toBeGreaterThan(1)
    const partway = (entry: { found: string; covered: string }) => {
      const [covered, total] = entry.covered.split(' of ').map(number)
      return (covered! > 0 && covered! < total!) || (number(entry.found) > 0 && number(entry.found) < emitter.logsTotal)
    }
    expect(running.some(partway), JSON.stringify(seen)).toBe(true)

    // A virtualized table: 12,500 rows, a few dozen in the DOM; in block order, counters 0, 1, 2, … to the last.
    const rows = page.getByTestId('log-row')
    expect(await rows.count()).toBeLessThan(120)
    await expect(rows.first().getByTestId('log-topic-1')).toHaveAttribute('data-value', word(0))
    await expect(rows.first().getByTestId('log-event')).toHaveText('Tick')
    await expect(rows.nth(1).getByTestId('log-arg-counter')).toHaveAttribute('data-value', '1')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(rows.last().getByTestId('log-topic-1')).toHaveAttribute('data-value', word(emitter.logsTotal - 1))
  })

  test('a topic query over one block finds exactly the logs this test emitted, with the counters the chain returns', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts } = scenario()
    const receipt = await emitTicks(request, url, 3)
    expect(receipt.logs).toHaveLength(3)
    const fromChain = await result<Log[]>(request, url, 'eth_getLogs', [{ address: contracts.emitter, topics: [tickTopic], fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber }])
    expect(fromChain).toHaveLength(3)
    const block = Number(BigInt(receipt.blockNumber))

    // Through the form, as a user would: the URL then holds the filter.
    await page.goto('/logs')
    await expect(page.getByTestId('logs-welcome')).toBeVisible()
    await page.getByTestId('logs-field-address').fill(contracts.emitter)
    await page.getByTestId('logs-field-topic0').fill(tickTopic)
    await page.getByTestId('logs-field-fromBlock').fill(String(block))
    await page.getByTestId('logs-field-toBlock').fill(String(block))
    await page.getByTestId('logs-submit').click()
    await expect(page).toHaveURL(new RegExp(`/logs\\?address=${contracts.emitter}&topic0=${tickTopic}&fromBlock=${block}&toBlock=${block}$`))
    await waitForPhase(page, 'done')

    await expect(page.getByTestId('logs-count')).toHaveText('3 logs')
    const rows = page.getByTestId('log-row')
    await expect(rows).toHaveCount(3)
    for (const [index, log] of fromChain.entries()) {
      const row = rows.nth(index)
      await expect(row.getByTestId('log-topic-1')).toHaveAttribute('data-value', log.topics[1]!)
      await expect(row.getByTestId('log-block')).toHaveAttribute('data-value', String(block))
      await expect(row.getByTestId('log-index')).toHaveText(String(Number(BigInt(log.logIndex))))
      await expect(row.locator(`a[href^="/tx/${log.transactionHash}"]`)).toBeVisible()
    }

    // An event signature in topic 0 means its hash; opening the URL runs it at once (a bookmark works).
    await page.goto(`/logs?address=${contracts.emitter}&topic0=${encodeURIComponent('Tick(uint256,uint256)')}&blockHash=${receipt.blockHash}`)
    await waitForPhase(page, 'done')
    await expect(page.getByTestId('logs-count')).toHaveText('3 logs')
    await expect(page.getByTestId('log-row').first().getByTestId('log-topic-1')).toHaveAttribute('data-value', fromChain[0]!.topics[1]!)
  })

  test('blockHash together with fromBlock: the form says why, and such a URL shows the explanation instead of querying', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const head = await result<{ hash: Hex; number: Hex }>(request, url, 'eth_getBlockByNumber', ['latest', false])
    const sent = watchGetLogs(page)

    await page.goto(`/logs?fromBlock=1&blockHash=${head.hash}`)
    await expect(page.getByTestId('logs-url-conflict')).toContainText('block range and a block hash at once')
    await expect(page.getByTestId('logs-url-conflict')).toContainText('never both')
    await expect(page.getByTestId('logs-range-conflict')).toBeVisible()
    await expect(page.getByTestId('logs-progress')).toHaveCount(0)
    await expect(page.getByTestId('logs-submit')).toBeDisabled()

    await page.goto('/logs')
    await page.getByTestId('logs-field-blockHash').fill(head.hash)
    await expect(page.getByTestId('logs-range-conflict')).toHaveCount(0)
    await page.getByTestId('logs-field-fromBlock').fill('1')
    await expect(page.getByTestId('logs-range-conflict')).toContainText('blockHash already names exactly one block')
    await expect(page.getByTestId('logs-submit')).toBeDisabled()
    await page.getByTestId('logs-field-fromBlock').fill('')
    await expect(page.getByTestId('logs-range-conflict')).toHaveCount(0)
    await expect(page.getByTestId('logs-submit')).toBeEnabled()
    expect(sent).toHaveLength(0)
  })

  test('follow mode appends a log live when the test emits one', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts } = scenario()
    const from = await gatewayBlockNumber(request, url)
    await page.goto(`/logs?address=${contracts.emitter}&topic0=${tickTopic}&fromBlock=${from}&follow=1`)
    await waitForPhase(page, 'done')
    await expect(page.getByTestId('logs-follow')).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByTestId('logs-follow')).toHaveAttribute('data-state', 'live')
    const before = Number(await page.getByTestId('logs-count').getAttribute('data-count'))

    const receipt = await emitTicks(request, url, 1)
    const emitted = receipt.logs[0]!
    const row = page.getByTestId('log-row').filter({ has: page.locator(`[data-testid="log-topic-1"][data-value="${emitted.topics[1]}"]`) })
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('log-live')).toBeVisible()
    await expect(row.getByTestId('log-block')).toHaveAttribute('data-value', String(Number(BigInt(emitted.blockNumber))))
    await expect(page.getByTestId('logs-count')).toHaveAttribute('data-count', String(before + 1))
    // Still the same page: nothing reloaded, and the search did not run again.
    await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')

    // Off: no more live rows.
    await page.getByTestId('logs-follow').click()
    await expect(page.getByTestId('logs-follow')).toHaveAttribute('aria-checked', 'false')
    await expect(page).not.toHaveURL(/follow=1/)
  })

  test('CSV and JSON export download every log found: CSV lines = logs + 1', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const to = await gatewayBlockNumber(request, url)
    const transfer = keccak256(toBytes('Transfer(address,address,uint256)'))
    const fromChain = await result<Log[]>(request, url, 'eth_getLogs', [{ topics: [transfer], fromBlock: '0x0', toBlock: `0x${to.toString(16)}` }])
    expect(fromChain.length).toBeGreaterThan(0)

    await page.goto(`/logs?topic0=${transfer}&fromBlock=0&toBlock=${to}`)
    await waitForPhase(page, 'done')
    await expect(page.getByTestId('logs-count')).toHaveAttribute('data-count', String(fromChain.length))

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('logs-export-csv').click()])
    expect(csv.suggestedFilename()).toMatch(/^logs-devnet-blocks-0-\d+\.csv$/)
    const text = fs.readFileSync((await csv.path())!, 'utf8')
    const lines = text.split('\n').filter((line) => line !== '')
    expect(lines).toHaveLength(fromChain.length + 1)
    expect(lines[0]).toMatch(/^blockNumber,blockHash,transactionHash,/)
    // In block order, the same logs as the chain's answer (transaction hash and log index).
    expect(lines.slice(1).map((line) => line.split(',').slice(2, 5).filter((_, i) => i !== 1).join(':'))).toEqual(fromChain.map((log) => `${log.transactionHash}:${Number(BigInt(log.logIndex))}`))

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('logs-export-json').click()])
    const items = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as Array<Log & { decoded?: { event: string } }>
    expect(items).toHaveLength(fromChain.length)
    expect(items.map((item) => item.blockHash + item.logIndex)).toEqual(fromChain.map((log) => log.blockHash + log.logIndex))
    expect(items.filter((item) => item.decoded?.event === 'Transfer').length).toBe(items.length)
  })

  test('a fromBlock past the head with toBlock at latest: nothing to search, and the hint moves only fromBlock', async ({ page, request }) => {
    // Other tests may mine meanwhile: the head the page resolved is between the one before and the one after.
    const before = await gatewayBlockNumber(request, await rpcUrl(request))
    await page.goto('/logs?fromBlock=99999999&toBlock=latest')
    await waitForPhase(page, 'failed')
    const after = await gatewayBlockNumber(request, await rpcUrl(request))
    const panel = page.getByTestId('error-panel')
    await expect(panel.getByTestId('error-title')).toHaveText('Nothing to search')
    const detail = (await panel.getByTestId('error-detail').textContent()) ?? ''
    const head = Number(/^fromBlock 99999999 is after toBlock (\d+) \(latest\): nothing to search$/.exec(detail)?.[1] ?? NaN)
    expect(head).toBeGreaterThanOrEqual(before)
    expect(head).toBeLessThanOrEqual(after)
    await expect(panel).toContainText(`toBlock is latest, block ${head} now: pick a fromBlock at or below it.`)
    await expect(panel).not.toContainText('leave toBlock at latest')
  })

  test('past the cap the search stops with a message; Cancel stops every request (fault injected: eth_getLogs after the first held, so the scan is still running when Cancel lands)', async ({ page }) => {
    const { contracts } = scenario()
    await page.goto(`/logs?address=${contracts.emitter}&fromBlock=0&toBlock=latest&cap=5000`)
    await waitForPhase(page, 'done')
    await expect(page.getByTestId('logs-cap-notice')).toContainText('Stopped at 5,000 logs')
    await expect(page.getByTestId('logs-count')).toHaveText('5,000 logs')
    await expect(page.getByTestId('log-row').first().getByTestId('log-topic-1')).toHaveAttribute('data-value', word(0))

    const sent = watchGetLogs(page)
    // Without the hold, a scan of the demo chain can finish before the click lands.
    const hold = await holdGetLogsAfterFirst(page)
    try {
      await page.goto(`/logs?address=${contracts.emitter}&fromBlock=earliest&toBlock=latest`)
      await waitForPhase(page, 'scanning')
      await expect.poll(hold.requested).toBeGreaterThan(1)
      await page.getByTestId('logs-cancel').click()
      await waitForPhase(page, 'cancelled', 5_000)
      await expect(page.getByTestId('logs-cancelled-notice')).toContainText('every request was stopped')
      // Cancelled: whatever was split was not all read again, and the page does not say it was.
      await expect(page.getByTestId('logs-progress-state')).not.toContainText('read again')
    } finally {
      await hold.release()
    }
    const afterCancel = sent.length
    // The suite's one sleep: "nothing more is sent" has no event to wait for, only a span to watch; the
    // scan sends a wave at least every few hundred milliseconds, so a cancel that missed one shows here.
    await page.waitForTimeout(2_000)
    expect(sent.length).toBe(afterCancel)
    await expect(page.getByTestId('logs-progress-status')).toHaveText('Cancelled')
  })
})
