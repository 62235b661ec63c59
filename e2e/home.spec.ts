import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { formatEther, formatGwei, getAddress, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mineBlocks } from './chain.ts'
import { devAccount, fundTestAccount, gatewayBlockNumber, openHome, rpc, rpcUrl, sendSigned, shownHead, signAndSend, waitForReceipt } from './helpers.ts'

test.describe('home page', () => {
  test('the head number appears, matches the gateway, and grows live without a reload', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')

    // The chain stands still until a test mines (no other live spec runs beside this one): the head shown is the gateway's.
    await expect.poll(() => shownHead(page)).toBe(await gatewayBlockNumber(request, url))

    // A marker on window would vanish with a reload.
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))
    const mined = await mineBlocks(request)
    await expect.poll(() => shownHead(page)).toBe(mined)
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)

    await expect(page.getByTestId('head-hash')).toContainText(/0x[0-9a-f]{64}/)
    await expect(page.getByTestId('head-gas-used')).toContainText(/^[\d,]+\s*of [\d,]+/)
    await expect(page.getByTestId('head-timestamp')).toContainText(/\d{2}:\d{2}:\d{2}/)
    await expect(page.getByTestId('head-age')).toHaveText(/^\d+ s ago$/)
  })

  test('the theme switch changes the theme and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await openHome(page)
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-system')).toHaveAttribute('aria-checked', 'true')

    await page.getByTestId('theme-dark').click()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')
    const darkBackground = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)

    await page.reload()
    await expect(html).toHaveClass(/\bdark\b/)
    await expect(page.getByTestId('theme-dark')).toHaveAttribute('aria-checked', 'true')

    await page.getByTestId('theme-light').click()
    await expect(html).not.toHaveClass(/\bdark\b/)
    // Polled: the style is recomputed after the class changes, not always within the same frame.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(darkBackground)
    await page.reload()
    await expect(html).not.toHaveClass(/\bdark\b/)

    // "System" follows the operating system's preference (the stylesheet's, with no class on <html>).
    await page.getByTestId('theme-system').click()
    await expect(html).not.toHaveClass(/\b(dark|light)\b/)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(darkBackground)
  })
})

// ---------------------------------------------------------------------------------------------------------
// The live lists, the chart and the navigation

/** Accounts 10-19 are the tests' (0-4 scenario, 5-9 traffic); this file sends from 11. */
const sender = devAccount(11)

type Receipt = { blockNumber: Hex; status: Hex }

/** A transfer from account 11 (topped up first when it runs low), with its receipt. */
async function sendTransfer(request: APIRequestContext, url: string, to: Address, value: bigint) {
  await fundTestAccount(request, url, sender.address)
  // Mined at once, alone in its block (no block time, no traffic): the list's first row.
  const hash = await signAndSend(request, url, sender, to, value)
  return { hash, from: sender.address, receipt: await waitForReceipt<Receipt>(request, url, hash) }
}

type SeenTransactionRow = { from: string; to: string; value: string; block: string; type: string }

/** Records every transaction row the list shows from now on (by hash), as it reads at that moment. */
async function recordTransactionRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, SeenTransactionRow> = {}
    const text = (row: Element, id: string) => row.querySelector(`[data-testid="${id}"]`)
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="transaction-row"]')) {
        const hash = row.getAttribute('data-hash')!
        seen[hash] ??= {
          from: text(row, 'transaction-row-from')?.getAttribute('data-value') ?? '',
          to: text(row, 'transaction-row-to')?.getAttribute('data-value') ?? text(row, 'transaction-row-to')?.textContent ?? '',
          value: text(row, 'transaction-row-value')?.textContent ?? '',
          block: text(row, 'transaction-row-block')?.textContent ?? '',
          type: text(row, 'transaction-row-type')?.textContent ?? '',
        }
      }
    }
    record()
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true })
    ;(window as unknown as { seenTransactionRows: typeof seen }).seenTransactionRows = seen
  })
}

