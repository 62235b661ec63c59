import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test'
import { mineBlocks, sendInOneBlock, setBalance } from './chain.ts'
import { devAccount, gatewayBlockNumber, openHome, rpcUrl } from './helpers.ts'

/**
 * The live home page against the real service: new blocks and their transactions arrive with no reload, a
 * WebSocket the server drops is reconnected and the list has no gap, and the live lists keep a fixed size
 * however long the page stays open. The chain moves when a test mines through the test control (e2e/chain.ts);
 * block hashes and parents come from the gateway, asked by the test itself.
 */

/** Accounts 10-19 are the tests'; this file sends from 13. */
const senderIndex = 13
const recipient = '0x000000000000000000000000000000000000c0de'

/** A block of `count` transfers from this file's account (funded first); resolves with the block and the hashes in block order. */
async function transfersBlock(request: APIRequestContext, count: number) {
  await setBalance(request, devAccount(senderIndex).address, 10n ** 20n)
  return sendInOneBlock(request, Array.from({ length: count }, (_, index) => ({ from: senderIndex, to: recipient, value: BigInt(index + 1) })))
}

type GatewayBlock = { number: string; hash: string; parentHash: string; gasUsed: string; gasLimit: string; transactions: string[] }
type ShownBlock = { number: number; hash: string }

/** The blocks at these numbers, straight from the gateway, in one batch. */
async function gatewayBlocks(request: APIRequestContext, url: string, numbers: readonly number[]): Promise<Map<number, GatewayBlock>> {
  const response = await request.post(url, {
    data: numbers.map((number, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, false] })),
  })
  expect(response.status()).toBe(200)
  const replies = (await response.json()) as Array<{ id: number; result: GatewayBlock | null }>
  const blocks = new Map<number, GatewayBlock>()
  for (const reply of replies) {
    expect(reply.result, `the gateway has block ${numbers[reply.id]}`).not.toBeNull()
    blocks.set(numbers[reply.id]!, reply.result!)
  }
  return blocks
}

/** The latest-blocks list as shown, top to bottom: each row's number and the full hash its hash link carries. */
function shownBlocks(page: Page): Promise<ShownBlock[]> {
  return page.getByTestId('block-row').evaluateAll((rows) =>
    rows.map((row) => ({ number: Number(row.getAttribute('data-number')), hash: row.querySelector('[data-value^="0x"]')?.getAttribute('data-value') ?? '' })),
  )
}

async function topBlock(page: Page): Promise<number> {
  return (await shownBlocks(page))[0]?.number ?? -1
}

/**
 * The rows run down one by one with no gap and no repeat, each row's hash is the gateway's block at that
 * number, and each block's parent (by the gateway) is the row below it.
 */
async function expectLinked(request: APIRequestContext, url: string, rows: readonly ShownBlock[]): Promise<void> {
  rows.forEach((row, index) => {
    if (index > 0) expect(row.number, `row ${index} follows row ${index - 1}`).toBe(rows[index - 1]!.number - 1)
  })
  const chain = await gatewayBlocks(request, url, rows.map((row) => row.number))
  rows.forEach((row, index) => {
    const block = chain.get(row.number)!
    expect(row.hash, `block ${row.number}'s hash`).toBe(block.hash)
    const below = rows[index + 1]
    if (below) expect(block.parentHash, `block ${row.number}'s parent is the row below it`).toBe(below.hash)
  })
}

/**
 * Records every block row the list ever shows (number -> hashes), from now on, in the page itself: a row
 * that was there for only a moment is recorded too.
 */
async function recordBlockRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {}
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="block-row"]')) {
        const number = row.getAttribute('data-number')!
        const hash = row.querySelector('[data-value^="0x"]')?.getAttribute('data-value') ?? ''
        const hashes = (seen[number] ??= [])
        if (!hashes.includes(hash)) hashes.push(hash)
      }
    }
    record()
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true })
    ;(window as unknown as { seenBlockRows: Record<string, string[]> }).seenBlockRows = seen
  })
}

function recordedBlockRows(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => (window as unknown as { seenBlockRows: Record<string, string[]> }).seenBlockRows)
}

