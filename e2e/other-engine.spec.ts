import path from 'node:path'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { concatHex, encodeAbiParameters, encodeDeployData, encodeFunctionData, keccak256, padHex, parseAbi, toHex, type Hex } from 'viem'
import { artifactOf, compileContracts } from '../server/chain/compile.ts'
import { startHardhatNode, type HardhatNode } from '../server/testing/hardhatNode.ts'
import { devAccount, rpc, sendSigned, signAndSend, transactionsOfAddress, waitForReceipt } from './helpers.ts'
import { e2eNoWebSocketUrl, e2ePorts } from './ports.ts'
import { installTestWallet } from './testWallet.ts'

/**
 * chainglass on a second real EVM engine: a Hardhat node on loopback (server/testing/hardhatNode.ts), added
 * through the settings page by its own URL, as a user would. Hardhat has no eth_getBlockReceipts (it answers
 * -32004): the block page reads each receipt instead and says so, with no red error. Expected values come
 * from the Hardhat node itself.
 */

let node: HardhatNode
type Receipt = { blockNumber: Hex; status: Hex; gasUsed: Hex; transactionHash: Hex }
const seeded: { transfers: Receipt[]; failed: Receipt | null; token: Hex | null } = { transfers: [], failed: null, token: null }
const holder = devAccount(2).address
const tokenAbi = parseAbi(['function mint(address to, uint256 value)', 'function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address) view returns (uint256)'])

/** Creation code of a contract whose code is PUSH1 0 PUSH1 0 REVERT: any call to it fails, with no reason. */
const alwaysReverts: Hex = '0x6005600c60003960056000f360006000fd'

async function seed(request: APIRequestContext, url: string): Promise<void> {
  const from = devAccount(1)
  for (const value of [1n, 2n]) seeded.transfers.push(await waitForReceipt<Receipt>(request, url, await signAndSend(request, url, from, devAccount(2).address, value)))
  const created = await waitForReceipt<Receipt & { contractAddress: Hex }>(request, url, await sendSigned(request, url, from, { data: alwaysReverts, gas: 100_000n }))
  seeded.failed = await waitForReceipt<Receipt>(request, url, await sendSigned(request, url, from, { to: created.contractAddress, gas: 50_000n }))

  // A token of its own: the demo's GlassToken (compiled once by the service under test; its cache is read here),
  // minted to account 1, some of it sent on to account 2 (two Transfer logs).
  const { artifacts } = await compileContracts(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario', 'artifacts.json'))
  const glass = artifactOf(artifacts, 'GlassToken')
  const deployed = await waitForReceipt<Receipt & { contractAddress: Hex }>(request, url, await sendSigned(request, url, from, { data: encodeDeployData({ abi: glass.abi, bytecode: glass.bytecode, args: ['Hardhat Glass', 'HGL', 18] }), gas: 3_000_000n }))
  seeded.token = deployed.contractAddress
  await waitForReceipt(request, url, await sendSigned(request, url, from, { to: seeded.token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [from.address, 1_000n] }), gas: 200_000n }))
  await waitForReceipt(request, url, await sendSigned(request, url, from, { to: seeded.token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [holder, 250n] }), gas: 200_000n }))
}

/** Opens /settings and fills in a new network for the node, by its own URL; not saved yet. */
async function fillHardhatForm(page: Page): Promise<Locator> {
  await page.goto('/settings')
  await page.getByTestId('add-network').click()
  const form = page.getByTestId('network-form')
  await form.getByTestId('field-label').fill('Hardhat')
  await form.getByTestId('field-name').fill('hardhat')
  await form.getByTestId('endpoint-url').check()
  await form.getByTestId('field-rpcBase').fill(`${node.url}/`)
  await form.getByTestId('field-chainId').fill('31337')
  return form
}

