import { expect, test } from '@playwright/test'
import { keccak256, toHex, type Hex } from 'viem'
import { appRendered, busyBlock, rpc, rpcUrl, watchReports } from './helpers.ts'

/**
 * Honest statuses: what the app server answers says what the URL names. A block, transaction or address that
 * is not one (a malformed id) is 400; one the node has not got is 404; both come with the page's own panel,
 * rendered on the server. A file the build does not have is 404, not the app's HTML. Real pages stay 200.
 * What the node has and has not got is asked of the chain itself.
 */

test.describe('statuses', () => {
  test('a block or transaction the node has not got is 404 with its not-found panel; a malformed id is 400; real pages 200', async ({ request }) => {
    const url = await rpcUrl(request)
    const head = BigInt(await rpc<Hex>(request, url, 'eth_blockNumber'))
    const future = head + 1_000_000n
    expect(await rpc<unknown>(request, url, 'eth_getBlockByNumber', [toHex(future), false])).toBeNull()
    // A well-formed hash no transaction has: the chain says so.
    const unknownHash = keccak256(toHex(`no such transaction ${Date.now()}`))
    expect(await rpc<unknown>(request, url, 'eth_getTransactionByHash', [unknownHash])).toBeNull()
    const { number, receipts } = await busyBlock(request, url)
    const transaction = receipts[0]!

    const cases: Array<[path: string, status: number, panel: string | null]> = [
      [`/block/${future}`, 404, 'Block not found'],
      ['/block/not-a-block', 400, 'That is not a block id'],
      [`/tx/${unknownHash}`, 404, 'Transaction not found'],
      ['/tx/0x12', 400, 'That is not a transaction hash'],
      ['/address/0x12', 400, null],
      [`/block/${number}`, 200, null],
      [`/tx/${transaction.transactionHash}`, 200, null],
      [`/address/${transaction.from}`, 200, null],
      ['/', 200, null],
    ]
    for (const [path, status, panel] of cases) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(status)
      expect(response.headers()['content-type'], path).toContain('text/html')
      if (panel) expect(await response.text(), path).toContain(panel)
    }
  })

  test('a file the build does not have is 404, not the app’s page', async ({ request }) => {
    for (const path of ['/assets/nonexistent.js', '/assets/index-00000000.css', '/favicon.ico', '/robots.txt']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      expect(await response.text(), path).not.toContain('<html')
    }
  })

  test('a 404 block page hydrates in place: the app takes its panel, and the only report is the document’s own status', async ({ page, request }) => {
    const head = BigInt(await rpc<Hex>(request, await rpcUrl(request), 'eth_blockNumber'))
    const reports = watchReports(page)
    const response = await page.goto(`/block/${head + 1_000_000n}`)
    expect(response?.status()).toBe(404)
    await appRendered(page)
    await expect(page.getByRole('heading', { name: 'Block not found' })).toBeVisible()
    // Chromium logs a document's error status on the console; nothing else may be reported.
    expect(reports.filter((report) => !/status of 404/.test(report))).toEqual([])
  })
})
