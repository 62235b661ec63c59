import { chromium } from '@playwright/test'
import { startHardhatNode } from './server/testing/hardhatNode.ts'
const node = await startHardhatNode({})
// a few transactions so there is something to list
const ask = (method: string, params: unknown[]) => fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())
const accounts = ((await ask('eth_accounts', [])) as { result: string[] }).result
for (let i = 0; i < 4; i++) await ask('eth_sendTransaction', [{ from: accounts[1], to: accounts[2], value: '0x1' }])
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (const [scheme, width] of [['light', 1280], ['dark', 1280], ['light', 390]] as const) {
  const page = await browser.newPage({ viewport: { width, height: 1000 }, colorScheme: scheme })
  await page.goto('http://127.0.0.1:25173/settings')
  await page.getByTestId('add-network').click()
  const form = page.getByTestId('network-form')
  await form.getByTestId('field-rpcBase').fill(node.url)
  await form.getByTestId('network-form-test').click()
  await form.getByTestId('rules-source').filter({ hasText: 'Filled in' }).waitFor()
  await form.getByTestId('network-save').click()
  await page.goto(`http://127.0.0.1:25173/address/${accounts[1]}?network=hardhat-31337`)
  await page.getByTestId('scanned-history').and(page.locator('[data-phase="done"]')).waitFor()
  await page.getByTestId('address-activity').scrollIntoViewIfNeeded()
  await page.getByTestId('address-activity').screenshot({ path: `/tmp/scan-${scheme}-${width}.png` })
  await page.close()
}
await browser.close(); await node.stop()