/** Adds the node in settings by its own URL, its rules as Test connection finds them. */
async function addHardhat(page: Page): Promise<void> {
  const form = await fillHardhatForm(page)
  await form.getByTestId('network-form-test').click()
  await expect(form.getByTestId('rules-source')).toContainText('Filled in from what the node answered')
  await form.getByTestId('network-save').click()
  await expect(page.getByTestId('network-row-hardhat')).toBeVisible()
}

test.describe('a second engine: a Hardhat node added by its URL', () => {

  test.beforeAll(async ({ request }) => {
    node = await startHardhatNode({ port: e2ePorts.hardhat })
    await seed(request, node.url)
  })

  test.afterAll(async () => {
    await node?.stop()
  })

  test('added by its URL alone, as localhost: Test connection fills the chain id, the rules, a label and a name; one click adds it, labelled local', async ({ page, request }) => {
    const chainId = await rpc<Hex>(request, node.url, 'eth_chainId')
    const decimal = BigInt(chainId).toString()
    expect(await rpc<string>(request, node.url, 'web3_clientVersion')).toMatch(/^HardhatNetwork\//)
    await page.goto('/settings')
    await page.getByTestId('add-network').click()
    const form = page.getByTestId('network-form')
    await form.getByTestId('field-rpcBase').fill(`http://localhost:${node.port}`)
    await form.getByTestId('network-form-test').click()
    await expect(form.getByTestId('rules-source')).toContainText('Filled in from what the node answered')
    await expect(form.getByTestId('field-chainId')).toHaveValue(chainId)
    await expect(form.getByTestId('field-label')).toHaveValue(`Hardhat local · chain ${decimal}`)
    await expect(form.getByTestId('field-name')).toHaveValue(`hardhat-${decimal}`)
    // Hardhat has no eth_getBlockReceipts: the rule follows the node.
    await expect(form.getByTestId('field-blockReceipts')).not.toBeChecked()
    // Hardhat (EDR) offers the opcode log only, no eth_simulateV1, and eth_call's state overrides but not its
    // block overrides: the probe says each in the node's words.
    await expect(form.getByTestId('offer-callTracer')).toHaveAttribute('data-offered', 'false')
    await expect(form.getByTestId('offer-callTracer')).toContainText('only supports the default tracer')
    await expect(form.getByTestId('offer-prestateTracer')).toHaveAttribute('data-offered', 'false')
    await expect(form.getByTestId('offer-simulateV1')).toHaveAttribute('data-offered', 'false')
    await expect(form.getByTestId('offer-simulateV1')).toContainText('eth_simulateV1 is not supported')
    await expect(form.getByTestId('offer-stateOverrides')).toHaveAttribute('data-offered', 'true')
    await expect(form.getByTestId('offer-blockOverrides')).toHaveAttribute('data-offered', 'false')
    await form.getByTestId('network-save').click()
    await expect(page.getByTestId(`network-row-hardhat-${decimal}`)).toContainText('Added by you · local node')
    const transfer = seeded.transfers[0]!
    await page.goto(`/block/${BigInt(transfer.blockNumber)}?network=hardhat-${decimal}`)
    await expect(page.getByTestId('block-tx-row').first()).toContainText(/success/i)
  })

  test('added without testing it: its first use probes it, the rules follow the node, and the block page never asks eth_getBlockReceipts', async ({ page }) => {
    const form = await fillHardhatForm(page)
    // The rules as the form starts them: eth_getBlockReceipts assumed.
    await expect(form.getByTestId('field-blockReceipts')).toBeChecked()
    await form.getByTestId('network-save').click()
    const row = page.getByTestId('network-row-hardhat')
    await expect(row.getByTestId('learned-hardhat')).toContainText('Not probed in this browser yet')

    // Its first use: the page it opens on probes it a moment later, once.
    const sent: string[] = []
    page.on('request', (outgoing) => {
      if (outgoing.method() === 'POST' && outgoing.url().startsWith(node.url)) sent.push(outgoing.postData() ?? '')
    })
    await page.goto('/settings?network=hardhat')
    await expect(row.getByTestId('learned-hardhat')).toHaveAttribute('data-probed', /\d{4}-/)
    await expect(row.getByTestId('learned-hardhat')).toContainText('no eth_getBlockReceipts')
    await expect(row.getByTestId('chip-method-eth_getBlockReceipts')).toHaveAttribute('data-on', 'false')
    await expect(row.getByTestId('chip-tag-safe')).toHaveAttribute('data-on', 'true')
    expect(sent.filter((body) => body.includes('"eth_getBlockReceipts"'))).toHaveLength(1)
    await page.mouse.move(0, 0)

    // A block page now goes straight to the receipts one by one; the probe is not asked again.
    sent.length = 0
    const transfer = seeded.transfers[0]!
    await page.goto(`/block/${BigInt(transfer.blockNumber)}?network=hardhat`)
    await expect(page.getByTestId('block-receipts-fallback')).toContainText('does not offer eth_getBlockReceipts')
    await expect(page.getByTestId('block-tx-row').first()).toContainText(/success/i)
    expect(sent.filter((body) => body.includes('"eth_getBlockReceipts"'))).toEqual([])
    expect(sent.some((body) => body.includes('"eth_getTransactionReceipt"'))).toBe(true)
  })

  test('a WebSocket that does not exist: the head is polled over HTTP with a neutral "polling every 3 s" note, and keeps moving', async ({ page, request }) => {
    const form = await fillHardhatForm(page)
    await form.getByTestId('field-name').fill('hardhat-http')
    await form.getByTestId('field-label').fill('Hardhat over HTTP')
    // Nothing listens there (allowed by the deployment's policy all the same): the connection is refused.
    await form.getByTestId('field-wsBase').fill(e2eNoWebSocketUrl)
    await form.getByTestId('network-save').click()
    await expect(page.getByTestId('network-row-hardhat-http')).toBeVisible()

    await page.goto('/?network=hardhat-http')
    await expect(page.getByTestId('polling-badge')).toHaveText('polling every 3 s')
    await expect(page.getByTestId('polling-note')).toContainText('did not open')
    // A note, not the outage banner.
    await expect(page.getByTestId('connection-banner')).toHaveCount(0)
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-state', 'reconnecting')
    // The head keeps up with the node's own (Hardhat mines a block a second here).
    const shown = async () => Number((await page.getByTestId('head-number').textContent())?.replace(/\D/g, '') || -1)
    const nodeHead = async () => Number(BigInt(await rpc<Hex>(request, node.url, 'eth_blockNumber')))
    const before = await nodeHead()
    await expect.poll(shown).toBeGreaterThan(before)
    await page.mouse.move(0, 0)
  })

  test('added in settings; its block page reads the receipts one by one with a neutral note; a failed transaction says so', async ({ page, request }) => {
    expect(seeded.failed?.status).toBe('0x0')
    const form = await fillHardhatForm(page)
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
    await form.getByTestId('network-save').click()
    await expect(page.getByTestId('network-row-hardhat')).toBeVisible()

    // Home: the node's head, live over its WebSocket.
    await page.goto('/?network=hardhat')
    await expect(page.getByTestId('network-status')).toHaveAttribute('data-network', 'hardhat')
    await expect(page.getByTestId('head-number')).toBeVisible()

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
  })

  test('its address page: the history read block by block (Hardhat has no ots_*), equal to the node’s blocks, failed ones marked', async ({ page, request }) => {
    await addHardhat(page)
    const head = Number(BigInt(await rpc<Hex>(request, node.url, 'eth_blockNumber')))
    const expected = await transactionsOfAddress(request, node.url, devAccount(1).address, head)
    expect(expected).toContain(seeded.failed!.transactionHash)

    await page.goto(`/address/${devAccount(1).address}?network=hardhat`)
    const scanned = page.getByTestId('scanned-history')
    await expect(scanned).toHaveAttribute('data-phase', 'done')
    expect(await scanned.getByTestId('history-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-hash')))).toEqual(expected)
    const failedRow = scanned.locator(`[data-testid="history-row"][data-hash="${seeded.failed!.transactionHash}"]`)
    await expect(failedRow.getByTestId('history-status')).toHaveText(/Failed/)
  })

  test('a transaction’s call trace and state changes: Hardhat offers no callTracer, prestateTracer or ots_, and the page says so in what the node answered', async ({ page, request }) => {
    // What the node itself says when asked for a tracer: the page must quote it, not guess.
    const refusal = await request.post(node.url, { data: { jsonrpc: '2.0', id: 1, method: 'debug_traceCall', params: [{ to: holder }, 'latest', { tracer: 'callTracer' }] } })
    const said = ((await refusal.json()) as { error: { message: string } }).error.message
    expect(said).toMatch(/only supports the default tracer/)
    await addHardhat(page)
    await page.goto(`/tx/${seeded.failed!.transactionHash}?network=hardhat`)
    await page.getByTestId('tx-trace-toggle').click()
    const trace = page.getByTestId('tx-trace-unavailable')
    await expect(trace).toContainText('needs debug_traceTransaction with callTracer')
    await expect(trace).toContainText('only supports the default tracer')
    await expect(trace).toContainText('ots_traceTransaction')
    await page.getByTestId('tx-state-toggle').click()
    await expect(page.getByTestId('tx-state-unavailable')).toContainText('prestateTracer in diff mode, which it refused')
  })

  test('a simulation on Hardhat: eth_call with a state override (no eth_simulateV1), and what it lacks said in place of the logs, trace and state changes', async ({ page, request }) => {
    const token = seeded.token!
    const from = devAccount(34).address
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [from, 0n]))
    const state = { [token]: { stateDiff: { [slot]: toHex(1000n, { size: 32 }) } } }
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [holder, 5n] })
    // The node's own answer to the same call: the override gives the tokens, the transfer returns true.
    const answer = await rpc<Hex>(request, node.url, 'eth_call', [{ from, to: token, data }, 'latest', state])
    expect(BigInt(answer)).toBe(1n)
    await addHardhat(page)
    await page.goto(`/call?${new URLSearchParams({ network: 'hardhat', method: 'simulate', from, to: token, data, state: JSON.stringify(state) })}`)
    const result = page.getByTestId('simulation')
    await expect(result).toHaveAttribute('data-via', 'eth_call')
    await expect(result).toHaveAttribute('data-status', 'success')
    await expect(page.getByTestId('call-return-data')).toContainText(answer.slice(2, 40))
    await expect(page.getByTestId('simulation-via')).toContainText('this node has no eth_simulateV1')
    await expect(page.getByTestId('simulation-trace-unavailable')).toContainText('only supports the default tracer')
    await expect(page.getByTestId('simulation-state-unavailable')).toContainText('only supports the default tracer')
    await expect(page.getByTestId('simulation-logs-unavailable')).toContainText('the logs come from the call trace')
  })

  test('its token, published nowhere: Read contract offers the standard ERC-20 functions its code dispatches on, answered as the node answers', async ({ page, request }) => {
    await addHardhat(page)
    const token = seeded.token!
    await page.goto(`/address/${token}?network=hardhat`)
    const panel = page.getByTestId('read-contract')
    await expect(panel.getByTestId('read-source')).toHaveText('standard ERC-20 / ERC-721 functions its code dispatches on')
    const balance = panel.locator('[data-testid="read-function"][data-signature="balanceOf(address)"]')
    await balance.getByTestId('arg-0').fill(holder)
    await balance.getByTestId('read-query').click()
    const expected = BigInt(await rpc<Hex>(request, node.url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'balanceOf', args: [holder] }) }, 'latest']))
    await expect(balance.getByTestId('read-value')).toHaveAttribute('data-value', expected.toString())
    expect(expected).toBe(250n)
  })

  test('its token: the Transfer logs, a balanceOf call and the balance’s storage slot, each equal to the node’s answer', async ({ page, request }) => {
    const token = seeded.token!
    await addHardhat(page)

    // Logs: every log of the token, as many as the node returns for the whole chain.
    const logs = await rpc<unknown[]>(request, node.url, 'eth_getLogs', [{ address: token, fromBlock: '0x0', toBlock: 'latest' }])
    expect(logs).toHaveLength(2)
    await page.goto(`/logs?network=hardhat&address=${token}&fromBlock=0&toBlock=latest`)
    await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')
    await expect(page.getByTestId('logs-count')).toHaveAttribute('data-count', String(logs.length))

    // Call: balanceOf(holder), the same bytes the node returns.
    const block = BigInt(await rpc<Hex>(request, node.url, 'eth_blockNumber'))
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'balanceOf', args: [holder] })
    const answer = await rpc<Hex>(request, node.url, 'eth_call', [{ to: token, data }, `0x${block.toString(16)}`])
    expect(BigInt(answer)).toBe(250n)
    await page.goto(`/call?network=hardhat&to=${token}&data=${data}&block=${block}`)
    await expect(page.getByTestId('call-status')).toHaveText('returned')
    await expect(page.getByTestId('call-return-data')).toHaveText(answer)

    // Storage: balanceOf is GlassToken's mapping at slot 0; its slot for the holder reads the same balance.
    await page.goto(`/storage?network=hardhat&address=${token}&slot=0&keys=address:${holder}&block=${block}`)
    await expect(page.getByTestId('storage-slot')).toHaveText(keccak256(concatHex([padHex(holder, { size: 32 }), padHex('0x0', { size: 32 })])))
    await expect(page.getByTestId('storage-as-uint')).toHaveText('250')
  })

  // Last: its approve adds an Approval log to the token, which the test above counts the logs of.
  test('its token’s holders and a Write through an injected wallet, on Hardhat: balances and the allowance as the node has them', async ({ page, request }) => {
    const owner = devAccount(3)
    const wallet = await installTestWallet(page, request, node.url, owner, '0x7a69')
    await addHardhat(page)
    const token = seeded.token!
    const balanceOf = async (who: Hex) => BigInt(await rpc<Hex>(request, node.url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: tokenAbi, functionName: 'balanceOf', args: [who] }) }, 'latest']))
    await page.goto(`/address/${token}?network=hardhat`)
    await page.getByTestId('holders-start').click()
    const rows = page.getByTestId('holder-row')
    await expect(rows).toHaveCount(2)
    const shown = await rows.evaluateAll((list) => list.map((row) => [row.querySelector('[data-testid="holder-address"]')!.getAttribute('data-value')!.toLowerCase(), row.querySelector('[data-testid="holder-balance"]')!.getAttribute('data-value')!]))
    expect(shown).toEqual([
      [devAccount(1).address.toLowerCase(), (await balanceOf(devAccount(1).address)).toString()],
      [holder.toLowerCase(), (await balanceOf(holder)).toString()],
    ])

    // Write, with the standard ERC-20 functions its code dispatches on (published nowhere).
    const spender = devAccount(4).address
    await page.getByTestId('write-connect').filter({ hasText: 'Test Wallet' }).click()
    const approve = page.locator('[data-testid="write-function"][data-signature="approve(address,uint256)"]')
    await approve.getByTestId('arg-0').fill(spender)
    await approve.getByTestId('arg-1').fill('42')
    await approve.getByTestId('write-send').click()
    await expect(page).toHaveURL(/\/tx\/0x[0-9a-f]{64}\?network=hardhat$/)
    const allowance = BigInt(await rpc<Hex>(request, node.url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: parseAbi(['function allowance(address,address) view returns (uint256)']), functionName: 'allowance', args: [owner.address, spender] }) }, 'latest']))
    expect(allowance).toBe(42n)
    // Already on the chain: no switch asked.
    expect((await wallet.calls()).map((entry) => entry.method)).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_sendTransaction'])
  })
})
