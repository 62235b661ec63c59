import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { decodeEventLog, decodeFunctionData, formatEther, formatGwei, getAddress, keccak256, parseAbi, parseEther, parseGwei, toHex, type Hex } from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import { readFixture } from '../server/testing/fixtures.ts'
import { firstReceiptWhere, fundTestAccount, rpc as call, rpcUrl } from './helpers.ts'

/**
 * The transaction pages (/tx/:hash, /block/:id/tx/:index) and the address page against the real service:
 * transactions this spec signs and sends itself (an EIP-1559 and a legacy ETH transfer, a transaction held
 * pending by a nonce gap), and ones the demo traffic makes every few blocks (token transfers, failures,
 * creations). Every expected value is read from the gateway in the test, or from the recorded fixtures.
 */

type RpcLog = { address: Hex; topics: Hex[]; data: Hex; logIndex: Hex; transactionHash: Hex; blockNumber: Hex }
type RpcReceipt = {
  transactionHash: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionIndex: Hex
  status?: Hex
  gasUsed: Hex
  effectiveGasPrice: Hex
  cumulativeGasUsed: Hex
  contractAddress: Hex | null
  logs: RpcLog[]
  from: Hex
  to: Hex | null
}
type RpcTransaction = {
  hash: Hex
  type: Hex
  from: Hex
  to: Hex | null
  value: Hex
  nonce: Hex
  gas: Hex
  gasPrice: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  v: Hex
  r: Hex
  s: Hex
  yParity?: Hex
  chainId?: Hex
  input: Hex
  accessList?: Array<{ address: Hex; storageKeys: Hex[] }>
  blockNumber: Hex | null
  blockHash: Hex | null
  transactionIndex: Hex | null
}
type Scenario = { contracts: { token: Hex }; token: { name: string; symbol: string }; emitter: { transactions: Array<{ hash: Hex }> } }

const devMnemonic = 'test test test test test test test test test test test junk'
const account = (index: number) => mnemonicToAccount(devMnemonic, { addressIndex: index })
/**
 * Accounts 10-19 are the tests'. This spec sends from 14 (EIP-1559), 15 (legacy) and 19 (the pending
 * transaction), to 18. anvil funds only accounts 0-9: the test control tops the senders up (helpers.ts
 * fundTestAccount; no transaction, so no nonce race with other specs).
 */
const fund = (request: APIRequestContext, url: string, index: number) => fundTestAccount(request, url, account(index).address)
const recipient = account(18).address

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
const grouped = (value: Hex | bigint) => BigInt(value).toLocaleString('en-US')
const erc20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])
const transferTopic = keccak256(toHex('Transfer(address,address,uint256)'))

async function receiptOf(request: APIRequestContext, url: string, hash: Hex): Promise<RpcReceipt> {
  let receipt: RpcReceipt | null = null
  await expect.poll(async () => (receipt = await call<RpcReceipt | null>(request, url, 'eth_getTransactionReceipt', [hash]))).not.toBeNull()
  return receipt!
}

type Unsigned = { to: Hex; value: bigint; nonce?: number } & ({ kind: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { kind: 'legacy'; gasPrice: bigint })

/** Signs with `from` and sends through the gateway; returns the hash (not waiting for the receipt). */
async function sendRaw(request: APIRequestContext, url: string, from: HDAccount, tx: Unsigned): Promise<Hex> {
  const [chainId, nonce] = await Promise.all([call<Hex>(request, url, 'eth_chainId', []), call<Hex>(request, url, 'eth_getTransactionCount', [from.address, 'pending'])])
  const common = { chainId: Number(chainId), nonce: tx.nonce ?? Number(nonce), to: tx.to, value: tx.value, gas: 21_000n }
  const raw =
    tx.kind === 'eip1559'
      ? await from.signTransaction({ ...common, type: 'eip1559', maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas })
      : await from.signTransaction({ ...common, type: 'legacy', gasPrice: tx.gasPrice })
  return call<Hex>(request, url, 'eth_sendRawTransaction', [raw])
}

async function openTransaction(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByTestId('tx-overview')).toBeVisible()
  await expect(page.getByTestId('tx-status').locator('[data-status]')).toBeVisible()
}

/** The value cell of an InfoRow, and its raw line. */
const row = (page: Page, testId: string): Locator => page.getByTestId(testId)

