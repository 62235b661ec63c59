import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { readFixture as readFixtureText } from '../server/testing/fixtures.ts'

/**
 * The recorded sample networks open well: each home says what its recording holds and links to it, and what a
 * recording lacks reads as "not in this recording" in a neutral panel, never as a node error. Expected values
 * come from the fixtures themselves, never from the app's code.
 */

const readFixture = (name: string) => JSON.parse(readFixtureText(name)) as unknown
const grouped = (value: bigint | number | string) => BigInt(value).toLocaleString('en-US')

const block = readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json') as { number: string; hash: string; transactions: string[]; uncles: string[] }
const uncle = readFixture('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json') as { number: string; hash: string }
const preByzantium = (readFixture('erigon-mainnet-eth_getBlockByNumber-0x41b57c-prebyzantium.json') as Array<{ response: { result: { number: string; transactions: string[] } } }>)[0]!.response.result
const wholeReceipts = (readFixture('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json') as Array<{ response: { result: Array<{ blockNumber: string }> } }>)[0]!.response.result
const singleReceipt = (readFixture('erigon-mainnet-eth_getTransactionReceipt-logs.json') as Array<{ response: { result: { transactionHash: string } } }>)[0]!.response.result

/** The error panel's look: red, an alert. None of it may be on screen for data a recording lacks. */
const errorStyle = '[data-testid="error-panel"], [role="alert"], .bg-red-50\\/70'

async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze()
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.help}`)
}

/** Light and dark, each checked by axe, each photographed for a person to look at. */
async function inBothThemes(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.getByTestId(`theme-${theme}`).click()
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/)
    await ready()
    expect(await axeFindings(page), `${name} (${theme})`).toEqual([])
    await page.mouse.move(0, 0)
  }
}

test.describe('the mainnet sample', () => {
  test('its home lists what the recording holds', async ({ page }) => {
    await page.goto('/?network=mainnet-sample')
    const holds = page.getByTestId('sample-contents')
    await expect(holds.getByRole('heading', { name: /What this recording holds/ })).toBeVisible()
    await expect(page.getByText('has no latest block')).toHaveCount(0)

    const flagship = holds.getByTestId(`sample-block-${BigInt(block.number)}`)
    await expect(flagship).toContainText(`${block.transactions.length} transactions`)
    await expect(flagship).toContainText(`${block.uncles.length} uncle`)
    await expect(holds.getByTestId(`sample-block-${BigInt(preByzantium.number)}`)).toContainText(`${preByzantium.transactions.length} transactions`)
    await expect(holds.getByTestId(`sample-uncle-${BigInt(block.number)}-0`)).toContainText(grouped(uncle.number))
    await expect(holds.getByTestId(`sample-block-receipts-${BigInt(wholeReceipts[0]!.blockNumber)}`)).toContainText(`all ${wholeReceipts.length} receipts`)
    await expect(holds.getByTestId(`sample-receipt-${singleReceipt.transactionHash}`)).toBeVisible()
    await expect(holds.getByTestId('sample-methods')).toContainText('eth_getBlockReceipts')
  })

  test('each link of its home opens what it names', async ({ page }) => {
    await page.goto('/?network=mainnet-sample')
    const holds = page.getByTestId('sample-contents')
    const flagship = holds.getByTestId(`sample-block-${BigInt(block.number)}`)
    await flagship.getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/block/${BigInt(block.number)}\\?network=mainnet-sample$`))
    await expect(page.getByTestId('block-title')).toHaveText(`Block ${grouped(block.number)}`)

    await page.goto('/?network=mainnet-sample')
    await page.getByTestId(`sample-uncle-${BigInt(block.number)}-0`).getByRole('link').click()
    await expect(page.getByTestId('uncle-title')).toHaveText(`Uncle 0 of block ${grouped(block.number)}`)

    await page.goto('/?network=mainnet-sample')
    await page.getByTestId(`sample-block-receipts-${BigInt(wholeReceipts[0]!.blockNumber)}`).getByRole('link').click()
    await expect(page.getByTestId('receipts-count')).toHaveText(String(wholeReceipts.length))

    await page.goto('/?network=mainnet-sample')
    await page.getByTestId(`sample-receipt-${singleReceipt.transactionHash}`).getByRole('link').click()
    await expect(page).toHaveURL(new RegExp(`/tx/${singleReceipt.transactionHash}\\?network=mainnet-sample$`))
    await expect(page.locator(errorStyle)).toHaveCount(0)
  })

  test('block 9,515,350 lists its transactions with a neutral note that its receipts are not in this recording', async ({ page }) => {
    await page.goto(`/block/${BigInt(block.number)}?network=mainnet-sample`)
    const note = page.getByRole('status').filter({ hasText: 'Not in this recording' })
    await expect(note).toBeVisible()
    await expect(note).toContainText(`the receipts of block ${BigInt(block.number)}`)
    await expect(page.getByTestId('block-receipts-not-recorded')).toContainText('not in the recording')
    await expect(page.locator(errorStyle)).toHaveCount(0)
    await expect(page.getByTestId('block-tx-row')).toHaveCount(block.transactions.length)
    // Only what the recording has: position and hash, no column of dashes for what receipts would give.
    const headers = page.getByTestId('block-tx-table').locator('thead th')
    await expect(headers).toHaveText(['#', 'Transaction'])
    await expect(page.getByTestId('tx-hash').first()).toHaveAttribute('data-value', block.transactions[0]!)
    await expect(page.getByTestId('uncle-row')).toHaveCount(block.uncles.length)
  })

  test('data outside the recording reads as not recorded on other pages too (a transaction, full objects)', async ({ page }) => {
    await page.goto(`/tx/${block.transactions[0]}?network=mainnet-sample`)
    await expect(page.getByTestId('not-recorded-panel')).toBeVisible()
    await expect(page.locator(errorStyle)).toHaveCount(0)
    await page.getByTestId('not-recorded-home').click()
    await expect(page.getByTestId('sample-contents')).toBeVisible()

    // By its position: the block's list gives the hash for the title, and the page does not wait forever.
    await page.goto(`/block/${BigInt(block.number)}/tx/0?network=mainnet-sample`)
    await expect(page.getByTestId('not-recorded-panel')).toBeVisible()
    await expect(page.getByTestId('page-header')).toContainText(block.transactions[0]!)
    await expect(page.getByTestId('page-header')).not.toContainText('Loading…')

    await page.goto(`/block/${BigInt(block.number)}?network=mainnet-sample&tx=full`)
    await expect(page.getByTestId('not-recorded-panel').first()).toContainText('full transaction objects were not recorded')
    await expect(page.locator(errorStyle)).toHaveCount(0)
  })
})