test.describe('home page, live lists', () => {
  test('a transfer we send appears in the latest transactions, with no reload, with its exact values', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    await recordTransactionRows(page)
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))

    const to = privateKeyToAccount(generatePrivateKey()).address
    const value = 123_456_000_000_000_000n
    const sent = await sendTransfer(request, url, to, value)
    expect(sent.receipt.status).toBe('0x1')

    const seen = () => page.evaluate((hash) => (window as unknown as { seenTransactionRows: Record<string, SeenTransactionRow> }).seenTransactionRows[hash.toLowerCase()] ?? null, sent.hash)
    try {
      await expect.poll(seen).not.toBeNull()
    } catch (error) {
      // Which blocks the list did show, to tell a list that stood still from one that went past the transfer.
      const shownBlocks = await page.evaluate(() => [...new Set(Object.values((window as unknown as { seenTransactionRows: Record<string, SeenTransactionRow> }).seenTransactionRows).map((row) => row.block))])
      throw new Error(`the transfer (block ${BigInt(sent.receipt.blockNumber)}) never showed; the list showed blocks ${shownBlocks.join(', ')}`, { cause: error })
    }
    const row = (await seen())!
    expect(row.from).toBe(getAddress(sent.from))
    expect(row.to).toBe(getAddress(to))
    expect(row.value).toBe(`${formatEther(value)} ETH`)
    expect(Number(row.block.replace(/[^\d]/g, ''))).toBe(Number(BigInt(sent.receipt.blockNumber)))
    expect(row.type).toBe('EIP-1559')
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)
  })

  test('a transaction that failed is marked Failed in the latest transactions; one that succeeded is not marked', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const from = devAccount(8)
    await fundTestAccount(request, url, from.address)
    // A contract whose code is PUSH1 0 PUSH1 0 REVERT: any call to it fails.
    const creation = await sendSigned(request, url, from, { data: '0x6005600c60003960056000f360006000fd', gas: 100_000n })
    const created = await waitForReceipt<{ contractAddress: Hex; status: Hex }>(request, url, creation)
    await openHome(page)
    const failed = await sendSigned(request, url, from, { to: created.contractAddress, gas: 50_000n })
    expect((await waitForReceipt<{ status: Hex }>(request, url, failed)).status).toBe('0x0')
    const row = page.locator(`[data-testid="transaction-row"][data-hash="${failed}"]`)
    await expect(row.getByTestId('transaction-row-failed')).toHaveText('Failed')
    // The creation before it succeeded: listed, not marked.
    expect(created.status).toBe('0x1')
    const succeeded = page.locator(`[data-testid="transaction-row"][data-hash="${creation}"]`)
    await expect(succeeded).toBeVisible()
    await expect(succeeded.getByTestId('transaction-row-failed')).toHaveCount(0)
  })

  test('the gas chart is described for screen readers, follows the keyboard and the pointer, and its table matches the chain', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    const chart = page.getByTestId('gas-chart')
    await expect(chart.getByRole('img')).toHaveAccessibleName(/^Gas used and base fee, blocks [\d,]+ to [\d,]+/)
    await expect(chart.getByRole('img')).toHaveAccessibleDescription(/gas used as a share of the gas limit.*base fee/i)

    // The base-fee axis speaks one unit at both ends (when the fee moved at all in the window).
    const axisEnds = await Promise.all(['fee-axis-high', 'fee-axis-low'].map(async (id) => (await page.getByTestId(id).count()) > 0 ? ((await page.getByTestId(id).textContent()) ?? '').split(' ').at(-1) : null))
    expect(axisEnds[0]).toBe(axisEnds[1])

    // Arrow keys: the readout follows the block looked at; End goes back to following the newest.
    const readoutBlock = async () => Number(((await page.getByTestId('gas-chart-readout').textContent()) ?? '').match(/Block\s*([\d,]+)/)![1]!.replace(/,/g, ''))
    await chart.focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    const looked = await readoutBlock()
    await page.keyboard.press('ArrowRight')
    expect(await readoutBlock()).toBe(looked + 1)
    // The block looked at stays put while new blocks arrive.
    const mined = await mineBlocks(request, 4)
    await expect.poll(async () => Number(await page.getByTestId('block-row').first().getAttribute('data-number'))).toBe(mined)
    expect(await readoutBlock()).toBe(looked + 1)
    await page.keyboard.press('End')
    await expect(page.getByTestId('gas-chart-readout')).toContainText('latest')

    // The pointer: the block under it is read out and its bar drawn as looked at; leaving, the newest. The block
    // looked at stays the same block while new ones push it left, so what is checked is one
    // snapshot: the drawn bar sits in that block's slot, a few slots at most left of where the pointer was.
    const slots = Number(((await page.getByTestId('gas-chart-panel').textContent()) ?? '').match(/last (\d+) blocks/)![1])
    const plot = (await chart.boundingBox())!
    const pointerSlot = Math.floor(slots * 0.61)
    await page.mouse.move(plot.x + (plot.width * (pointerSlot + 0.5)) / slots, plot.y + plot.height / 2)
    await expect(page.getByTestId('gas-chart-readout')).not.toContainText('latest')
    const seen = await chart.evaluate((element, count) => {
      const box = element.getBoundingClientRect()
      const bar = element.querySelector('[data-testid="gas-chart-bar-shown"]')!.getBoundingClientRect()
      const readout = document.querySelector('[data-testid="gas-chart-readout"]')?.textContent ?? ''
      return {
        barSlot: Math.floor(((bar.left + bar.width / 2 - box.left) / box.width) * count),
        newest: Number(element.getAttribute('data-newest-block')),
        looked: Number(readout.match(/Block\s*([\d,]+)/)![1]!.replace(/,/g, '')),
      }
    }, slots)
    expect(seen.barSlot).toBe(slots - 1 - (seen.newest - seen.looked))
    expect(pointerSlot - seen.barSlot).toBeGreaterThanOrEqual(0)
    expect(pointerSlot - seen.barSlot).toBeLessThanOrEqual(3)
    await page.mouse.move(plot.x + plot.width / 2, plot.y - 40)
    await expect(page.getByTestId('gas-chart-readout')).toContainText('latest')

    // The table: gas used, gas limit and base fee of each block, as the gateway has them.
    await page.getByTestId('gas-chart-view-table').click()
    const rows = page.getByTestId('gas-chart-table').locator('tbody tr')
    await expect(rows.first()).toBeVisible()
    const shown = await rows.evaluateAll((list) => list.slice(0, 12).map((row) => ({ number: Number(row.getAttribute('data-number')), cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '') })))
    const replies = await Promise.all(shown.map((row) => rpc<{ gasUsed: Hex; gasLimit: Hex; baseFeePerGas: Hex }>(request, url, 'eth_getBlockByNumber', [`0x${row.number.toString(16)}`, false])))
    shown.forEach((row, index) => {
      const block = replies[index]!
      const grouped = (hex: Hex) => BigInt(hex).toLocaleString('en-US')
      expect(row.cells[1], `block ${row.number} gas used`).toBe(grouped(block.gasUsed))
      expect(row.cells[2], `block ${row.number} gas limit`).toBe(grouped(block.gasLimit))
      expect(row.cells[4], `block ${row.number} base fee`).toBe(`${formatGwei(BigInt(block.baseFeePerGas))} gwei`)
    })
  })
})