test.describe('transaction pages', () => {
  test('an EIP-1559 ETH transfer shows its exact value, parties, fees, status, gas used, block and type — by hash and by position', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const sender = account(14)
    await fund(request, url, 14)
    // An odd number of wei, so any rounding shows.
    const value = 1_234_567_890_123_456_789n
    const maxFeePerGas = parseGwei('3.000000123')
    const maxPriorityFeePerGas = parseGwei('1.5')
    const hash = await sendRaw(request, url, sender, { kind: 'eip1559', to: recipient, value, maxFeePerGas, maxPriorityFeePerGas })
    const receipt = await receiptOf(request, url, hash)
    const tx = await call<RpcTransaction>(request, url, 'eth_getTransactionByHash', [hash])
    expect(receipt.status).toBe('0x1')

    await openTransaction(page, `/tx/${hash}`)
    await expect(page.getByTestId('tx-title-hash')).toHaveText(hash)
    await expect(row(page, 'tx-value')).toHaveText(`${formatEther(value)} ETH`)
    await expect(row(page, 'tx-value-raw')).toContainText(toHex(value))
    await expect(row(page, 'tx-from')).toContainText(getAddress(sender.address))
    await expect(row(page, 'tx-to')).toContainText(getAddress(recipient))
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'success')
    await expect(row(page, 'tx-status-raw')).toContainText('0x1')
    await expect(row(page, 'tx-block-number')).toHaveAttribute('data-value', BigInt(receipt.blockNumber).toString())
    await expect(row(page, 'tx-block-hash')).toContainText(receipt.blockHash)
    await expect(row(page, 'tx-index')).toContainText(BigInt(receipt.transactionIndex).toString())
    await expect(row(page, 'tx-type')).toContainText('EIP-1559')
    await expect(row(page, 'tx-type-raw')).toContainText('0x2')
    await expect(row(page, 'tx-nonce')).toHaveText(grouped(tx.nonce))
    // Gas and fees, in gwei, exact.
    await expect(row(page, 'tx-gas-limit')).toHaveText('21,000')
    await expect(row(page, 'tx-gas-used-value')).toHaveText(grouped(receipt.gasUsed))
    await expect(row(page, 'tx-gas-used-share')).toContainText('100')
    await expect(row(page, 'tx-max-fee')).toHaveText(`${formatGwei(maxFeePerGas)} gwei`)
    await expect(row(page, 'tx-max-priority-fee')).toHaveText(`${formatGwei(maxPriorityFeePerGas)} gwei`)
    await expect(row(page, 'tx-effective-gas-price')).toHaveText(`${formatGwei(BigInt(receipt.effectiveGasPrice))} gwei`)
    await expect(row(page, 'tx-fee')).toHaveText(`${formatEther(BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice))} ETH`)
    await expect(row(page, 'receipt-cumulative-gas')).toContainText(grouped(receipt.cumulativeGasUsed))
    // Signature: chain id, v and yParity as the node sent them; r and s as 32-byte words.
    await expect(row(page, 'tx-chain-id')).toContainText(BigInt(tx.chainId!).toString())
    await expect(row(page, 'tx-v-raw')).toHaveText(new RegExp(`${tx.v}$`))
    await expect(row(page, 'tx-y-parity-raw')).toHaveText(new RegExp(`${tx.yParity}$`))
    await expect(row(page, 'tx-r')).toContainText(`0x${tx.r.slice(2).padStart(64, '0')}`)
    await expect(row(page, 'tx-s')).toContainText(`0x${tx.s.slice(2).padStart(64, '0')}`)
    await expect(page.getByTestId('tx-access-list-count')).toHaveText('0 addresses, 0 storage keys')
    await expect(page.getByTestId('tx-logs-empty')).toBeVisible()
    await expect(page.getByTestId('tx-input')).toContainText('No input data')

    // The same transaction by its block's number and its position, and by the block's hash and a 0x position.
    const blockNumber = BigInt(receipt.blockNumber)
    const index = BigInt(receipt.transactionIndex)
    for (const path of [`/block/${blockNumber}/tx/${index}`, `/block/${receipt.blockHash}/tx/${toHex(index)}`]) {
      await openTransaction(page, path)
      await expect(page.getByTestId('tx-title-hash')).toHaveText(hash)
      await expect(page.getByTestId('page-header')).toContainText(`Transaction ${index}`)
      await expect(row(page, 'tx-value')).toHaveText(`${formatEther(value)} ETH`)
      await expect(row(page, 'tx-from')).toContainText(getAddress(sender.address))
      await expect(row(page, 'tx-to')).toContainText(getAddress(recipient))
      await expect(row(page, 'tx-block-number')).toHaveAttribute('data-value', blockNumber.toString())
      await expect(row(page, 'tx-gas-used-value')).toHaveText(grouped(receipt.gasUsed))
      await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'success')
    }
  })

  test('a legacy (type 0) transfer shows its gas price, EIP-155 v and no yParity', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const sender = account(15)
    await fund(request, url, 15)
    const value = parseEther('0.000000000000000777')
    const gasPrice = parseGwei('2.000000007')
    const hash = await sendRaw(request, url, sender, { kind: 'legacy', to: recipient, value, gasPrice })
    const receipt = await receiptOf(request, url, hash)
    const tx = await call<RpcTransaction>(request, url, 'eth_getTransactionByHash', [hash])
    expect(tx.type).toBe('0x0')

    await openTransaction(page, `/tx/${hash}`)
    await expect(row(page, 'tx-type')).toContainText('Legacy')
    await expect(row(page, 'tx-type-raw')).toContainText('0x0')
    await expect(row(page, 'tx-value')).toHaveText(`${formatEther(value)} ETH`)
    await expect(row(page, 'tx-gas-price')).toHaveText(`${formatGwei(gasPrice)} gwei`)
    await expect(row(page, 'tx-effective-gas-price')).toHaveText(`${formatGwei(BigInt(receipt.effectiveGasPrice))} gwei`)
    await expect(row(page, 'tx-max-fee')).toHaveCount(0)
    await expect(page.getByTestId('tx-access-list')).toHaveCount(0)
    // EIP-155: v = chainId × 2 + 35 + parity.
    const v = BigInt(tx.v)
    const chainId = BigInt(await call<Hex>(request, url, 'eth_chainId', []))
    expect(v === chainId * 2n + 35n || v === chainId * 2n + 36n).toBe(true)
    await expect(row(page, 'tx-v')).toContainText(`${v}: y-parity ${v === chainId * 2n + 35n ? 'even' : 'odd'}, chain ${chainId}`)
    await expect(row(page, 'tx-y-parity')).toContainText('not sent')
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'success')
    await expect(row(page, 'tx-block-number')).toHaveAttribute('data-value', BigInt(receipt.blockNumber).toString())
  })

  test('a token transfer made by the traffic: the decoded Transfer matches the log, topics and data raw beside it', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts, token } = scenario()
    const head = BigInt(await call<Hex>(request, url, 'eth_blockNumber', []))
    // The whole chain: other tests move the head on by many empty blocks, so the newest window may hold none.
    const logs = await call<RpcLog[]>(request, url, 'eth_getLogs', [{ address: contracts.token, topics: [transferTopic], fromBlock: '0x0', toBlock: toHex(head) }])
    // ERC-20 Transfers carry 3 topics; the scenario's and the traffic's move tokens between accounts (not a mint).
    const log = logs.filter((candidate) => candidate.topics.length === 3 && BigInt(candidate.topics[1]!) !== 0n).at(-1)
    expect(log, 'the scenario and the traffic move tokens between accounts').toBeDefined()
    const decoded = decodeEventLog({ abi: erc20, topics: log!.topics as [Hex, ...Hex[]], data: log!.data })
    const tx = await call<RpcTransaction>(request, url, 'eth_getTransactionByHash', [log!.transactionHash])

    await openTransaction(page, `/tx/${log!.transactionHash}`)
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'success')
    await expect(row(page, 'tx-to')).toContainText(getAddress(contracts.token))
    await expect(page.getByTestId('tx-input-function')).toHaveText('transfer(address,uint256)')
    const transfer = decodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 value)']), data: tx.input })
    await expect(page.getByTestId('tx-input-arg-value')).toHaveAttribute('data-value', transfer.args[1].toString())
    await expect(page.getByTestId('tx-input-arg-value')).toContainText(token.symbol)
    const entry = page.locator(`[data-testid="tx-log"][data-log-index="${log!.logIndex}"]`)
    await expect(entry.getByTestId('log-event')).toHaveText('ERC-20 Transfer')
    await expect(entry.getByTestId('log-address')).toHaveAttribute('data-value', getAddress(contracts.token))
    await expect(entry.getByTestId('log-from')).toHaveAttribute('data-value', getAddress(decoded.args.from))
    await expect(entry.getByTestId('log-to')).toHaveAttribute('data-value', getAddress(decoded.args.to))
    await expect(entry.getByTestId('log-value')).toHaveAttribute('data-value', decoded.args.value.toString())
    await expect(entry.getByTestId('log-token-name')).toContainText(token.symbol)
    await expect(entry.getByTestId('log-topic')).toHaveCount(log!.topics.length)
    for (const [index, topic] of log!.topics.entries()) await expect(entry.getByTestId('log-topic').nth(index)).toContainText(topic)
    await expect(entry.getByTestId('log-data')).toHaveText(log!.data)
    // The traffic's token transfers name the two balance slots in an access list (types 1 and 2).
    if (tx.accessList) {
      await expect(page.getByTestId('tx-access-list-entry')).toHaveCount(tx.accessList.length)
      await expect(page.getByTestId('tx-access-list-key')).toHaveCount(tx.accessList.reduce((sum, item) => sum + item.storageKeys.length, 0))
    }
  })

  test('a contract creation from the traffic names the contract it created', async ({ page, request }) => {
    const url = await rpcUrl(request)
    // The history's seeded mix creates contracts.
    const created = await firstReceiptWhere<RpcReceipt>(request, url, (receipt) => receipt.contractAddress !== null)
    await openTransaction(page, `/tx/${created.transactionHash}`)
    await expect(page.getByTestId('tx-creation')).toContainText('Contract creation')
    await expect(page.getByTestId('tx-created-address')).toHaveAttribute('data-value', getAddress(created.contractAddress!))
    await expect(row(page, 'receipt-contract-address')).toContainText(getAddress(created.contractAddress!))
    await expect(row(page, 'tx-input')).toContainText('Creation code')
  })

  test('a transaction with thousands of logs (the scenario\'s emitter) shows them 25 at a time, first to last, as the receipt has them', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { emitter } = scenario()
    const receipt = await receiptOf(request, url, emitter.transactions.at(-1)!.hash)
    const total = receipt.logs.length
    expect(total, 'the emitter makes thousands of logs in one transaction').toBeGreaterThan(1000)
    const lastPageSize = total % 25 || 25

    await openTransaction(page, `/tx/${receipt.transactionHash}`)
    const logs = page.getByTestId('tx-log')
    const range = page.getByTestId('tx-logs-pager-range')
    await expect(page.getByTestId('tx-logs')).toContainText(`Logs (${grouped(BigInt(total))})`)
    await expect(range).toHaveText(`1–25 of ${grouped(BigInt(total))}`)
    await expect(logs).toHaveCount(25)
    await expect(logs.first()).toHaveAttribute('data-log-index', receipt.logs[0]!.logIndex)
    await expect(page.getByTestId('tx-logs-pager-previous')).toBeDisabled()
    // One page of entries, not the whole receipt: the document stays small (it held 176,000 nodes before).
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(5000)

    await page.getByTestId('tx-logs-pager-next').click()
    await expect(range).toHaveText(`26–50 of ${grouped(BigInt(total))}`)
    await expect(logs.first()).toHaveAttribute('data-log-index', receipt.logs[25]!.logIndex)
    await expect(logs.first().getByTestId('log-topic')).toHaveCount(receipt.logs[25]!.topics.length)
    await expect(logs.first().getByTestId('log-data')).toHaveText(receipt.logs[25]!.data)

    // The bottom pager goes to the last page and brings the list's top back into view.
    await page.getByTestId('tx-logs-pager-bottom-last').click()
    await expect(logs).toHaveCount(lastPageSize)
    await expect(logs.last()).toHaveAttribute('data-log-index', receipt.logs.at(-1)!.logIndex)
    await expect(page.getByTestId('tx-logs-pager-next')).toBeDisabled()
    await expect(logs.first()).toBeInViewport()
    await page.getByTestId('tx-logs-pager-first').click()
    await expect(logs.first()).toHaveAttribute('data-log-index', receipt.logs[0]!.logIndex)
  })

  test('a pending transaction says so, then turns into the mined one without a reload', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const sender = account(19)
    await fund(request, url, 19)
    // anvil mines every transaction it can; one whose nonce leaves a gap waits in its pool, known by hash
    // with no block, until the gap is filled — a genuinely pending transaction.
    const nonce = Number(await call<Hex>(request, url, 'eth_getTransactionCount', [sender.address, 'latest']))
    const fees = { maxFeePerGas: parseGwei('20'), maxPriorityFeePerGas: parseGwei('1') }
    const value = parseEther('0.0042')
    const waiting = await sendRaw(request, url, sender, { kind: 'eip1559', to: recipient, value, nonce: nonce + 1, ...fees })
    const known = await call<RpcTransaction | null>(request, url, 'eth_getTransactionByHash', [waiting])
    expect(known?.blockNumber).toBeNull()

    // The page's asks for the transaction, over either transport (observed, nothing intercepted).
    let asks = 0
    const count = (body: string | null) => {
      if (body?.includes('eth_getTransactionByHash') && body.includes(waiting)) asks += 1
    }
    page.on('request', (request) => request.method() === 'POST' && count(request.postData()))
    page.on('websocket', (socket) => socket.on('framesent', (frame) => count(String(frame.payload))))
    await page.goto(`/tx/${waiting}`)
    await expect(page.getByTestId('tx-pending')).toBeVisible()
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'pending')
    await expect(page.getByTestId('tx-block-pending')).toBeVisible()
    await expect(row(page, 'tx-value')).toHaveText(`${formatEther(value)} ETH`)
    await expect(row(page, 'tx-from')).toContainText(getAddress(sender.address))
    // Still pending after the page has asked again twice.
    const shown = asks
    await expect.poll(() => asks).toBeGreaterThanOrEqual(shown + 2)
    await expect(page.getByTestId('tx-pending')).toBeVisible()
    expect((await call<RpcTransaction | null>(request, url, 'eth_getTransactionByHash', [waiting]))?.blockNumber).toBeNull()

    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true))
    await sendRaw(request, url, sender, { kind: 'eip1559', to: recipient, value: 1n, nonce, ...fees })
    const receipt = await receiptOf(request, url, waiting)
    await expect(page.getByTestId('tx-pending')).toHaveCount(0)
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'success')
    await expect(row(page, 'tx-block-number')).toHaveAttribute('data-value', BigInt(receipt.blockNumber).toString())
    await expect(row(page, 'tx-gas-used-value')).toHaveText(grouped(receipt.gasUsed))
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true)
  })

  test('an unknown hash, a position past the end and a malformed hash are "not found", naming what and where', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const unknown = keccak256(toHex(`chainglass e2e ${Date.now()} ${Math.random()}`))
    expect(await call<unknown>(request, url, 'eth_getTransactionByHash', [unknown])).toBeNull()
    await page.goto(`/tx/${unknown}`)
    await expect(page.getByTestId('tx-not-found')).toContainText('Transaction not found')
    await expect(page.getByTestId('tx-not-found')).toContainText(unknown)
    await expect(page.getByTestId('tx-not-found')).toContainText('Local devnet')

    // The newest block with transactions (the traffic fills nearly every block).
    let number = BigInt(await call<Hex>(request, url, 'eth_blockNumber', []))
    let count = 0
    for (; number > 0n; number--) {
      count = (await call<{ transactions: Hex[] }>(request, url, 'eth_getBlockByNumber', [toHex(number), false])).transactions.length
      if (count > 0) break
    }
    expect(count).toBeGreaterThan(0)
    await page.goto(`/block/${number}/tx/${count + 5}`)
    await expect(page.getByTestId('tx-not-found')).toContainText('Transaction not found')
    await expect(page.getByTestId('tx-not-found')).toContainText(`positions 0 to ${(count - 1).toLocaleString('en-US')}`)

    await page.goto('/tx/0x1234')
    await expect(page.getByTestId('tx-not-found')).toContainText('0x followed by 64 hex digits')
  })

  test('a pre-Byzantium receipt on the recorded mainnet sample shows its state root, and its logs decoded', async ({ page }) => {
    const fixture = JSON.parse(readFixture('etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json')) as { result: RpcReceipt & { root: Hex } }
    const receipt = fixture.result
    await page.goto(`/tx/${receipt.transactionHash}?network=mainnet-sample`)
    await expect(row(page, 'tx-status').locator('[data-status]')).toHaveAttribute('data-status', 'pre-byzantium')
    await expect(row(page, 'receipt-root')).toContainText(receipt.root)
    await expect(row(page, 'tx-block-number')).toHaveAttribute('data-value', BigInt(receipt.blockNumber).toString())
    await expect(row(page, 'tx-from')).toContainText(getAddress(receipt.from))
    await expect(row(page, 'tx-gas-used-value')).toHaveText(grouped(receipt.gasUsed))
    // The recording holds the receipt, not the transaction: the page says so, as a note and not an error, and shows what it has.
    await expect(page.getByTestId('not-recorded-panel')).toContainText('only its receipt or hash was recorded')
    await expect(page.getByTestId('error-panel')).toHaveCount(0)
    await expect(page.getByTestId('tx-log')).toHaveCount(receipt.logs.length)
    const first = receipt.logs[0]!
    if (first.topics[0] === transferTopic && first.topics.length === 3) {
      const decoded = decodeEventLog({ abi: erc20, topics: first.topics as [Hex, ...Hex[]], data: first.data })
      await expect(page.getByTestId('tx-log').first().getByTestId('log-value')).toHaveAttribute('data-value', decoded.args.value.toString())
    }
  })

  test('links to blocks prefetch on hover: the block page is asked for before the click', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const receipt = await firstReceiptWhere<RpcReceipt>(request, url, () => true)
    await openTransaction(page, `/tx/${receipt!.transactionHash}`)
    await expect(row(page, 'tx-gas-used-value')).toBeVisible()
    // This block's receipts (the network's first-use probe asks eth_getBlockReceipts of latest: not this).
    const number = toHex(BigInt(receipt!.blockNumber))
    const asked = page.waitForRequest((sent) => sent.method() === 'POST' && (sent.postData() ?? '').includes('eth_getBlockReceipts') && (sent.postData() ?? '').includes(`"${number}"`))
    await row(page, 'tx-block-number').getByRole('link').hover()
    const body = (await asked).postData() ?? ''
    expect(body).toContain(number)
  })
})