test.describe('the layer-2 samples', () => {
  test('l2a-sample: its home links to block 5817', async ({ page }) => {
    await page.goto('/?network=l2a-sample')
    const item = page.getByTestId('sample-l2a-5817')
    await expect(item).toContainText('Layer-2 block 5,817')
    await inBothThemes(page, 'sample-home-l2a', () => expect(item).toBeVisible())
    await item.getByRole('link').click()
    await expect(page).toHaveURL(/\/l2a\/5817\?network=l2a-sample$/)
    await expect(page.getByTestId('l2a-tx-0')).toBeVisible()

    // The next block was not recorded: said as such, neutrally.
    await page.getByTestId('page-next').click()
    await expect(page.getByTestId('not-recorded-panel')).toContainText('block 5818')
    await expect(page.locator(errorStyle)).toHaveCount(0)
  })

  test('l2b-sample: its home links to the pending transactions', async ({ page }) => {
    const text = readFixtureText('l2b-mainnet-pending-transactions.json')
    const pending = (text.match(/"transaction_hash"/g) ?? []).length
    await page.goto('/?network=l2b-sample')
    const item = page.getByTestId('sample-l2b-pending')
    await expect(item).toContainText(`${pending} pending transactions`)
    await expect(page.getByTestId('sample-methods')).toHaveText('l2b_pendingTransactions')
    await inBothThemes(page, 'sample-home-l2b', () => expect(item).toBeVisible())
    await item.getByRole('link').click()
    await expect(page).toHaveURL(/\/l2b\/pending\?network=l2b-sample$/)
    await expect(page.getByTestId('l2b-table')).toBeVisible()
  })
})
