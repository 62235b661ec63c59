import { expect, test } from '@playwright/test'
import type { Hex } from 'viem'
import { AnvilNode } from '../server/chain/anvil.ts'
import { rpc } from './helpers.ts'

/**
 * A developer's own node beside `npm start` (issue 42): an anvil of their own on a port of its choosing, which
 * the deployment's default policy lets the page reach (any loopback port). Added by its URL alone: Test
 * connection fills the chain id, the rules, a label and a name from what the node says; one click adds it,
 * labelled local. Expected values come from the node itself.
 */

let node: AnvilNode

test.beforeAll(async () => {
  node = new AnvilNode({ stateFile: null, blockTime: 0 })
  await node.start()
})

test.afterAll(async () => {
  await node?.stop()
})

test('a developer’s anvil on any port: added by its URL alone, named from what it says, labelled local', async ({ page, request }) => {
  const chainId = await rpc<Hex>(request, node.httpUrl, 'eth_chainId')
  const version = await rpc<string>(request, node.httpUrl, 'web3_clientVersion')
  expect(version).toMatch(/^anvil\//)
  const decimal = BigInt(chainId).toString()

  await page.goto('/settings')
  await page.getByTestId('add-network').click()
  const form = page.getByTestId('network-form')
  await form.getByTestId('field-rpcBase').fill(node.httpUrl)
  await form.getByTestId('network-form-test').click()
  await expect(form.getByTestId('rules-source')).toContainText('Filled in from what the node answered')
  await expect(form.getByTestId('field-chainId')).toHaveValue(chainId)
  await expect(form.getByTestId('field-label')).toHaveValue(`Anvil local · chain ${decimal}`)
  await expect(form.getByTestId('field-name')).toHaveValue(`anvil-${decimal}`)
  await expect(form.getByTestId('endpoint-url')).toBeChecked()
  await expect(form.getByTestId('offer-client')).toContainText(version)
  await expect(form.getByTestId('probe-http')).toHaveAttribute('data-chain-id', chainId)
  await expect(form.getByTestId('probe-websocket')).toHaveAttribute('data-chain-id', chainId)
  // anvil offers every deeper read: both tracers, eth_simulateV1, and eth_call's state and block overrides.
  for (const offer of ['callTracer', 'prestateTracer', 'simulateV1', 'stateOverrides', 'blockOverrides']) await expect(form.getByTestId(`offer-${offer}`)).toHaveAttribute('data-offered', 'true')

  await form.getByTestId('network-save').click()
  const row = page.getByTestId(`network-row-anvil-${decimal}`)
  await expect(row).toContainText('Added by you · local node')
  await expect(row).toContainText(node.httpUrl)

  // The explorer on it: the head is the node's own, and the page says where the network runs.
  await page.goto(`/?network=anvil-${decimal}`)
  await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', `anvil-${decimal}`)
  await expect(page.getByTestId('stat-chain-id').locator('..')).toContainText(`Anvil local · chain ${decimal} · local node`)
  // A fresh node has its genesis block only: one row, nothing left loading, no interval to wait for.
  const head = Number(BigInt(await rpc<Hex>(request, node.httpUrl, 'eth_blockNumber')))
  expect(head).toBe(0)
  await expect(page.getByTestId('head-number')).toHaveText('0')
  await expect(page.getByTestId('recent-blocks').getByTestId('block-row')).toHaveCount(1)
  await expect(page.getByTestId('recent-blocks')).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByTestId('stat-block-time')).toHaveText('—')
  await expect(page.getByTestId('stat-block-time').locator('..')).toContainText('needs a second block')
})
