import fs from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import type { Hex } from 'viem'
import { gatewayBlockNumber, openHome, rpc, rpcUrl } from './helpers.ts'

/**
 * Every page of the app, with real content from the running chain, for the suites that look at all of them
 * (accessibility, security). Each stop opens its page and waits until its content (not a skeleton) is shown.
 */

type Scenario = {
  contracts: Record<'token' | 'reverter' | 'emitter', Hex>
  blocks: { first: number; last: number }
  token: { balances: Array<{ account: Hex; role: string }> }
}

const scenarioFile = () => path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json')

export const scenario = (): Scenario => JSON.parse(fs.readFileSync(scenarioFile(), 'utf8')) as Scenario

/** The app answers before the demo scenario is deployed (the service writes scenario.json once it is). */
export async function scenarioReady(): Promise<Scenario> {
  await expect.poll(() => fs.existsSync(scenarioFile()), { message: 'the demo scenario is deployed' }).toBe(true)
  return scenario()
}

export type Stop = { name: string; path: string; ready: (page: Page) => Promise<void> }

type Block = { number: Hex; transactions: Array<{ hash: Hex; from: Hex }> }

/** A recent block with transactions (the traffic sends some in nearly every block), asked of the gateway. */
async function blockWithTransactions(request: APIRequestContext): Promise<Block> {
  const url = await rpcUrl(request)
  const head = await gatewayBlockNumber(request, url)
  for (let number = head - 1; number > 0; number--) {
    const block = await rpc<Block>(request, url, 'eth_getBlockByNumber', [`0x${number.toString(16)}`, true])
    if (block.transactions.length > 0) return block
  }
  throw new Error('no block with transactions on the devnet')
}

/** A whole page, the app's code loaded first: the suite's longest expect. */
const patience = { timeout: 10_000 }

const visible = (testId: string) => async (page: Page) => {
  await expect(page.getByTestId(testId).first()).toBeVisible(patience)
}

/** Every page with real content, in the order a visitor meets them. */
export async function tourStops(request: APIRequestContext): Promise<Stop[]> {
  const { contracts, token } = await scenarioReady()
  const block = await blockWithTransactions(request)
  const number = Number(BigInt(block.number))
  const tx = block.transactions[0]!
  const holder = token.balances.find((entry) => entry.role === 'holder')!.account
  const caller = tx.from
  const call = (params: Record<string, string>) => `/call?${new URLSearchParams(params)}`
  return [
    { name: 'home', path: '/', ready: async (page) => openHome(page) },
    {
      name: 'blocks',
      path: '/blocks',
      ready: async (page) => {
        await expect(page.getByTestId('blocks-row')).toHaveCount(25, patience)
        await expect(page.getByTestId('blocks-table').locator('[data-skeleton]')).toHaveCount(0, patience)
      },
    },
    { name: 'block', path: `/block/${number}`, ready: visible('block-hash') },
    { name: 'block-receipts', path: `/block/${number}/receipts`, ready: visible('receipt-status') },
    { name: 'block-tx', path: `/block/${number}/tx/0`, ready: visible('tx-overview') },
    {
      name: 'tx',
      path: `/tx/${tx.hash}`,
      ready: async (page) => {
        await expect(page.getByTestId('tx-overview')).toBeVisible(patience)
        await expect(page.getByTestId('tx-status').locator('[data-status]')).toBeVisible(patience)
      },
    },
    { name: 'uncle', path: '/uncle/9515350/0?network=mainnet-sample', ready: visible('uncle-block-link') },
    { name: 'sample-home', path: '/?network=mainnet-sample', ready: visible('sample-contents') },
    { name: 'sample-block', path: '/block/9515350?network=mainnet-sample', ready: visible('not-recorded-panel') },
    { name: 'address', path: `/address/${caller}`, ready: visible('address-overview') },
    {
      // The token's Transfer and Approval logs of the last blocks: decoded as ERC-20 without an ABI.
      name: 'logs',
      path: `/logs?address=${contracts.token}&fromBlock=${Math.max(0, number - 30)}&toBlock=${number}`,
      ready: visible('log-event'),
    },
    {
      name: 'call-result',
      path: call({ from: caller, to: contracts.token, abi: 'function balanceOf(address owner) view returns (uint256)', fn: 'balanceOf(address)', arg: holder }),
      ready: visible('call-decoded-0'),
    },
    { name: 'call-revert', path: call({ from: caller, to: contracts.reverter, abi: 'revertWithReason()', fn: 'revertWithReason()' }), ready: visible('revert-kind') },
    { name: 'storage', path: `/storage?address=${contracts.token}&slot=0&keys=address:${holder}`, ready: visible('storage-as-uint') },
    { name: 'files', path: '/files', ready: visible('store-version') },
    { name: 'settings', path: '/settings', ready: visible('settings-page') },
    { name: 'l2a', path: '/l2a/5817?network=l2a-sample', ready: visible('l2a-tx-0') },
    { name: 'l2b', path: '/l2b/pending?network=l2b-sample', ready: visible('l2b-table') },
    { name: 'not-found', path: '/no-such-page', ready: visible('not-found') },
  ]
}

export async function visit(page: Page, stop: Stop): Promise<void> {
  await page.goto(stop.path)
  await stop.ready(page)
}

/** Switches the theme with the header's switch, as a user would, and waits for the page to take it. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByTestId(`theme-${theme}`).click()
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/)
}
