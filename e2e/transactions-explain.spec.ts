import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { concat, decodeErrorResult, decodeEventLog, formatUnits, getAddress, numberToHex, parseAbi, parseEther, size, toEventSelector, toHex, type Hex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { appRendered, devAccount, fundTestAccount, refuseOtterscan, rpc, rpcUrl, sendSigned, waitForReceipt } from './helpers.ts'

/**
 * The transaction page explaining itself, against the real service: why the demo's failed Reverter
 * transaction failed (from the node's record, and from a replay when the network is made to refuse ots_),
 * the tokens a traffic transfer moved, and the ether a contract forwarded inside a transaction this spec
 * sends. Every expected value is read from the chain in the test (decoded with viem), or from scenario.json.
 */

type Scenario = {
  contracts: { token: Hex; reverter: Hex }
  token: { symbol: string; decimals: number }
  reverter: { failedTransaction: { hash: Hex; blockNumber: number } }
}
type RpcLog = { address: Hex; topics: Hex[]; data: Hex; transactionHash: Hex }
type RpcReceipt = { status: Hex; contractAddress: Hex | null; logs: RpcLog[]; gasUsed: Hex }
type RpcTransaction = { from: Hex; to: Hex | null; value: Hex; input: Hex; gas: Hex; blockNumber: Hex }

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
const erc20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])
const errorString = parseAbi(['error Error(string)'])
const transferTopic = toEventSelector('Transfer(address,address,uint256)')

/** Accounts 20 and 21: past the 10-19 the other specs share, so no nonce of theirs is ever raced here. */
const forwarderOwner = devAccount(20)
const payee = devAccount(21).address

/** Grouped as the page groups whole numbers: 12345.5 -> "12,345.5" (viem's formatUnits does the decimals). */
function grouped(decimal: string): string {
  const [whole = '0', fraction] = decimal.split('.')
  return `${BigInt(whole).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''}`
}

/**
 * Runtime code that sends every call's value on to `to`: CALL(gas, to, callvalue, 0, 0, 0, 0), then STOP.
 * Init code in front copies it out and returns it (the layout evmSnippets.ts uses for its reverting code).
 */
function forwarderInitCode(to: Hex): Hex {
  const runtime = concat(['0x6000600060006000', '0x34', '0x73', to, '0x5af15000'])
  const length = numberToHex(size(runtime), { size: 1 }).slice(2)
  // PUSH1 len; PUSH1 12 (runtime offset in code); PUSH1 0; CODECOPY; PUSH1 len; PUSH1 0; RETURN
  return concat([`0x60${length}600c600039 60${length}6000f3`.replace(/ /g, '') as Hex, runtime])
}

/** Signs and sends a transaction; resolves with the mined receipt. */
async function send(request: APIRequestContext, url: string, from: HDAccount, tx: { to?: Hex; data?: Hex; value?: bigint; gas: bigint }): Promise<{ hash: Hex; receipt: RpcReceipt }> {
  const hash = await sendSigned(request, url, from, tx)
  return { hash, receipt: await waitForReceipt<RpcReceipt>(request, url, hash) }
}

async function openTransaction(page: Page, hash: Hex): Promise<void> {
  await page.goto(`/tx/${hash}`)
  await expect(page.getByTestId('tx-overview')).toBeVisible()
}

/**
 * Light and dark at desktop width, then light at a phone's 390 px: the whole page, and the panel in
 * question on its own (a phone's full page is too tall to read the panel in).
 */
async function axeInEachTheme(page: Page, panel: Locator): Promise<void> {
  for (const [theme, width] of [['light', 1440], ['dark', 1440], ['mobile', 390]] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 })
    await page.emulateMedia({ colorScheme: theme === 'dark' ? 'dark' : 'light' })
    await expect(panel).toBeVisible()
    await page.mouse.move(0, 0)
    // The new panel in each theme and width: no serious or critical axe finding (contrast, names, roles).
    const selector = `[data-testid="${await panel.getAttribute('data-testid')}"]`
    const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).setLegacyMode(true).analyze()
    expect(results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
  }
  await page.setViewportSize({ width: 1440, height: 1000 })
  await page.emulateMedia({ colorScheme: 'light' })
}

