import { expect, test } from '@playwright/test'
import { toHex } from 'viem'
import { longListAbove, unmeasuredListRows } from '../contract/listWindow.ts'
import { sendInOneBlock } from './chain.ts'
import { appRendered, devAccount, fundTestAccount, gatewayCalls, rpc, rpcUrl, type RpcReceipt } from './helpers.ts'

/**
 * A block longer than a whole list (over 100 transactions: the page virtualizes it) comes with a first screen of
 * its first rows, their transactions and their receipts only (src/queries/blockPage.ts prefetchBlockFirstScreen);
 * the app then reads the block's full transactions and its receipts itself. The test makes that block on the shared chain (210 transfers in one batch); the
 * other specs read blocks of their own making or look for what they need, so they meet it unharmed in any order.
 * Expected values are the chain's receipts, asked here.
 */

type Hex = `0x${string}`

test.describe('a long block\'s first screen', () => {
  test('a block longer than a whole list: the server\'s screen holds its first rows with their transactions and receipts, and the app reads the block\'s transactions and receipts once and fills every row', async ({ page, request }) => {
    const url = await rpcUrl(request)
    // 210 transfers, each with its own calldata length (so its own gas used), mined into one block by the test
    // control.
    const from = 24
    await fundTestAccount(request, url, devAccount(from).address)
    const transfers = Array.from({ length: 210 }, (_, index) => ({ from, to: devAccount(25).address, value: 1n, data: toHex(new Uint8Array(index + 1).fill(9)), gas: 100_000n }))
    const { block, hashes } = await sendInOneBlock(request, transfers)
    const number = BigInt(block)
    const receipts = await rpc<RpcReceipt[]>(request, url, 'eth_getBlockReceipts', [toHex(number)])
    expect(receipts.map((receipt) => receipt.transactionHash)).toEqual(expect.arrayContaining(hashes))
    expect(receipts.length).toBeGreaterThan(longListAbove)
    const quantity = `0x${number.toString(16)}`

    // The server's screen: the first rows, each with the status and gas used the chain has.
    const html = await (await request.get(`/block/${number}`)).text()
    const rows = html.split('data-testid="block-tx-row"').slice(1)
    expect(rows).toHaveLength(unmeasuredListRows)
    for (const [index, row] of rows.entries()) {
      expect(row).toContain(`data-value="${receipts[index]!.transactionHash}"`)
      expect(row).toContain(`data-testid="tx-gas-used" data-value="${BigInt(receipts[index]!.gasUsed).toString()}"`)
      // Method and value from the row's own transaction: nothing in a first row is left loading.
      expect(row).toContain('data-testid="tx-method"')
      expect(row).toContain('data-testid="tx-value"')
      expect(row).not.toContain('data-skeleton')
    }

    // The app takes over from that data: the block with hashes and the first rows' transactions and receipts are
    // not asked again, the block's full transactions and its receipts are asked once each, and the last row
    // (scrolled to) shows its own.
    const calls = gatewayCalls(page)
    await page.goto(`/block/${number}`)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'open')
    await appRendered(page)
    const lastReceipt = receipts.at(-1)!
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const lastRow = page.getByTestId('block-tx-row').filter({ has: page.locator(`[data-testid="tx-hash"][data-value="${lastReceipt.transactionHash}"]`) })
    await expect(lastRow.getByTestId('tx-gas-used')).toHaveAttribute('data-value', BigInt(lastReceipt.gasUsed).toString())
    await expect(lastRow.getByTestId('tx-status')).toHaveText(lastReceipt.status === '0x1' ? 'Success' : 'Failed')
    expect(calls.filter((call) => call.method === 'eth_getBlockReceipts' && call.params[0] === quantity)).toHaveLength(1)
    await expect(lastRow.getByTestId('tx-method')).toBeVisible()
    expect(calls.filter((call) => call.method === 'eth_getBlockByNumber' && call.params[0] === quantity).map((call) => call.params[1])).toEqual([true])
    const firstRows = new Set(receipts.slice(0, unmeasuredListRows).map((receipt) => receipt.transactionHash))
    expect(calls.filter((call) => call.method === 'eth_getTransactionReceipt' && firstRows.has(call.params[0] as Hex))).toEqual([])
    expect(calls.filter((call) => call.method === 'eth_getTransactionByHash' && firstRows.has(call.params[0] as Hex))).toEqual([])
  })
})
