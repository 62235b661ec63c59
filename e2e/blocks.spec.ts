import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { readFixture as readFixtureText } from '../server/testing/fixtures.ts'
import { mineBlocks } from './chain.ts'
import { devAccount, fundTestAccount, gatewayBlockNumber, rpc, rpcUrl, nextFrames, signAndSend, waitForReceipt, watchInFlight } from './helpers.ts'

/**
 * The block pages (/blocks, /block/:id, /block/:id/receipts, /uncle/:id/:index) against the real
 * service. Expected values come from the gateway (asked here), or from server/samples/recordings for the recorded
 * mainnet sample; never from the app's own code.
 */

// The real service, a real browser, and pages that scroll through hundreds of rows: more time than the default.

const readFixture = (name: string) => JSON.parse(readFixtureText(name)) as unknown

type Hex = `0x${string}`
type RpcBlock = Record<string, unknown> & { number: Hex; hash: Hex; parentHash: Hex; gasUsed: Hex; miner: Hex; timestamp: Hex; transactions: Array<Hex | { hash: Hex }>; uncles: Hex[] }
type RpcReceipt = {
  transactionHash: Hex
  transactionIndex: Hex
  blockNumber: Hex
  from: Hex
  to: Hex | null
  contractAddress: Hex | null
  status?: Hex
  root?: Hex
  gasUsed: Hex
  cumulativeGasUsed: Hex
  effectiveGasPrice?: Hex
  logs: unknown[]
  type?: Hex
}

/** A grouped decimal as people read it ("1,234,567"), computed here from the chain's hex. */
const grouped = (hex: Hex | bigint) => BigInt(hex).toLocaleString('en-US')

/** Accounts 10-19 of anvil's dev mnemonic are free for tests; this spec sends from 12. */
const sender = devAccount(12)
const recipient = devAccount(13).address

type Sent = { hash: Hex; receipt: RpcReceipt & { blockHash: Hex }; value: bigint }

/** Signs and sends a 1559 transfer from account 12, and waits for its receipt. */
async function sendTransfer(request: APIRequestContext, url: string, value: bigint): Promise<Sent> {
  await fundTestAccount(request, url, sender.address)
  const hash = await signAndSend(request, url, sender, recipient, value)
  return { hash, receipt: await waitForReceipt<Sent['receipt']>(request, url, hash), value }
}

