import { expect, test, type APIRequestContext } from '@playwright/test'
import type { Hex } from 'viem'
import { startHardhatNode, type HardhatNode } from '../server/testing/hardhatNode.ts'
import { devAccount, rpc, sendSigned, signAndSend, waitForReceipt } from './helpers.ts'
import { e2ePorts } from './ports.ts'

/**
 * chainglass on a second real EVM engine: a Hardhat node on loopback (server/testing/hardhatNode.ts), added
 * through the settings page by its own URL, as a user would. Hardhat has no eth_getBlockReceipts (it answers
 * -32004): the block page reads each receipt instead and says so, with no red error. Expected values come
 * from the Hardhat node itself.
 */

let node: HardhatNode
type Receipt = { blockNumber: Hex; status: Hex; gasUsed: Hex; transactionHash: Hex }
const seeded: { transfers: Receipt[]; failed: Receipt | null } = { transfers: [], failed: null }

/** Creation code of a contract whose code is PUSH1 0 PUSH1 0 REVERT: any call to it fails, with no reason. */
const alwaysReverts: Hex = '0x6005600c60003960056000f360006000fd'

async function seed(request: APIRequestContext, url: string): Promise<void> {
  const from = devAccount(1)
  for (const value of [1n, 2n]) seeded.transfers.push(await waitForReceipt<Receipt>(request, url, await signAndSend(request, url, from, devAccount(2).address, value)))
  const created = await waitForReceipt<Receipt & { contractAddress: Hex }>(request, url, await sendSigned(request, url, from, { data: alwaysReverts, gas: 100_000n }))
  seeded.failed = await waitForReceipt<Receipt>(request, url, await sendSigned(request, url, from, { to: created.contractAddress, gas: 50_000n }))
}

test.describe('a second engine: a Hardhat node added by its URL', () => {
  test.describe.configure({ timeout: 120_000 })

  test.beforeAll(async ({ request }) => {
    node = await startHardhatNode({ port: e2ePorts.hardhat })
    await seed(request, node.url)
  })

  test.afterAll(async () => {
    await node?.stop()
  })

  test('added in settings; its block page reads the receipts one by one with a neutral note; a failed transaction says so', async ({ page, request }) => {
    expect(seeded.failed?.status).toBe('0x0')
    await page.goto('/settings')
    await page.getByTestId('add-network').click()
    const form = page.getByTestId('network-form')
    await form.getByTestId('field-label').fill('Hardhat')
    await form.getByTestId('field-name').fill('hardhat')
    await form.getByTestId('endpoint-url').check()
    await form.getByTestId('field-rpcBase').fill(`${node.url}/`)
    await form.getByTestId('field-chainId').fill('31337')
    // Test connection asks the node what it offers and fills the rules in: no eth_getBlockReceipts (-32004).
    await expect(form.getByTestId('field-blockReceipts')).toBeChecked()
    await form.getByTestId('network-form-test').click()
    await expect(form.getByTestId('probe-http')).toHaveAttribute('data-ok', 'true')
    await expect(form.getByTestId('offer-blockReceipts')).toHaveAttribute('data-offered', 'false')
    await expect(form.getByTestId('offer-blockReceipts')).toContainText('-32004')
    await expect(form.getByTestId('offer-otterscan')).toHaveAttribute('data-offered', 'false')
    await expect(form.getByTestId('offer-subscribe')).toHaveAttribute('data-offered', 'true')
    await expect(form.getByTestId('rules-source')).toContainText('Filled in from what the node answered')
    await expect(form.getByTestId('field-blockReceipts')).not.toBeChecked()
    await page.screenshot({ path: 'test-results/screens/other-engine-settings-probe.png', fullPage: true, animations: 'disabled' })
    await form.getByTestId('network-save').click()
    await expect(page.getByTestId('network-row-hardhat')).toBeVisible()

    // Home: the node's head, live over its WebSocket.
    await page.goto('/?network=hardhat')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'hardhat')
    await expect(page.getByTestId('head-number')).toBeVisible({ timeout: 30_000 })

    // The block of the first transfer: its receipt read by itself, the row's status from it.
    const transfer = seeded.transfers[0]!
    await page.goto(`/block/${BigInt(transfer.blockNumber)}?network=hardhat`)
    await expect(page.getByTestId('block-receipts-fallback')).toContainText('does not offer eth_getBlockReceipts')
    await expect(page.getByTestId('error-panel')).toHaveCount(0)
    const row = page.getByTestId('block-tx-row').first()
    await expect(row.locator(`a[href^="/tx/${transfer.transactionHash}"]`).first()).toBeVisible()
    await expect(row).toContainText(/success/i)
    await expect(row).toContainText(BigInt(transfer.gasUsed).toLocaleString('en-US'))
    await page.mouse.move(0, 0)
    await page.screenshot({ path: 'test-results/screens/other-engine-block.png', fullPage: true, animations: 'disabled' })

    // The failed call's block: failed, from the node's own receipt.
    const failed = seeded.failed!
    const block = await rpc<{ transactions: Hex[] }>(request, node.url, 'eth_getBlockByNumber', [failed.blockNumber, false])
    expect(block.transactions).toContain(failed.transactionHash)
    await page.goto(`/block/${BigInt(failed.blockNumber)}?network=hardhat`)
    await expect(page.getByTestId('block-tx-row').first()).toContainText(/fail/i)
    await page.goto(`/tx/${failed.transactionHash}?network=hardhat`)
    await expect(page.getByTestId('error-panel')).toHaveCount(0)
    await expect(page.locator('main')).toContainText(/fail/i)
    // Hardhat has no ots_ methods: the transaction is replayed, and its answer (-32603 "Error: Transaction
    // reverted without a reason string", Hardhat's wording) is read as the revert it is.
    await expect(page.getByTestId('tx-failure-via')).toContainText(/replay/i)
    await expect(page.getByTestId('tx-failure-summary')).toContainText('Reverted without a reason (replayed)')
    await page.screenshot({ path: 'test-results/screens/other-engine-failed-tx.png', fullPage: true, animations: 'disabled' })
  })
})
