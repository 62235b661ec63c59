import { expect, test, type Page } from '@playwright/test'
import { keccak256, toHex, type Hex } from 'viem'
import { readFixture } from '../server/testing/fixtures.ts'
import { rpc as call, rpcUrl } from './helpers.ts'

/**
 * The search box in the header of every page: each kind of input goes to its page, a 32-byte hash is
 * looked up (block first, then transaction) on the network shown, and junk gets a message under the box
 * while the page stays where it was. Expected destinations are read from the gateway in the test.
 */

/**
 * A quiet page to search from (the search box is in every page's header): a transaction that does not
 * exist, which asks once and then sits still.
 */
const quietPage = `/tx/0x${'0'.repeat(64)}`

async function openQuiet(page: Page, query = ''): Promise<void> {
  await page.goto(`${quietPage}${query}`)
  await expect(page.getByTestId('tx-not-found')).toBeVisible()
}

/** Searches from the quiet page, so each search starts from the same place. */
async function searchFrom(page: Page, text: string, query = ''): Promise<void> {
  await openQuiet(page, query)
  await search(page, text)
}

async function search(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('search-input')
  await input.fill(text)
  await input.press('Enter')
}

const pathname = (page: Page) => new URL(page.url()).pathname

test.describe('search box', () => {
  test('a block hash opens the block, a transaction hash the transaction', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const block = await call<{ hash: Hex; number: Hex; transactions: Hex[] }>(request, url, 'eth_getBlockByNumber', ['0x5', false])
    // The newest block with a transaction: the traffic sends most blocks one, but a block can come out empty.
    let transaction: Hex | undefined
    const head = Number(BigInt(await call<Hex>(request, url, 'eth_blockNumber')))
    for (let number = head; number > head - 20 && number > 0 && !transaction; number--) {
      transaction = (await call<{ transactions: Hex[] }>(request, url, 'eth_getBlockByNumber', [toHex(number), false])).transactions[0]
    }
    expect(transaction, 'the traffic sends a transaction every few blocks').toBeDefined()

    await searchFrom(page, block.hash)
    await expect(page).toHaveURL(new RegExp(`/block/${block.hash}$`))
    // Without 0x and in capitals it is the same hash.
    await searchFrom(page, transaction!.slice(2).toUpperCase())
    await expect(page).toHaveURL(new RegExp(`/tx/${transaction}$`))
    await expect(page.getByTestId('tx-title-hash')).toHaveText(transaction!)
  })

  test('a hash that is neither a block nor a transaction on the network gets a message; the page stays', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const unknown = keccak256(toHex(`chainglass search ${Date.now()} ${Math.random()}`))
    expect(await call<unknown>(request, url, 'eth_getBlockByHash', [unknown, false])).toBeNull()
    expect(await call<unknown>(request, url, 'eth_getTransactionByHash', [unknown])).toBeNull()

    await openQuiet(page)
    const message = page.getByTestId('search-message')
    await search(page, unknown)
    await expect(message).toContainText('no block or transaction with this hash on Local devnet')
    expect(pathname(page)).toBe(quietPage)

    // Typing again clears the message.
    await page.getByTestId('search-input').fill('1')
    await expect(message).toHaveCount(0)
    await expect(page.getByTestId('tx-not-found')).toBeVisible()
  })

  test('on another network the lookup asks that network, and the link keeps it', async ({ page }) => {
    // The recorded mainnet sample holds block 0x913156 (fixture), which the devnet does not have.
    const fixture = JSON.parse(readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json')) as { result?: { hash: Hex }; hash?: Hex }
    const hash = (fixture.result ?? fixture).hash!
    await searchFrom(page, hash, '?network=mainnet-sample')
    await expect(page).toHaveURL(new RegExp(`/block/${hash}\\?network=mainnet-sample$`))
    await searchFrom(page, '9515350', '?network=mainnet-sample')
    await expect(page).toHaveURL(/\/block\/9515350\?network=mainnet-sample$/)
  })

  test('a hash as a list shortens it (0xa88e…5f6c, or typed with three dots) opens what it stands for; a short hex past the head is not read as a missing block', async ({ page, request }) => {
    await page.goto('/')
    const row = page.getByTestId('block-row').first()
    const hash = (await row.getAttribute('data-hash'))!
    const shown = (await row.locator(`[data-value="${hash}"] a`).textContent())!
    expect(shown).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/)
    await search(page, shown)
    await expect(page).toHaveURL(new RegExp(`/block/${hash}$`))
    // Typed with three dots, from another page that showed it (the block's own page, in its title).
    await search(page, shown.replace('…', '...'))
    await expect(page).toHaveURL(new RegExp(`/block/${hash}$`))

    // Read as a number, 0xfffff0 is far past the head: the page stays and says so.
    const head = BigInt(await call<Hex>(request, await rpcUrl(request), 'eth_blockNumber'))
    expect(0xfffff0n).toBeGreaterThan(head)
    const before = page.url()
    await search(page, '0xfffff0')
    await expect(page.getByTestId('search-message')).toContainText('read as a block number this is 16,777,200, past the head')
    expect(page.url()).toBe(before)
    // A hex number the chain has is still a block.
    await search(page, '0x2')
    await expect(page).toHaveURL(/\/block\/2$/)
  })
})