test.describe('live home page', () => {
  test('new blocks and their transactions arrive with no reload, linked to the chain', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    // A marker on window would vanish with a reload.
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))
    const first = await topBlock(page)

    // A block of ten transfers, then an empty one above it.
    const { block, hashes } = await transfersBlock(request, 10)
    const head = await mineBlocks(request)
    expect(block).toBeGreaterThan(first)
    await expect.poll(() => topBlock(page)).toBe(head)
    await expect.poll(() => page.getByTestId('transaction-row').first().getAttribute('data-hash')).toBe(hashes.at(-1))
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)

    // New heads whose details are still on their way wait above the list, which runs short at the bottom meanwhile. It fills again.
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    const rows = await shownBlocks(page)
    await expectLinked(request, url, rows)

    // The transactions list: the newest transactions of the newest shown blocks, last in block first, exactly
    // as the gateway lists them in those blocks: here the ten transfers, the last sent first.
    await expect(page.getByTestId('transaction-row')).toHaveCount(10)
    expect(await page.getByTestId('transaction-row').evaluateAll((list) => list.map((row) => row.getAttribute('data-hash')))).toEqual([...hashes].reverse())
    await expect(async () => {
      const shown = await page.getByTestId('transaction-row').evaluateAll((list) => list.map((row) => ({ hash: row.getAttribute('data-hash')!, block: Number(row.getAttribute('data-block')) })))
      const top = shown[0]!.block
      const chain = await gatewayBlocks(request, url, Array.from({ length: 6 }, (_, index) => top - index).filter((number) => number >= 0))
      const expected = [...chain.entries()]
        .sort(([a], [b]) => b - a)
        .flatMap(([number, block]) => [...block.transactions].reverse().map((hash) => ({ hash, block: number })))
        .slice(0, shown.length)
      expect(shown.length).toBe(10)
      expect(shown).toEqual(expected)
    }).toPass()
  })

  test('injected fault: the server side drops the WebSocket (1012), the app reconnects, and the latest-blocks list has no gap or duplicate', async ({ page, request }) => {
    // The gateway closes client sockets with 1012 only when it loses its node, and the shared chain cannot be
    // taken down from a test; so the server's close is sent from the socket's path instead. Reconnects are
    // refused until three blocks have been mined with the app on no socket and one attempt was refused.
    const url = await rpcUrl(request)
    let connections = 0
    let refused = 0
    let refusing = false
    let firstSocket: WebSocketRoute | null = null
    await page.routeWebSocket(/\/rpc\//, (socket) => {
      connections += 1
      if (connections === 1) {
        firstSocket = socket
        socket.connectToServer()
      } else if (refusing) {
        refused += 1
        socket.close({ code: 1013, reason: 'injected: try again later' })
      } else {
        socket.connectToServer()
      }
    })
    await openHome(page)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await recordBlockRows(page)
    const headAtDrop = await mineBlocks(request)
    await expect.poll(() => topBlock(page)).toBe(headAtDrop)

    refusing = true
    firstSocket!.close({ code: 1012, reason: 'injected: service restart' })
    await expect(page.getByTestId('network-status')).not.toHaveAttribute('data-state', 'open')
    const headAtReopen = await mineBlocks(request, 3)
    await expect.poll(() => refused).toBeGreaterThan(0)
    refusing = false
    // As when the network comes back: the app skips the rest of its backoff wait.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    expect(connections).toBeGreaterThanOrEqual(3) // the first, at least one refused, the one that stayed

    // New heads again, over the new socket.
    const later = await mineBlocks(request, 2)
    await expect.poll(() => topBlock(page)).toBe(later)

    // What the list shows now: eight consecutive, linked blocks (it fills again below new heads whose details were on their way).
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    const rows = await shownBlocks(page)
    await expectLinked(request, url, rows)

    // What it showed all along, across the drop: every number from the first to the last, once each, with the
    // gateway's hash, each the parent of the next.
    const seen = await recordedBlockRows(page)
    const numbers = Object.keys(seen).map(Number).sort((a, b) => a - b)
    const lowest = numbers[0]!
    const highest = numbers.at(-1)!
    expect(lowest).toBeLessThan(headAtDrop)
    expect(highest).toBeGreaterThan(headAtReopen)
    expect(numbers, 'no block skipped').toEqual(Array.from({ length: highest - lowest + 1 }, (_, index) => lowest + index))
    for (const number of numbers) expect(seen[number], `block ${number} shown with one hash only`).toHaveLength(1)
    const chain = await gatewayBlocks(request, url, numbers)
    for (const number of numbers) {
      expect(seen[number]![0], `block ${number}'s hash`).toBe(chain.get(number)!.hash)
      if (number > lowest) expect(chain.get(number)!.parentHash).toBe(seen[number - 1]![0])
    }
  })

  test('after ten more blocks the live lists and the chart still hold their fixed number of rows', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await openHome(page)
    let head = 0
    for (let block = 0; block < 10; block++) head = (await transfersBlock(request, 2)).block
    await expect.poll(() => topBlock(page)).toBe(head)

    await expect(page.getByTestId('recent-blocks').locator('tbody tr')).toHaveCount(8)
    await expect(page.getByTestId('block-row')).toHaveCount(8)
    await expect(page.getByTestId('recent-transactions').locator('tbody tr')).toHaveCount(10)

    // The chart's table holds the last 50 blocks (fewer only on a chain younger than that: down to genesis),
    // newest first, one after the other, and the newest is the gateway's head.
    await page.getByTestId('gas-chart-view-table').click()
    const tableRows = page.getByTestId('gas-chart-table').locator('tbody tr')
    const tableNumbers = () => tableRows.evaluateAll((list) => list.map((row) => Number(row.getAttribute('data-number'))))
    for (let round = 0; round < 2; round++) {
      // The table reaches the head (and, in the second round, stays that size as blocks keep coming).
      const gatewayHead = await gatewayBlockNumber(request, url)
      await expect.poll(async () => (await tableNumbers())[0]).toBe(gatewayHead)
      const numbers = await tableNumbers()
      expect(numbers.length).toBe(Math.min(50, numbers[0]! + 1))
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => numbers[0]! - index))
      if (round === 0) await mineBlocks(request, 2)
    }
  })
})
