import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { decodeErrorResult, decodeFunctionResult, encodeErrorResult, encodeFunctionData, parseAbi, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { fulfillEdited, gatewayBlockNumber, rpcUrl } from './helpers.ts'

/**
 * The call and gas console against the real service: reverts with a reason, a panic and a custom error,
 * a decoded return value, an estimate, and the gas cap. Every expected value is asked of the gateway here.
 */

type Scenario = { contracts: Record<'token' | 'reverter', Hex>; token: { balances: Array<{ account: Hex; role: string }> } }

function scenario(): Scenario {
  return JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
}

const devMnemonic = 'test test test test test test test test test test test junk'
/** Accounts 10-19 are the tests'; this spec calls from 16 (nothing is sent). */
const caller = mnemonicToAccount(devMnemonic, { addressIndex: 16 }).address
/** eth_estimateGas checks the sender can pay: the scenario's deployer is funded, and an estimate sends nothing. */
const funded = mnemonicToAccount(devMnemonic, { addressIndex: 0 }).address
const recipient = mnemonicToAccount(devMnemonic, { addressIndex: 17 }).address

type RpcAnswer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

async function rpc(request: APIRequestContext, method: string, params: unknown[]): Promise<RpcAnswer> {
  const response = await request.post(await rpcUrl(request), { data: { jsonrpc: '2.0', id: 1, method, params } })
  return (await response.json()) as RpcAnswer
}

/** The console's URL for a call (the builder's abi/fn/arg params when given). */
function callUrl(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) for (const item of [value].flat()) search.append(key, item)
  return `/call?${search}`
}

async function openCall(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByTestId('call-status')).toBeVisible()
}

const reverterAbi = parseAbi(['function revertWithReason()', 'function panicDivide(uint256, uint256) returns (uint256)', 'function revertWithCustomError()'])