test.describe('a transaction page that explains itself', () => {
  test("the demo's failed Reverter transaction says why it failed, from the node's record (ots_getTransactionError)", async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { hash } = scenario().reverter.failedTransaction
    // The test's own reading of the chain: the node's record, decoded by viem.
    const payload = await rpc<Hex>(request, url, 'ots_getTransactionError', [hash])
    const decoded = decodeErrorResult({ abi: errorString, data: payload })
    const reason = decoded.args[0]
    expect(reason).toContain('value must be below 1000')

    await openTransaction(page, hash)
    const panel = page.getByTestId('tx-failure')
    await expect(panel.getByTestId('tx-failure-source')).toHaveAttribute('data-via', 'ots')
    await expect(panel.getByTestId('tx-failure-via')).toHaveText("node's record")
    await expect(panel.getByTestId('tx-failure-summary')).toHaveText(`Reverted: ${reason}`)
    await expect(panel.getByTestId('revert-kind')).toHaveText('Error(string)')
    await expect(panel.getByTestId('revert-reason')).toHaveText(reason)
    await expect(panel.getByTestId('revert-data')).toHaveText(payload)
    // The record has no JSON-RPC error around it: no node message, and no replay note.
    await expect(panel.getByTestId('revert-message')).toHaveCount(0)
    await expect(panel.getByTestId('tx-failure-replay-note')).toHaveCount(0)
    const receipt = await rpc<RpcReceipt>(request, url, 'eth_getTransactionReceipt', [hash])
    const transaction = await rpc<RpcTransaction>(request, url, 'eth_getTransactionByHash', [hash])
    await expect(panel.getByTestId('tx-failure-gas')).toContainText(`${BigInt(receipt.gasUsed).toLocaleString('en-US')} used of a ${BigInt(transaction.gas).toLocaleString('en-US')} limit`)
    await expect(panel.getByTestId('tx-failure-gas')).toHaveAttribute('data-exhausted', String(BigInt(receipt.gasUsed) >= BigInt(transaction.gas)))

    await axeInEachTheme(page, panel)
  })

  test('the same failed transaction, replayed as eth_call on its parent block where the network refuses ots_ (fault injected: ots_getApiLevel answered -32601)', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { hash } = scenario().reverter.failedTransaction
    const transaction = await rpc<RpcTransaction>(request, url, 'eth_getTransactionByHash', [hash])
    const parent = BigInt(transaction.blockNumber) - 1n
    // The test's own replay: the node's answer is a REVERT error carrying the payload.
    const answer = (await (
      await request.post(url, {
        data: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ from: transaction.from, to: transaction.to, value: transaction.value, data: transaction.input, gas: transaction.gas }, toHex(parent)] },
      })
    ).json()) as { error: { code: number; message: string; data: Hex } }
    expect(answer.error.code).toBe(3)
    const reason = decodeErrorResult({ abi: errorString, data: answer.error.data }).args[0]
    expect(reason).toContain('value must be below 1000')

    const otsSent = await refuseOtterscan(page, url)
    // Opened from inside the app: the fault is injected in the browser, so the page's data must be the browser's
    // to read (a full load of the page would come with the server's first screen, read from the node itself).
    await page.goto('/blocks')
    await appRendered(page)
    await page.getByTestId('search-input').fill(hash)
    await page.getByTestId('search-input').press('Enter')
    await expect(page.getByTestId('tx-overview')).toBeVisible()
    const panel = page.getByTestId('tx-failure')
    await expect(panel.getByTestId('tx-failure-source')).toHaveAttribute('data-via', 'replay')
    await expect(panel.getByTestId('tx-failure-via')).toHaveText('replay: state may differ')
    await expect(panel.getByTestId('tx-failure-replay-note')).toContainText('state may differ')
    await expect(panel.getByTestId('tx-failure-replay-note')).toContainText(parent.toLocaleString('en-US'))
    await expect(panel.getByTestId('tx-failure-ots-missing')).toContainText('ots_getApiLevel')
    await expect(panel.getByTestId('tx-failure-summary')).toHaveText(`Reverted (replayed): ${reason}`)
    await expect(panel.getByTestId('revert-message')).toHaveText(answer.error.message)
    await expect(panel.getByTestId('revert-reason')).toHaveText(reason)
    await expect(panel.getByTestId('revert-data')).toHaveText(answer.error.data)
    // Where ots_ is refused, internal transfers are a quiet line naming what they need.
    await expect(page.getByTestId('tx-internal-unavailable')).toContainText('ots_getInternalOperations')
    expect(otsSent()).toEqual([])

    await axeInEachTheme(page, panel)
  })

  test('a traffic token transfer opens with what it moved: the amount matches the log, and 0 ETH says tokens moved', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts, token } = scenario()
    // The history the service built holds the traffic's token transfers: the latest of them up to the head.
    const head = BigInt(await rpc<Hex>(request, url, 'eth_blockNumber'))
    const log = (await rpc<RpcLog[]>(request, url, 'eth_getLogs', [{ address: contracts.token, topics: [transferTopic], fromBlock: '0x0', toBlock: toHex(head) }])).at(-1)
    expect(log, 'a token transfer on the chain').toBeDefined()
    const event = decodeEventLog({ abi: erc20, topics: log!.topics as [Hex, ...Hex[]], data: log!.data })
    const receipt = await rpc<RpcReceipt>(request, url, 'eth_getTransactionReceipt', [log!.transactionHash])
    const transferLogs = receipt.logs.filter((entry) => entry.topics[0] === transferTopic)

    await openTransaction(page, log!.transactionHash)
    const summary = page.getByTestId('tx-tokens')
    await expect(summary.getByTestId('tx-token-transfer')).toHaveCount(transferLogs.length)
    const movement = summary.getByTestId('tx-token-transfer').filter({ has: page.locator(`[data-value="${event.args.value.toString()}"]`) }).first()
    await expect(movement.getByTestId('tx-token-amount')).toHaveText(`${grouped(formatUnits(event.args.value, token.decimals))} ${token.symbol}`)
    await expect(movement.getByTestId('tx-token-from')).toContainText(getAddress(event.args.from).slice(0, 6))
    await expect(movement.getByTestId('tx-token-to')).toContainText(getAddress(event.args.to).slice(-4))
    await expect(movement.getByTestId('tx-token-name')).toHaveAttribute('href', new RegExp(`/address/${contracts.token}`, 'i'))
    // One click away: the amount in base units, exactly as the log holds it.
    await movement.getByTestId('tx-token-amount').click()
    await expect(movement.getByTestId('tx-token-amount')).toHaveText(`${event.args.value.toLocaleString('en-US')} base units`)
    await movement.getByTestId('tx-token-amount').click()
    // The value row of a token call does not read as only "0 ETH".
    await expect(page.getByTestId('tx-value')).toContainText('0 ETH')
    await expect(page.getByTestId('tx-value-tokens')).toContainText(`${transferLogs.length} token transfer`)
    // By keyboard: the note's button takes the focus to the summary.
    await page.getByTestId('tx-value-tokens').getByRole('button').focus()
    await page.keyboard.press('Enter')
    await expect(page.locator('#tokens-transferred')).toBeFocused()

    await axeInEachTheme(page, summary)
  })

  test('ether a contract forwards inside a transaction is listed as an internal transfer, without the top-level transfer anvil also lists', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await fundTestAccount(request, url, forwarderOwner.address)
    const deployed = await send(request, url, forwarderOwner, { data: forwarderInitCode(payee), gas: 100_000n })
    expect(deployed.receipt.status).toBe('0x1')
    const forwarder = getAddress(deployed.receipt.contractAddress!)
    const value = parseEther('0.012345678901234567')
    const sent = await send(request, url, forwarderOwner, { to: forwarder, value, gas: 80_000n })
    expect(sent.receipt.status).toBe('0x1')
    // The node's own list: anvil puts the transaction's top-level transfer first, then the forwarded one.
    const listed = await rpc<Array<{ type: number; from: Hex; to: Hex; value: Hex }>>(request, url, 'ots_getInternalOperations', [sent.hash])
    const forwarded = listed.filter((operation) => getAddress(operation.from) === forwarder)
    expect(forwarded).toEqual([{ type: 0, from: forwarder.toLowerCase(), to: payee.toLowerCase(), value: toHex(value) }])

    await openTransaction(page, sent.hash)
    const panel = page.getByTestId('tx-internal')
    await expect(panel.getByTestId('tx-internal-op')).toHaveCount(1)
    const operation = panel.getByTestId('tx-internal-op')
    await expect(operation).toHaveAttribute('data-kind', 'transfer')
    await expect(operation.getByTestId('tx-internal-from')).toContainText(forwarder.slice(0, 6))
    await expect(operation.getByTestId('tx-internal-to')).toContainText(payee.slice(-4))
    await expect(operation.getByTestId('tx-internal-value')).toHaveAttribute('data-value', value.toString())
    await expect(operation.getByTestId('tx-internal-value')).toHaveText('0.012345678901234567 ETH')

    // The deployment itself: anvil's CREATE entry is the transaction's own, so nothing internal is left.
    await openTransaction(page, deployed.hash)
    await expect(page.getByTestId('tx-internal-none')).toBeVisible()

    await openTransaction(page, sent.hash)
    await axeInEachTheme(page, page.getByTestId('tx-internal'))
  })
})