const sections = [
  ['nav-home', '/'],
  ['nav-blocks', '/blocks'],
  ['nav-logs', '/logs'],
  ['nav-call', '/call'],
  ['nav-storage', '/storage'],
  ['nav-files', '/files'],
  ['nav-settings', '/settings'],
] as const

test.describe('navigation', () => {
  test('the header links every section, marks the one shown, opens Layer 2 from the keyboard, and keeps the network', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeVisible()
    for (const [testId, path] of sections) await expect(nav.getByTestId(testId)).toHaveAttribute('href', path)
    await expect(nav.getByTestId('nav-home')).toHaveAttribute('aria-current', 'page')

    await nav.getByTestId('nav-blocks').click()
    await expect(page).toHaveURL(/\/blocks$/)
    await expect(nav.getByTestId('nav-blocks')).toHaveAttribute('aria-current', 'page')
    await expect(nav.getByTestId('nav-home')).not.toHaveAttribute('aria-current', 'page')

    // Layer 2: a small menu, by keyboard.
    const layer2 = nav.getByTestId('nav-layer2')
    await layer2.focus()
    await page.keyboard.press('Enter')
    await expect(layer2).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByTestId('nav-layer2-panel')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('nav-layer2-panel')).toBeHidden()
    await expect(layer2).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByTestId('nav-l2a')).toBeFocused()
    await expect(page.getByTestId('nav-l2a')).toHaveAttribute('href', '/l2a/5817')
    await page.keyboard.press('ArrowDown')
    await expect(page.getByTestId('nav-l2b')).toBeFocused()
    await expect(page.getByTestId('nav-l2b')).toHaveAttribute('href', '/l2b/pending')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/l2a\/5817$/)
    await expect(page.getByTestId('nav-layer2-panel')).toBeHidden()
    await expect(layer2).toHaveAttribute('data-active', 'true')

    // Tab walks the links in order.
    await nav.getByTestId('nav-logs').focus()
    await page.keyboard.press('Tab')
    await expect(nav.getByTestId('nav-call')).toBeFocused()

    // A link keeps the network being shown.
    await page.goto('/?network=mainnet-sample')
    await expect(nav.getByTestId('nav-blocks')).toHaveAttribute('href', '/blocks?network=mainnet-sample')
  })

  test('on a 390 px screen the navigation folds into a menu, light and dark', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openHome(page)
    await expect(page.getByTestId('main-nav')).toBeHidden()
    const button = page.getByTestId('nav-menu-button')
    await expect(button).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    // With the lists filled: a row wider than the screen scrolls inside its panel, and nothing in it (the
    // screen-reader-only header and values included) widens the page.
    await expect(page.getByTestId('transaction-row').first()).toBeVisible()
    await expect(page.getByTestId('block-row').first()).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    for (const theme of ['light', 'dark'] as const) {
      await page.getByTestId(`theme-${theme}`).click()
      await button.click()
      const menu = page.getByTestId('nav-menu')
      await expect(menu).toBeVisible()
      await expect(menu.getByTestId('nav-home')).toHaveAttribute('aria-current', 'page')
      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()
      await expect(button).toBeFocused()
    }

    // Following a link closes the menu.
    await button.click()
    await page.getByTestId('nav-menu').getByTestId('nav-settings').click()
    await expect(page).toHaveURL(/\/settings$/)
    await expect(page.getByTestId('nav-menu')).toBeHidden()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
  })
})