test.describe('address page', () => {
  test('an account: balance, nonce and no code, equal to the gateway; links to the logs and storage tools', async ({ page, request }) => {
    const url = await rpcUrl(request)
    await fund(request, url, 14)
    const address = account(14).address
    await page.goto(`/address/${address}`)
    await expect(page.getByTestId('address-balance')).toBeVisible()
    // The balance may move while the test reads it only if this spec sends from 14 meanwhile: it does not.
    const balance = BigInt(await call<Hex>(request, url, 'eth_getBalance', [address, 'latest']))
    const nonce = BigInt(await call<Hex>(request, url, 'eth_getTransactionCount', [address, 'latest']))
    const [whole, fraction] = formatEther(balance).split('.')
    await expect(page.getByTestId('address-balance')).toHaveText(`${BigInt(whole!).toLocaleString('en-US')}${fraction ? `.${fraction}` : ''} ETH`)
    await expect(page.getByTestId('address-balance-raw')).toContainText(toHex(balance))
    await expect(page.getByTestId('address-nonce')).toContainText(nonce.toLocaleString('en-US'))
    await expect(page.getByTestId('address-code-size')).toContainText('no code')
    await expect(page.getByTestId('address-kind')).toHaveText('Externally owned account')
    await expect(page.getByTestId('address-title')).toHaveText(getAddress(address))
    await expect(page.getByTestId('address-logs-link')).toHaveAttribute('href', `/logs?address=${address.toLowerCase()}`)
    await expect(page.getByTestId('address-storage-link')).toHaveAttribute('href', `/storage?address=${address.toLowerCase()}`)
  })

  test('the demo token: a contract with its code (collapsed), name and symbol', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts, token } = scenario()
    const code = await call<Hex>(request, url, 'eth_getCode', [contracts.token, 'latest'])
    await page.goto(`/address/${contracts.token}`)
    await expect(page.getByTestId('address-kind')).toHaveText('Contract')
    await expect(page.getByTestId('address-code-size-raw')).toHaveText(new RegExp(`(^|\\s)${((code.length - 2) / 2).toLocaleString('en-US')} bytes$`))
    await expect(page.getByTestId('address-token-name')).toHaveText(token.name)
    await expect(page.getByTestId('address-token-symbol')).toHaveText(token.symbol)
    await expect(page.getByTestId('address-code-hex')).toHaveCount(0)
    await page.getByTestId('address-code-toggle').click()
    await expect(page.getByTestId('address-code-hex')).toHaveText(code)
  })
})
