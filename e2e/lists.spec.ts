import { expect, test, type APIRequestContext } from '@playwright/test'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, getAddress, toEventSelector, type Hex } from 'viem'
import { rpc, rpcUrl } from './helpers.ts'

/**
 * Transaction lists that read like an explorer's (issue 16, item 5): Method, Value and Fee on the block page's
 * full objects and on the home page, a token transfer's Value in the token's units, and the logs table's ERC-20
 * amounts with decimals and symbol, the raw value one click away. Expected values come from the chain: the
 * receipts, and the token's own decimals() and symbol() asked through the gateway with viem's ERC-20 ABI.
 */

type Log = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex; transactionHash: Hex }
type Receipt = { transactionHash: Hex; gasUsed: Hex; effectiveGasPrice: Hex; logs: Log[]; status: Hex; to: Hex | null }
type Transaction = { hash: Hex; input: Hex; value: Hex; to: Hex | null }

const transferTopic = toEventSelector('Transfer(address,address,uint256)')

/** The newest mined block holding an ERC-20 Transfer (3 topics, 32 bytes of data), with that receipt and log. */
async function recentTokenTransfer(request: APIRequestContext, url: string) {
  const head = Number(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber')))
  for (let number = head; number > head - 200 && number > 0; number--) {
    const receipts = await rpc<Receipt[]>(request, url, 'eth_getBlockReceipts', [`0x${number.toString(16)}`])
    for (const receipt of receipts) {
      const log = receipt.logs.find((entry) => entry.topics[0] === transferTopic && entry.topics.length === 3 && entry.data.length === 66)
      if (log && receipt.status === '0x1') return { number, receipt, log }
    }
  }
  throw new Error('no ERC-20 transfer in the last 200 blocks: the demo traffic should make some every few blocks')
}

async function tokenFacts(request: APIRequestContext, url: string, token: Hex) {
  const ask = async (functionName: 'decimals' | 'symbol') =>
    decodeFunctionResult({ abi: erc20Abi, functionName, data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest']) })
  return { decimals: Number(await ask('decimals')), symbol: String(await ask('symbol')) }
}

/** "12,345.678" as the app groups it: viem's exact decimal, the whole part grouped. */
function grouped(decimal: string): string {
  const [whole, fraction] = decimal.split('.')
  return `${BigInt(whole!).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`
}

test.describe('transaction lists: method, value, fee', () => {
  test('the block page (full objects) shows a token transfer in the token, its method and the fee the receipt gives', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, receipt, log } = await recentTokenTransfer(request, url)
    const { decimals, symbol } = await tokenFacts(request, url, log.address)
    const transaction = await rpc<Transaction>(request, url, 'eth_getTransactionByHash', [receipt.transactionHash])

    await page.goto(`/block/${number}?tx=full`)
    const row = page.getByTestId('block-tx-row').filter({ has: page.locator(`a[href="/tx/${receipt.transactionHash}"]`) })
    await expect(row).toHaveCount(1)
    // Never "0 ETH" alone: the first movement, in the token's units.
    const amount = formatUnits(BigInt(log.data), decimals)
    const [whole, fraction = ''] = amount.split('.')
    const cut = fraction.slice(0, Math.min(6, decimals)).replace(/0+$/, '')
    await expect(row.getByTestId('value-token')).toHaveText(`${grouped(whole!)}${cut ? `.${cut}` : ''} ${symbol}`)
    await expect(row.getByTestId('tx-value')).toHaveAttribute('data-value', BigInt(transaction.value).toString())
    await expect(row.getByTestId('tx-fee')).toHaveAttribute('data-value', (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString())
    // The method: the call's 4-byte selector at least (its name where the signature is known).
    await expect(row.getByTestId('tx-method')).toHaveAttribute('data-selector', transaction.input.slice(0, 10))
    // The demo token's transfer is named by the ABI the service publishes (selector 0xa9059cbb is transfer).
    if (transaction.input.startsWith('0xa9059cbb')) await expect(row.getByTestId('tx-method')).toHaveText('transfer')
  })

  test('the logs table shows an ERC-20 amount with decimals and symbol, and the raw base units on a click', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { number, log } = await recentTokenTransfer(request, url)
    const { decimals, symbol } = await tokenFacts(request, url, log.address)
    const search = new URLSearchParams({ address: getAddress(log.address), fromBlock: String(number), toBlock: String(number), topic0: transferTopic })
    await page.goto(`/logs?${search}`)
    const row = page.getByTestId('log-row').filter({ has: page.locator(`a[href="/tx/${log.transactionHash}"]`) }).first()
    const amount = row.getByTestId('log-token-amount')
    await expect(amount).toHaveText(`${grouped(formatUnits(BigInt(log.data), decimals))} ${symbol}`)
    await amount.click()
    await expect(amount).toHaveText(`${BigInt(log.data).toString()} base units`)
    await expect(amount).toHaveAttribute('aria-pressed', 'true')
    await amount.press('Enter')
    await expect(amount).toHaveAttribute('aria-pressed', 'false')
  })

  test('the home page rows carry method, value and fee, the fee as the receipt gives it', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await page.goto('/')
    await expect(page.getByTestId('transaction-row').filter({ has: page.getByTestId('transaction-row-fee') }).first()).toBeVisible()
    // The list is live (a block a second): one row's cells read in one go, then checked against the chain.
    const shown = await page.evaluate(() => {
      const row = [...document.querySelectorAll('[data-testid="transaction-row"]')].find((candidate) => candidate.querySelector('[data-testid="transaction-row-fee"]'))!
      const cell = (id: string) => row.querySelector(`[data-testid="${id}"]`)!
      return {
        hash: row.getAttribute('data-hash')!,
        fee: cell('transaction-row-fee').getAttribute('data-value'),
        value: cell('transaction-row-value').getAttribute('data-value'),
        transfers: cell('transaction-row-value').getAttribute('data-token-transfers'),
        method: cell('transaction-row-method').textContent,
        selector: cell('transaction-row-method').getAttribute('data-selector'),
      }
    })
    const receipt = await rpc<Receipt>(request, url, 'eth_getTransactionReceipt', [shown.hash])
    const transaction = await rpc<Transaction>(request, url, 'eth_getTransactionByHash', [shown.hash])
    expect(shown.fee).toBe((BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString())
    expect(shown.value).toBe(BigInt(transaction.value).toString())
    expect(shown.transfers).toBe(String(receipt.logs.filter((entry) => entry.topics[0] === transferTopic).length))
    if (transaction.input === '0x') expect(shown.method).toBe('Transfer')
    else if (transaction.to !== null) expect(shown.selector).toBe(transaction.input.slice(0, 10))
  })
})