/** The value behind a shortened or checksummed hash/address on screen. */
async function shownValue(locator: Locator): Promise<string> {
  await expect(locator).toBeVisible()
  return ((await locator.getAttribute('data-value')) ?? '').toLowerCase()
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The parts of a unix time a date on screen must show, in UTC. */
function utcParts(timestamp: Hex): string[] {
  const date = new Date(Number(BigInt(timestamp)) * 1000)
  const two = (value: number) => String(value).padStart(2, '0')
  return [String(date.getUTCFullYear()), `${months[date.getUTCMonth()]} ${date.getUTCDate()}`, `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`, 'UTC']
}

/**
 * Every row of a virtualized table, scrolling the window from top to bottom: for each row (by its
 * data-index), the data-value of each [data-testid] element in it (lowercased), keyed by the test id. Each step
 * scrolls the furthest row found so far to the top of the window, so rows rendered late are never scrolled past
 * unread (a fixed step can outrun a list that has not yet rendered the place scrolled to).
 */
async function collectVirtualRows(page: Page, rowTestId: string, count: number): Promise<Array<Record<string, string>>> {
  const rows = new Map<number, Record<string, string>>()
  await page.evaluate(() => window.scrollTo(0, 0))
  for (let step = 0; step < 400 && rows.size < count; step++) {
    const batch = await page.evaluate((testId) => {
      const found: Array<[number, Record<string, string>]> = []
      let furthest: { index: number; row: Element } | null = null
      for (const row of document.querySelectorAll(`[data-testid="${testId}"][data-index]`)) {
        const values: Record<string, string> = {}
        for (const cell of row.querySelectorAll('[data-testid][data-value]')) values[cell.getAttribute('data-testid')!] = cell.getAttribute('data-value')!.toLowerCase()
        const index = Number(row.getAttribute('data-index'))
        found.push([index, values])
        if (!furthest || index > furthest.index) furthest = { index, row }
      }
      // A list that has not yet rendered past the window leaves the furthest row where it is: no scroll, and
      // the next step reads again once the list has caught up.
      if (furthest) window.scrollBy(0, Math.max(0, furthest.row.getBoundingClientRect().top))
      return found
    }, rowTestId)
    for (const [index, values] of batch) rows.set(index, values)
    // The list renders the rows the scroll brought in by the next frame but one.
    await nextFrames(page)
  }
  expect(rows.size).toBe(count)
  return Array.from({ length: count }, (_, index) => rows.get(index)!)
}

/** The row of the block's transaction table that shows `hash`. */
function txRow(page: Page, hash: Hex): Locator {
  return page.getByTestId('block-tx-row').filter({ has: page.locator(`[data-testid="tx-hash"][data-value="${hash}"]`) })
}

test.describe('block pages on the local devnet', () => {
  let url: string
  let sent: Sent
  let block: RpcBlock

  test.beforeAll(async ({ request }) => {
    url = await rpcUrl(request)
    sent = await sendTransfer(request, url, 123_456_789_000_000_000n)
    const number = sent.receipt.blockNumber
    block = await rpc<RpcBlock>(request, url, 'eth_getBlockByNumber', [number, false])
  })

  test('/block/<n> shows the block of our transaction with the gateway’s exact values', async ({ page }) => {
    const number = BigInt(block.number)
    await page.goto(`/block/${number}`)
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number)}`)

    expect(await shownValue(page.getByTestId('block-hash'))).toBe(block.hash)
    expect(await shownValue(page.getByTestId('block-parent-hash'))).toBe(block.parentHash)
    await expect(page.getByTestId('field-number-raw')).toContainText(block.number)
    await expect(page.getByTestId('field-gasUsed')).toContainText(grouped(block.gasUsed))
    await expect(page.getByTestId('field-gasUsed-raw')).toContainText(block.gasUsed)
    await expect(page.getByTestId('block-tx-count')).toHaveText(String(block.transactions.length))
    await expect(page.getByTestId('block-tx-total')).toContainText(`${block.transactions.length} transaction`)
    expect(await shownValue(page.getByTestId('block-miner'))).toBe(block.miner.toLowerCase())
    await expect(page.getByTestId('field-timestamp-raw')).toContainText(block.timestamp)
    for (const part of utcParts(block.timestamp)) await expect(page.getByTestId('block-timestamp-utc')).toContainText(part)
    await expect(page.getByTestId('block-age')).toHaveText(/^\d+ (s|min \d+ s) ago$/)
    // The transactions come right under the overview; the header's fields wait behind one button.
    await expect(page.getByTestId('block-header-folded')).toBeVisible()
    await expect(page.getByTestId('field-stateRoot')).toHaveCount(0)
    // Polled: the server's first screen is replaced by the app's render once its code runs, and an element
    // measured at that moment is gone (its box null).
    await expect
      .poll(async () => {
        const [transactions, header] = await Promise.all([page.getByTestId('block-transactions').boundingBox(), page.getByTestId('block-header').boundingBox()])
        return transactions && header ? transactions.y < header.y : 'not laid out'
      })
      .toBe(true)
    await page.getByTestId('block-header-toggle').click()
    await expect(page.getByTestId('block-header-toggle')).toHaveAttribute('aria-expanded', 'true')
    // Every field of the spec's table has its row.
    for (const field of ['nonce', 'sha3Uncles', 'logsBloom', 'transactionsRoot', 'stateRoot', 'receiptsRoot', 'difficulty', 'totalDifficulty', 'extraData', 'size', 'gasLimit', 'mixHash', 'uncles', 'baseFeePerGas']) {
      await expect(page.getByTestId(`field-${field}`)).toBeVisible()
    }
    await expect(page.getByTestId('field-baseFeePerGas-raw')).toHaveText(new RegExp(`${block.baseFeePerGas as string}$`))
    await expect(page.getByTestId('field-size-raw')).toContainText(block.size as string)
    // Fields beyond the spec's table that the node sent are under "More fields".
    const listed = new Set(['number', 'hash', 'parentHash', 'nonce', 'sha3Uncles', 'logsBloom', 'transactionsRoot', 'stateRoot', 'receiptsRoot', 'miner', 'difficulty', 'totalDifficulty', 'extraData', 'size', 'gasLimit', 'gasUsed', 'timestamp', 'transactions', 'uncles', 'mixHash', 'baseFeePerGas'])
    const extras = Object.keys(block).filter((key) => !listed.has(key))
    if (extras.length > 0) await expect(page.getByTestId('more-fields')).toBeVisible()
    for (const key of extras) await expect(page.getByTestId(`field-${key}`)).toBeVisible()

    // Our transaction, with status and gas used from the block's receipts.
    await expect(page.getByTestId('block-tx-row')).toHaveCount(block.transactions.length)
    const row = txRow(page, sent.hash)
    await expect(row.getByTestId('tx-status')).toHaveText('Success')
    await expect(row.getByTestId('tx-gas-used')).toHaveAttribute('data-value', BigInt(sent.receipt.gasUsed).toString())
    await expect(row.getByTestId('tx-index')).toHaveAttribute('href', `/block/${number}/tx/${BigInt(sent.receipt.transactionIndex as Hex)}`)
    await expect(row.getByTestId('tx-hash').locator('a')).toHaveAttribute('href', `/tx/${sent.hash}`)

    // Full transaction objects by default: what only they carry (value, type) is in the row.
    await expect(page.getByTestId('tx-details-full')).toHaveAttribute('aria-checked', 'true')
    await expect(row.getByTestId('tx-value')).toHaveAttribute('data-value', sent.value.toString())
    await expect(row.getByTestId('tx-type')).toContainText('EIP-1559')
    expect(await shownValue(row.getByTestId('tx-from'))).toBe(sent.receipt.from.toLowerCase())
    // Hashes only, one click away and linkable: the receipts still give status and gas used, no value.
    await page.getByTestId('tx-details-hashes').click()
    await expect(page).toHaveURL(/[?&]tx=hashes/)
    await expect(page.getByTestId('tx-details-hashes')).toHaveAttribute('aria-checked', 'true')
    const hashRow = txRow(page, sent.hash)
    await expect(hashRow.getByTestId('tx-status')).toHaveText('Success')
    await expect(hashRow.getByTestId('tx-gas-used')).toHaveAttribute('data-value', BigInt(sent.receipt.gasUsed).toString())
    await expect(hashRow.getByTestId('tx-value')).toHaveCount(0)
    await page.getByTestId('tx-details-full').click()
    await expect(page).not.toHaveURL(/[?&]tx=/)
    await expect(page.getByTestId('block-tx-row')).toHaveCount(block.transactions.length)

    // Previous and next.
    await expect(page.getByTestId('page-prev')).toHaveAttribute('href', `/block/${number - 1n}`)
    await page.getByTestId('page-prev').click()
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number - 1n)}`)
    expect(await shownValue(page.getByTestId('block-hash'))).toBe(block.parentHash)
  })

  test('/block/<hash> shows the same block', async ({ page }) => {
    await page.goto(`/block/${block.hash}`)
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(block.number)}`)
    expect(await shownValue(page.getByTestId('block-hash'))).toBe(block.hash)
    expect(await shownValue(page.getByTestId('block-parent-hash'))).toBe(block.parentHash)
    await expect(page.getByTestId('field-gasUsed-raw')).toContainText(block.gasUsed)
    await expect(txRow(page, sent.hash).getByTestId('tx-status')).toHaveText('Success')
    // Links by position name the block as the page does: by its hash.
    await expect(txRow(page, sent.hash).getByTestId('tx-index')).toHaveAttribute('href', `/block/${block.hash}/tx/${BigInt(sent.receipt.transactionIndex as Hex)}`)
  })

  test('a cold block page costs one HTTP POST for block and receipts; a warm one none', async ({ page }) => {
    const posts: string[] = []
    const inFlight = watchInFlight(page)
    // Observation only: nothing is intercepted.
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rpc/')) posts.push(request.postData() ?? '')
    })
    // Start on a page that asks the node nothing, with the live head already arriving over the WebSocket.
    await page.goto('/no-such-page')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    // The network's first use in this browser asks it what it offers (once): that is not the block page's.
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-rules', 'probed')
    await inFlight.settled()
    posts.length = 0

    const number = BigInt(block.number)
    const input = page.getByTestId('search-input')
    await input.fill(String(number))
    await input.press('Enter')
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number)}`)
    await expect(txRow(page, sent.hash).getByTestId('tx-status')).toHaveText('Success')
    // Counted once nothing more is on its way.
    await inFlight.settled()
    expect(posts).toHaveLength(1)
    const batch = JSON.parse(posts[0]!) as Array<{ method: string; params: unknown[] }>
    expect(batch.map((call) => call.method).sort()).toEqual(['eth_getBlockByNumber', 'eth_getBlockReceipts'])
    for (const call of batch) expect(BigInt(call.params[0] as string)).toBe(number)

    // Away and back (client-side): everything is in the cache.
    posts.length = 0
    await page.goBack()
    await expect(page.getByTestId('not-found')).toBeVisible()
    await page.goForward()
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number)}`)
    await expect(txRow(page, sent.hash).getByTestId('tx-status')).toHaveText('Success')
    // Counted once nothing more is on its way.
    await inFlight.settled()
    expect(posts).toHaveLength(0)
  })

  test('an in-app navigation asks for the block and its receipts as it starts, before the page is on screen', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    // The first-use probe asks eth_getBlockReceipts too: done before the navigation is watched.
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-rules', 'probed')
    const number = BigInt(block.number)
    const timing = await page.evaluate(async (to) => {
      // Observation only: fetch is wrapped to note when the block's batch is sent, and calls straight through.
      // (A resource timing entry appears only once its answer is in, too late to say when it left.)
      const requestedAt: number[] = []
      const original = window.fetch
      window.fetch = (input, init) => {
        if (String(init?.body ?? '').includes('eth_getBlockReceipts')) requestedAt.push(performance.now())
        return original(input, init)
      }
      let shownAt = -1
      const observer = new MutationObserver(() => {
        if (shownAt < 0 && document.querySelector('[data-testid="block-page"]')) shownAt = performance.now()
      })
      observer.observe(document.body, { childList: true, subtree: true })
      // As a link click navigates: the URL pushed, the router told.
      history.pushState(history.state, '', to)
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
      while (shownAt < 0) await new Promise((resolve) => setTimeout(resolve, 10))
      observer.disconnect()
      window.fetch = original
      return { shownAt, requestedAt }
    }, `/block/${number}`)
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number)}`)
    expect(timing.requestedAt.length).toBeGreaterThan(0)
    expect(Math.min(...timing.requestedAt)).toBeLessThan(timing.shownAt)
  })

  test('/block/latest follows the head without a reload', async ({ page, request }) => {
    await page.goto('/block/latest')
    await expect(page.getByTestId('block-following')).toBeVisible()
    const shownNumber = async () => BigInt((await page.getByTestId('block-page').getAttribute('data-block-number')) ?? '-1')
    await expect.poll(shownNumber).toBeGreaterThan(0n)
    const first = await shownNumber()
    expect(first).toBeLessThanOrEqual(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber', [])))
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))
    const mined = await mineBlocks(request)
    await expect.poll(shownNumber).toBeGreaterThanOrEqual(BigInt(mined))
    // What is shown is that block, as the gateway has it: number, title and hash read at one instant (the head moves on).
    const shown = await page.evaluate(() => ({
      number: document.querySelector('[data-testid="block-page"]')?.getAttribute('data-block-number'),
      title: document.querySelector('[data-testid="block-title"]')?.textContent,
      hash: document.querySelector('[data-testid="block-hash"]')?.getAttribute('data-value'),
    }))
    const later = BigInt(shown.number!)
    expect(shown.title).toBe(`Block ${grouped(later)}`)
    const expected = await rpc<RpcBlock>(request, url, 'eth_getBlockByNumber', [`0x${later.toString(16)}`, false])
    expect(shown.hash).toBe(expected.hash)
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)
  })

  test('a block number not mined yet is "not found", naming it and the network', async ({ page, request }) => {
    const future = BigInt(await rpc<Hex>(request, url, 'eth_blockNumber', [])) + 100_000n
    await page.goto(`/block/${future}`)
    const panel = page.getByTestId('not-found')
    await expect(panel).toContainText('not found')
    await expect(panel).toContainText(String(future))
    await expect(panel).toContainText(/Local|devnet/i)
    await expect(panel).toContainText('not mined yet')
    // Junk is not a block id, and says so.
    await page.goto('/block/not-a-block')
    await expect(page.getByTestId('not-found')).toContainText('not a block id')
  })

  test('the devnet has no uncles: /uncle/<n>/0 says so clearly', async ({ page }) => {
    const number = BigInt(block.number)
    await page.goto(`/uncle/${number}/0`)
    await expect(page.getByTestId('uncle-not-found')).toContainText('not found')
    await expect(page.getByTestId('uncle-not-found-reason')).toContainText(`no uncle at index 0 of block ${grouped(number)}`)
  })

  test('/block/pending shows the pending block', async ({ page }) => {
    await page.goto('/block/pending')
    await expect(page.getByTestId('block-title')).toHaveText('Pending block')
    await expect(page.getByTestId('block-fields')).toBeVisible()
    await expect(page.getByTestId('block-transactions')).toContainText('no receipts yet')
  })

  test('node unreachable (fault injected by intercepting the gateway): an error panel with retry, then the page', async ({ page }) => {
    const number = BigInt(block.number) - 3n
    await page.route('**/rpc/**', (route) => route.abort('connectionrefused'))
    // Opened from the app (a full load of a block page comes with the server's read of it: firstScreen.ts).
    await page.goto('/no-such-page')
    const input = page.getByTestId('search-input')
    await input.fill(String(number))
    await input.press('Enter')
    await expect(page.getByTestId('error-panel')).toBeVisible()
    await expect(page.getByTestId('error-panel')).toHaveAttribute('data-error-kind', /unreachable|network/)
    await page.unroute('**/rpc/**')
    await page.getByTestId('error-retry').first().click()
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(number)}`)
    await expect(page.getByTestId('block-hash')).toBeVisible()
  })

  test('/blocks lists blocks newest first, 25 a page, with the gateway’s values, and pages back', async ({ page, request }) => {
    // Two full pages need 50 blocks: the service builds its history before it says ready.
    expect(await gatewayBlockNumber(request, url)).toBeGreaterThanOrEqual(50)
    await page.goto('/blocks')
    const rows = page.getByTestId('blocks-row')
    await expect(rows).toHaveCount(25)
    await expect(page.getByTestId('blocks-live')).toBeVisible()
    await expect(page.getByTestId('blocks-table').locator('[data-skeleton]')).toHaveCount(0)
    const numbers = await page.getByTestId('blocks-row-number').evaluateAll((nodes) => nodes.map((node) => BigInt(node.getAttribute('data-value')!)))
    for (let index = 1; index < numbers.length; index++) expect(numbers[index]).toBe(numbers[index - 1]! - 1n)

    // An older page, checked row by row against the gateway.
    await page.getByTestId('blocks-pager-older').click()
    await expect(page).toHaveURL(/\/blocks\?from=\d+$/)
    const top = BigInt(new URL(page.url()).searchParams.get('from')!)
    await expect(rows).toHaveCount(25)
    await expect(page.getByTestId('blocks-table').locator('[data-skeleton]')).toHaveCount(0)
    for (let index = 0; index < 5; index++) {
      const expected = await rpc<RpcBlock>(request, url, 'eth_getBlockByNumber', [`0x${(top - BigInt(index)).toString(16)}`, false])
      const row = rows.nth(index)
      await expect(row.getByTestId('blocks-row-number')).toHaveAttribute('data-value', String(top - BigInt(index)))
      expect(await shownValue(row.getByTestId('blocks-row-hash'))).toBe(expected.hash)
      await expect(row.getByTestId('blocks-row-txs')).toHaveText(String(expected.transactions.length))
      await expect(row.getByTestId('blocks-row-gas')).toHaveText(grouped(expected.gasUsed))
      expect(await shownValue(row.getByTestId('blocks-row-miner'))).toBe(expected.miner.toLowerCase())
    }
    // A row's link opens its block (on this older page, which stands still).
    await rows.nth(2).getByTestId('blocks-row-number').locator('a').click()
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(top - 2n)}`)
    await page.goBack()
    await page.getByTestId('blocks-pager-newer').click()
    await expect(page).toHaveURL(/\/blocks(\?from=\d+)?$/)
    await expect(rows).toHaveCount(25)
  })
})