test.describe('call and gas console', () => {
  test('a revert shows the node message and the decoded reason', async ({ page, request }) => {
    const { reverter } = scenario().contracts
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' })
    const answer = await rpc(request, 'eth_call', [{ from: caller, to: reverter, data }, 'latest'])
    expect(answer.error?.code).toBe(3)
    const message = answer.error!.message
    expect(message).toMatch(/^execution reverted: /)

    await openCall(page, callUrl({ from: caller, to: reverter, abi: 'revertWithReason()', fn: 'revertWithReason()' }))
    await expect(page.getByTestId('call-status')).toHaveText('reverted')
    await expect(page.getByTestId('revert-message')).toHaveText(message)
    await expect(page.getByTestId('revert-kind')).toHaveText('Error(string)')
    // The spec's message is `execution reverted: <decoded revert reason>`.
    await expect(page.getByTestId('revert-reason')).toHaveText(message.slice('execution reverted: '.length))
    await expect(page.getByTestId('revert-data')).toHaveText(answer.error!.data as string)
    // The builder put the calldata into the URL's call: the link reruns the same call.
    await expect(page.getByTestId('call-data')).toHaveValue(data)
  })

  test('a panic shows its code and what the code means', async ({ page, request }) => {
    const { reverter } = scenario().contracts
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'panicDivide', args: [1n, 0n] })
    const answer = await rpc(request, 'eth_call', [{ to: reverter, data }, 'latest'])
    expect(answer.error?.code).toBe(3)
    const payload = answer.error!.data as Hex
    // Panic(uint256): the code is the payload's one argument word.
    const code = BigInt(`0x${payload.slice(10)}`)
    const meaning = answer.error!.message.slice('execution reverted: '.length)

    await openCall(page, callUrl({ to: reverter, data }))
    await expect(page.getByTestId('revert-kind')).toHaveText('Panic(uint256)')
    await expect(page.getByTestId('revert-panic-code')).toHaveText(`0x${code.toString(16).padStart(2, '0')}`)
    await expect(page.getByTestId('revert-panic-meaning')).toHaveText(meaning)
  })

  test('an error no known ABI has stays undecoded: its selector, its raw data, and how to name it', async ({ page }) => {
    // Creation code that reverts with a 36-byte payload under a selector no ABI here declares (0xdeadbeef):
    // PUSH1 36, PUSH1 12 (payload offset), PUSH1 0, CODECOPY, PUSH1 36, PUSH1 0, REVERT, payload.
    const payload = `0xdeadbeef${'00'.repeat(31)}2a` as Hex
    const initCode = `0x6024600c60003960246000fd${payload.slice(2)}` as Hex
    await openCall(page, callUrl({ from: caller, data: initCode }))
    await expect(page.getByTestId('revert-kind')).toHaveText('not decoded')
    await expect(page.getByTestId('revert-undecoded')).toContainText('0xdeadbeef')
    await expect(page.getByTestId('revert-data')).toHaveText(payload)
  })

  test('a custom error of our own contract decodes with the ABI the service publishes, and the builder\'s signature names it the same', async ({ page, request }) => {
    const { reverter } = scenario().contracts
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithCustomError' })
    const answer = await rpc(request, 'eth_call', [{ from: caller, to: reverter, data }, 'latest'])
    const payload = answer.error!.data as Hex
    const errorAbi = parseAbi(['error InsufficientFunds(address account, uint256 available, uint256 required)'])
    const expected = decodeErrorResult({ abi: errorAbi, data: payload })

    // Nothing given: the Reverter's ABI, published by the local service (/contracts/devnet.json), names it.
    await openCall(page, callUrl({ from: caller, to: reverter, data }))
    await expect(page.getByTestId('revert-kind')).toHaveText('custom error')
    await expect(page.getByTestId('revert-custom')).toHaveText('InsufficientFunds(address,uint256,uint256)')
    await expect(page.getByTestId('revert-data')).toHaveText(payload)

    // Given in the builder, as a typed line: decoded, with named arguments. Run from the form.
    await page.getByTestId('builder-abi').fill('revertWithCustomError()\nerror InsufficientFunds(address account, uint256 available, uint256 required)')
    await expect(page.getByTestId('builder-function')).toHaveValue('revertWithCustomError()')
    await page.getByTestId('call-run').click()
    await expect(page).toHaveURL(/abi=/)
    await expect(page.getByTestId('revert-kind')).toHaveText('custom error')
    await expect(page.getByTestId('revert-custom')).toHaveText('InsufficientFunds(address,uint256,uint256)')
    const args = page.getByTestId('revert-custom-args')
    const [account, available, required] = expected.args as readonly [Hex, bigint, bigint]
    await expect(args).toContainText(account)
    await expect(args).toContainText(available.toString(10))
    await expect(args).toContainText(required.toString(10))
  })

  test('the target’s known ABI is offered: the token’s published ABI fills the builder, and its balanceOf decodes to the holder balance', async ({ page, request }) => {
    const { contracts, token } = scenario()
    const holder = token.balances.find((entry) => entry.role === 'holder')!.account
    const abi = parseAbi(['function balanceOf(address) view returns (uint256)'])
    const answer = await rpc(request, 'eth_call', [{ to: contracts.token, data: encodeFunctionData({ abi, functionName: 'balanceOf', args: [holder] }) }, 'latest'])
    const balance = decodeFunctionResult({ abi, functionName: 'balanceOf', data: answer.result as Hex })

    await page.goto('/call')
    await expect(page.getByTestId('call-idle')).toBeVisible()
    // Nothing offered before the target is an address.
    await expect(page.getByTestId('builder-known')).toHaveCount(0)
    await page.getByTestId('call-to').fill(contracts.token)
    await page.getByTestId('builder-known').click()
    await expect(page.getByTestId('builder-known-note')).toHaveText('The ABI this deployment publishes for the target.')
    await page.getByTestId('builder-function').selectOption('balanceOf(address)')
    await page.getByTestId('builder-arg-0').fill(holder)
    await page.getByTestId('call-run').click()
    await expect(page.getByTestId('call-status')).toHaveText('returned')
    await expect(page.getByTestId('call-decoded-0')).toHaveText(balance.toString(10))
  })

  test('balanceOf built from its signature decodes to the holder balance', async ({ page, request }) => {
    const { contracts, token } = scenario()
    const holder = token.balances.find((entry) => entry.role === 'holder')!.account
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    const abi = parseAbi(['function balanceOf(address) view returns (uint256)'])
    const answer = await rpc(request, 'eth_call', [{ to: contracts.token, data: encodeFunctionData({ abi, functionName: 'balanceOf', args: [holder] }) }, `0x${block.toString(16)}`])
    const balance = decodeFunctionResult({ abi, functionName: 'balanceOf', data: answer.result as Hex })

    // Filled in by hand, as a user would: to, the signature, the argument, the block; then Run.
    await page.goto('/call')
    await expect(page.getByTestId('call-idle')).toBeVisible()
    await page.getByTestId('call-to').fill(contracts.token)
    await page.getByTestId('builder-abi').fill('balanceOf(address) view returns (uint256)')
    await page.getByTestId('builder-arg-0').fill(holder)
    await expect(page.getByTestId('builder-status')).toContainText('0x70a08231')
    await page.getByTestId('call-block').fill(String(block))
    await page.getByTestId('call-run').click()
    await expect(page.getByTestId('call-status')).toHaveText('returned')
    await expect(page.getByTestId('call-decoded-0')).toHaveText(balance.toString(10))
    await expect(page.getByTestId('call-return-data')).toHaveText(answer.result as string)

    // The URL holds the call: opening it again runs it at once, with the same answer.
    const url = page.url()
    expect(url).toContain(`to=${contracts.token}`)
    expect(url).toContain(`block=${block}`)
    await page.goto('about:blank')
    await openCall(page, url)
    await expect(page.getByTestId('call-decoded-0')).toHaveText(balance.toString(10))
  })

  test('eth_estimateGas of an ETH transfer shows 21000; the gas cap and failover are shown', async ({ page, request }) => {
    const estimate = await rpc(request, 'eth_estimateGas', [{ from: funded, to: recipient, value: '0xde0b6b3a7640000' }, 'latest'])
    const expected = BigInt(estimate.result as Hex)
    expect(expected).toBe(21_000n)

    await openCall(page, callUrl({ method: 'eth_estimateGas', from: funded, to: recipient, value: '1 ether' }))
    await expect(page.getByTestId('call-method-eth_estimateGas')).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByTestId('call-status')).toHaveText('estimated')
    await expect(page.getByTestId('estimate-gas')).toHaveAttribute('data-value', expected.toString())
    await expect(page.getByTestId('estimate-gas')).toHaveText('21,000')

    // The spec's cap: 10 × the current block gas limit.
    const latest = (await rpc(request, 'eth_getBlockByNumber', ['latest', false])).result as { gasLimit: Hex }
    await expect(page.getByTestId('gas-cap')).toHaveAttribute('data-cap', (BigInt(latest.gasLimit) * 10n).toString())
    await page.getByTestId('call-gas').fill((BigInt(latest.gasLimit) * 10n + 1n).toString())
    await expect(page.getByTestId('gas-cap')).toContainText('above the cap')
    // The local devnet's plan has no eth_estimateGas failover.
    await expect(page.getByTestId('estimate-failover')).toHaveText('not offered by this network')
  })

  test('a reason holding markup and hidden characters is shown as text (answer injected: no demo contract reverts so)', async ({ page, request }) => {
    const { reverter } = scenario().contracts
    const reason = '<img src=x onerror="window.__pwned=1"> \u202eevil\u0007 ok'
    const payload = encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] })
    const gateway = await rpcUrl(request)
    // The real answer is fetched, then its eth_call entries replaced by a revert carrying the reason.
    await page.route(gateway, async (route) => {
      const sent = JSON.parse(route.request().postData() ?? 'null') as { id: number; method: string } | Array<{ id: number; method: string }>
      const calls = new Set([sent].flat().filter((entry) => entry.method === 'eth_call').map((entry) => entry.id))
      if (calls.size === 0) return route.continue()
      const inject = (entry: { id: number }) => (calls.has(entry.id) ? { jsonrpc: '2.0', id: entry.id, error: { code: 3, message: `execution reverted: ${reason}`, data: payload } } : entry)
      await fulfillEdited(route, (answer: { id: number } | Array<{ id: number }>) => (Array.isArray(answer) ? answer.map(inject) : inject(answer)))
    })
    await openCall(page, callUrl({ to: reverter, data: '0x5b2dd100' }))
    await expect(page.getByTestId('revert-reason')).toHaveText(reason)
    await expect(page.getByTestId('revert-message')).toHaveText(`execution reverted: ${reason}`)
    await expect(page.getByTestId('revert-reason-escaped')).toContainText('\\u{202e}evil\\u{0007}')
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  })

  test('a link with a bad call says what is wrong and sends nothing', async ({ page }) => {
    let sent = 0
    page.on('request', (req) => {
      const body = req.postData() ?? ''
      if (body.includes('eth_call')) sent++
    })
    await page.goto(callUrl({ to: '0x1234', gas: 'lots' }))
    await expect(page.getByTestId('call-invalid')).toContainText('not a 20-byte address')
    await expect(page.getByTestId('call-invalid')).toContainText('gas')
    await expect(page.locator('[id$="-to-problem"]')).toBeVisible()
    expect(sent).toBe(0)
  })
})
