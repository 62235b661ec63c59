import { expect, test, type APIRequestContext, type Page, type WebSocketRoute } from '@playwright/test'
import { mineBlocks } from './chain.ts'
import { gatewayBlockNumber, openHome, rpcUrl } from './helpers.ts'

/**
 * WebSocket faults: the app's socket is dropped from the server's side 50 times at seeded random moments
 * while blocks are mined (through the test control: before a socket is answered, while it is open, while the
 * app has none), and the home page's latest-blocks list still shows every block exactly once, in order, each
 * with the gateway's hash.
 *
 * The gateway closes client sockets itself only when it loses its node, and the e2e service's chain is shared
 * with the other suites; so the drops are injected in the browser's path: each socket is proxied to the real
 * gateway (page.routeWebSocket) and closed from the server's side, code 1012 as the gateway sends, with the
 * real upstream connection closed too.
 */

type GatewayBlock = { number: string; hash: string; parentHash: string }

async function gatewayBlocks(request: APIRequestContext, url: string, numbers: readonly number[]): Promise<Map<number, GatewayBlock>> {
  const blocks = new Map<number, GatewayBlock>()
  // In batches of 50, well under the gateway's batch limit.
  for (let start = 0; start < numbers.length; start += 50) {
    const slice = numbers.slice(start, start + 50)
    const response = await request.post(url, {
      data: slice.map((number, id) => ({ jsonrpc: '2.0', id, method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, false] })),
    })
    expect(response.status()).toBe(200)
    for (const reply of (await response.json()) as Array<{ id: number; result: GatewayBlock | null }>) {
      expect(reply.result, `the gateway has block ${slice[reply.id]}`).not.toBeNull()
      blocks.set(slice[reply.id]!, reply.result!)
    }
  }
  return blocks
}

type Recorded = { seen: Record<string, string[]>; violations: string[]; snapshots: number }

/**
 * Watches the latest-blocks list in the page itself from now on: every row ever shown (number -> hashes), and
 * any moment the rows are not strictly consecutive, newest first (a duplicate, a gap or a block out of order).
 */
async function recordBlockRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recorded: Recorded = { seen: {}, violations: [], snapshots: 0 }
    const record = () => {
      const rows = [...document.querySelectorAll('[data-testid="block-row"]')].map((row) => ({
        number: Number(row.getAttribute('data-number')),
        hash: row.querySelector('[data-value^="0x"]')?.getAttribute('data-value') ?? '',
      }))
      recorded.snapshots++
      rows.forEach((row, index) => {
        const hashes = (recorded.seen[row.number] ??= [])
        if (row.hash && !hashes.includes(row.hash)) hashes.push(row.hash)
        const above = rows[index - 1]
        if (above && row.number !== above.number - 1 && recorded.violations.length < 20) {
          recorded.violations.push(`row ${index} shows ${row.number} under ${above.number}`)
        }
      })
    }
    record()
    new MutationObserver(record).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-number', 'data-value'] })
    ;(window as unknown as { recordedRows: Recorded }).recordedRows = recorded
  })
}

const recordedRows = (page: Page) => page.evaluate(() => (window as unknown as { recordedRows: Recorded }).recordedRows)

async function topBlock(page: Page): Promise<number> {
  return Number((await page.getByTestId('block-row').first().getAttribute('data-number')) ?? -1)
}

/** A small seeded generator: the drop moments are random, and the same on every run. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

test.describe('WebSocket faults', () => {
  test('fault injected: the server side drops the socket 50 times at random moments while blocks are mined; the latest-blocks list ends with every block exactly once, in order', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const next = random(20261122)
    const drops = 50
    let current: { socket: WebSocketRoute; server: WebSocketRoute } | null = null
    let connections = 0
    await page.routeWebSocket(/\/rpc\//, (socket) => {
      connections++
      const server = socket.connectToServer()
      current = { socket, server }
    })

    await openHome(page)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await recordBlockRows(page)
    const headAtStart = await gatewayBlockNumber(request, url)

    let dropped = 0
    let minedWhileOpen = 0
    let minedWhileDown = 0
    while (dropped < drops) {
      // The app's next connection (the first is already open).
      await expect.poll(() => connections).toBeGreaterThan(dropped)
      const connection = current!
      // A quarter of the sockets are dropped at once (before their eth_subscribe is answered); the others live
      // until a block or two mined on them has reached the list.
      if (next() >= 0.25) {
        // Once the app says it is live on this socket (its subscription answered): a block mined before that
        // reaches it with the next head, which is not this check's subject.
        await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
        const head = await mineBlocks(request, 1 + Math.floor(next() * 2))
        minedWhileOpen++
        await expect.poll(() => topBlock(page)).toBe(head)
      }
      await connection.socket.close({ code: 1012, reason: 'fault injected: service restart' })
      await connection.server.close().catch(() => {})
      dropped++
      // Some blocks are mined while the app has no socket: it must fetch them when it is back.
      if (next() < 0.3) {
        await mineBlocks(request)
        minedWhileDown++
      }
      // The app reconnects by itself after its backoff, which doubles with each connection that did not last;
      // it is hurried the way the browser does when the network comes back: the window's `online` event, on
      // which the app skips the rest of its backoff wait.
      if (dropped < drops) await page.evaluate(() => window.dispatchEvent(new Event('online')))
    }

    // After the last drop the app reconnects, and the list catches up with the chain.
    await page.evaluate(() => window.dispatchEvent(new Event('online')))
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    const headAfter = await mineBlocks(request)
    await expect.poll(() => topBlock(page)).toBe(headAfter)
    expect(headAfter - headAtStart, 'blocks were mined during the faults').toBeGreaterThanOrEqual(minedWhileOpen + minedWhileDown)

    const recorded = await recordedRows(page)
    expect(recorded.violations, 'the rows were always consecutive, newest first').toEqual([])
    const numbers = Object.keys(recorded.seen).map(Number).sort((a, b) => a - b)
    const lowest = numbers[0]!
    const highest = numbers.at(-1)!
    expect(lowest).toBeLessThanOrEqual(headAtStart)
    expect(highest).toBe(headAfter)
    expect(numbers, 'every block from the first shown to the last, none skipped').toEqual(Array.from({ length: highest - lowest + 1 }, (_, index) => lowest + index))
    for (const number of numbers) expect(recorded.seen[number], `block ${number} shown with one hash only`).toHaveLength(1)
    const chain = await gatewayBlocks(request, url, numbers)
    for (const number of numbers) {
      expect(recorded.seen[number]![0], `block ${number}'s hash is the gateway's`).toBe(chain.get(number)!.hash)
      if (number > lowest) expect(chain.get(number)!.parentHash, `block ${number} follows ${number - 1}`).toBe(recorded.seen[number - 1]![0])
    }
    // And the list as it ends: eight rows, one after the other (read again if a block was sliding in).
    await expect(async () => {
      const final = await page.getByTestId('block-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-number'))))
      expect(final).toHaveLength(8)
      expect(final).toEqual(Array.from({ length: 8 }, (_, index) => final[0]! - index))
    }).toPass()
    test.info().annotations.push({
      type: 'figures',
      description: `${dropped} drops (${minedWhileOpen} with blocks mined on the socket, ${minedWhileDown} with a block mined while down), ${connections} connections, blocks ${lowest}..${highest} (${numbers.length}) each shown once with the gateway's hash; ${recorded.snapshots} list snapshots checked`,
    })
    console.log(`socket faults: ${test.info().annotations.at(-1)!.description}`)
  })
})