test.describe('block pages on the recorded mainnet sample', () => {
  const recordedBlock = readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json') as RpcBlock
  const recordedUncle = readFixture('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json') as Record<string, Hex> & { uncles: Hex[] }

  async function expectEveryUncleField(page: Page): Promise<void> {
    await expect(page.getByTestId('uncle-fields')).toBeVisible()
    expect(await shownValue(page.getByTestId('block-hash'))).toBe(recordedUncle.hash)
    expect(await shownValue(page.getByTestId('block-parent-hash'))).toBe(recordedUncle.parentHash)
    expect(await shownValue(page.getByTestId('block-miner'))).toBe(recordedUncle.miner!.toLowerCase())
    for (const field of ['number', 'timestamp', 'gasUsed', 'gasLimit', 'difficulty', 'totalDifficulty', 'size', 'extraData']) {
      await expect(page.getByTestId(`field-${field}-raw`)).toHaveText(new RegExp(`${recordedUncle[field]}$`))
    }
    await expect(page.getByTestId('field-number')).toContainText(grouped(recordedUncle.number!))
    await expect(page.getByTestId('field-gasUsed')).toContainText(grouped(recordedUncle.gasUsed!))
    await expect(page.getByTestId('field-difficulty')).toContainText(grouped(recordedUncle.difficulty!))
    for (const part of utcParts(recordedUncle.timestamp!)) await expect(page.getByTestId('block-timestamp-utc')).toContainText(part)
    // extraData 0x706f6f6c696e2e636f6d is the text "poolin.com".
    await expect(page.getByTestId('block-extra-text')).toContainText('poolin.com')
    for (const field of ['nonce', 'mixHash', 'sha3Uncles', 'stateRoot', 'transactionsRoot', 'receiptsRoot']) {
      expect(await shownValue(page.getByTestId(`field-${field}`).locator('[data-value]').first())).toBe(recordedUncle[field]!.toLowerCase())
    }
    await expect(page.getByTestId('block-logs-bloom')).toHaveText(recordedUncle.logsBloom!)
    await expect(page.getByTestId('field-uncles')).toContainText('none')
    await expect(page.getByTestId('field-transactions')).toHaveCount(0)
  }

  test('/block/9515350 lists its uncle, linking to /uncle/9515350/0', async ({ page }) => {
    await page.goto('/block/9515350?network=mainnet-sample')
    await expect(page.getByTestId('block-title')).toHaveText('Block 9,515,350')
    expect(await shownValue(page.getByTestId('block-hash'))).toBe(recordedBlock.hash)
    await expect(page.getByTestId('uncle-row')).toHaveCount(recordedBlock.uncles.length)
    const link = page.getByTestId('uncle-link').first()
    expect(await shownValue(link)).toBe(recordedBlock.uncles[0])
    await expect(link.locator('a')).toHaveAttribute('href', '/uncle/9515350/0?network=mainnet-sample')
    await link.locator('a').click()
    await expect(page.getByTestId('uncle-title')).toHaveText('Uncle 0 of block 9,515,350')
    await expectEveryUncleField(page)
  })

  test('/uncle/9515350/0 and /uncle/<block hash>/0 show every uncle field of the recording', async ({ page }) => {
    await page.goto('/uncle/9515350/0?network=mainnet-sample')
    await expectEveryUncleField(page)
    await expect(page.getByTestId('uncle-including-block').locator('a')).toHaveAttribute('href', '/block/9515350?network=mainnet-sample')

    await page.goto(`/uncle/${recordedBlock.hash}/0?network=mainnet-sample`)
    await expectEveryUncleField(page)
    await expect(page.getByTestId('uncle-including-block').locator('a')).toHaveAttribute('href', `/block/${recordedBlock.hash}?network=mainnet-sample`)

    await page.goto('/uncle/9515350/1?network=mainnet-sample')
    await expect(page.getByTestId('uncle-not-found-reason')).toContainText('no uncle at index 1 of block 9,515,350')
  })

  test('pre-Byzantium receipts show `root` instead of status', async ({ page }) => {
    const recorded = (readFixture('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json') as Array<{ response: { result: RpcReceipt[] } }>)[0]!.response.result
    await page.goto('/block/0x41b582/receipts?network=mainnet-sample')
    await expect(page.getByTestId('receipts-title')).toHaveText(`Receipts of block ${grouped(0x41b582n)}`)
    await expect(page.getByTestId('receipts-count')).toHaveText(String(recorded.length))
    // Past 100 rows the table is virtualized: all rows are counted, only those in view are in the DOM.
    expect(recorded.length).toBeGreaterThan(100)
    await expect(page.getByTestId('receipts-table').locator('tbody')).toHaveAttribute('data-virtual-count', String(recorded.length))
    expect(await page.getByTestId('receipt-row').count()).toBeLessThan(recorded.length)
    await expect(page.getByTestId('receipt-status')).toHaveCount(0)
    await expect(page.getByTestId('receipts-prebyzantium')).toBeVisible()
    const shown = await collectVirtualRows(page, 'receipt-row', recorded.length)
    for (const [index, receipt] of recorded.entries()) {
      expect(shown[index]).toEqual({
        'receipt-root': receipt.root,
        'receipt-tx': receipt.transactionHash,
        'receipt-index': receipt.transactionIndex,
        'receipt-from': receipt.from.toLowerCase(),
        ...(receipt.to ? { 'receipt-to': receipt.to.toLowerCase() } : { 'receipt-created': receipt.contractAddress!.toLowerCase() }),
        'receipt-gas-used': receipt.gasUsed,
        'receipt-cumulative': receipt.cumulativeGasUsed,
        'receipt-price': receipt.effectiveGasPrice,
        'receipt-logs': String(receipt.logs.length),
        'receipt-type': receipt.type,
      })
    }
  })
})
