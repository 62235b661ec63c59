import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, parseAbi, toHex, type Hex } from 'viem'
import { devAccount, rpc, rpcUrl, watchReports } from './helpers.ts'

/**
 * Simulation in the call console (issue 43, item 5) on the real service: a failed transaction opened from its
 * page with "Simulate with changes", and a token transfer made possible by a state override. Every expected value
 * is the node's own answer to the same simulation (eth_simulateV1, debug_traceCall), asked in the test.
 */

type Scenario = { contracts: { token: Hex; reverter: Hex }; reverter: { failedTransaction: { hash: Hex; blockNumber: number } } }
type SimulatedBlock = { calls: Array<{ status: Hex; returnData: Hex; gasUsed: Hex; logs: Array<{ address: Hex; topics: Hex[] }>; error?: { message: string } }> }
type AccountState = { storage?: Record<Hex, Hex> }

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
const tokenAbi = parseAbi(['function transfer(address to, uint256 value) returns (bool)'])
/** GlassToken keeps balanceOf at slot 0 (its storage layout): a holder's entry is keccak256(abi.encode(holder, 0)). */
const balanceSlot = (holder: Hex): Hex => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 0n]))

test.describe('simulation', () => {
  test('a failed transaction, opened with "Simulate with changes": the same call on the block before, reverted as the node says', async ({ page, request }) => {
    const reports = watchReports(page)
    const url = await rpcUrl(request)
    const { hash, blockNumber } = scenario().reverter.failedTransaction
    const transaction = await rpc<{ from: Hex; to: Hex; input: Hex; gas: Hex; value: Hex }>(request, url, 'eth_getTransactionByHash', [hash])
    const call = { from: transaction.from, to: transaction.to, data: transaction.input, gas: transaction.gas, value: transaction.value }
    const [simulated] = await rpc<SimulatedBlock[]>(request, url, 'eth_simulateV1', [{ blockStateCalls: [{ calls: [call] }], validation: false, traceTransfers: false }, toHex(blockNumber - 1)])
    expect(simulated!.calls[0]!.status).toBe('0x0')

    await page.goto(`/tx/${hash}`)
    await page.getByTestId('tx-simulate').click()
    await expect(page).toHaveURL(/\/call\?.*method=simulate/)
    await expect(page.getByTestId('call-to')).toHaveValue(getAddress(transaction.to))
    await expect(page.getByTestId('call-block')).toHaveValue(String(blockNumber - 1))
    const result = page.getByTestId('simulation')
    await expect(result).toHaveAttribute('data-via', 'eth_simulateV1')
    await expect(result).toHaveAttribute('data-status', 'reverted')
    await expect(page.getByTestId('simulation-gas')).toHaveAttribute('data-value', BigInt(simulated!.calls[0]!.gasUsed).toString(10))
    await expect(page.getByTestId('revert-details')).toContainText('Reverter: value must be below 1000')
    await expect(page.getByTestId('simulation-trace').locator('[data-reverting]')).toHaveCount(1)
    await expect(page.getByTestId('call-panel')).toContainText('simulated')
    expect(reports).toEqual([])
  })

  test('a token transfer from an account given the tokens by a state override: return value, log, trace and named slots as the node simulates them', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { token } = scenario().contracts
    const from = devAccount(32).address
    const to = devAccount(33).address
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'transfer', args: [to, 250n] })
    const overrides = { [token]: { stateDiff: { [balanceSlot(from)]: toHex(1000n, { size: 32 }) } } }
    const call = { from, to: token, data }
    const [simulated] = await rpc<SimulatedBlock[]>(request, url, 'eth_simulateV1', [{ blockStateCalls: [{ stateOverrides: overrides, calls: [call] }], validation: false, traceTransfers: false }, 'latest'])
    const outcome = simulated!.calls[0]!
    expect(outcome.status).toBe('0x1')
    const diff = await rpc<{ pre: Record<Hex, AccountState>; post: Record<Hex, AccountState> }>(request, url, 'debug_traceCall', [call, 'latest', { tracer: 'prestateTracer', tracerConfig: { diffMode: true }, stateOverrides: overrides }])
    const changedSlots = diff.post[token.toLowerCase() as Hex]!.storage!

    const search = new URLSearchParams({ method: 'simulate', from, to: token, data, state: JSON.stringify(overrides) })
    await page.goto(`/call?${search}`)
    const result = page.getByTestId('simulation')
    await expect(result).toHaveAttribute('data-status', 'success')
    await expect(page.getByTestId('call-return-data')).toContainText(outcome.returnData.slice(2, 40))
    // Decoded by the token's published ABI (the console's builder has none here).
    await expect(page.getByTestId('call-decoded-0')).toHaveText(BigInt(outcome.returnData) === 1n ? 'true' : 'false')
    // The one Transfer log, as the node simulated it.
    await expect(page.getByTestId('tx-logs')).toContainText(`Logs (${outcome.logs.length})`)
    await expect(page.getByTestId('simulation-trace').getByTestId('tx-trace-row')).toHaveCount(1)
    // State changes: the two balance entries, each as the node's diff has it, named by the token's layout.
    const account = page.getByTestId('simulation-state').locator(`[data-testid="tx-state-account"][data-address="${token.toLowerCase()}"]`)
    await expect(account.getByTestId('tx-state-slot')).toHaveCount(Object.keys(changedSlots).length)
    for (const [slot, value] of Object.entries(changedSlots)) await expect(account.locator(`[data-slot="${slot}"]`)).toHaveAttribute('data-after', value)
    await expect(account.locator(`[data-slot="${balanceSlot(from)}"]`).getByTestId('tx-state-slot-name')).toHaveText(`balanceOf[${getAddress(from)}]`)
    await expect(account.locator(`[data-slot="${balanceSlot(to)}"]`).getByTestId('tx-state-slot-name')).toHaveText(`balanceOf[${getAddress(to)}]`)
    // The transfer moved 250 out of the overridden 1,000.
    await expect(account.locator(`[data-slot="${balanceSlot(from)}"]`)).toHaveAttribute('data-after', toHex(750n, { size: 32 }))
  })

  test('a state override that is not JSON: said under the field, nothing sent', async ({ page }) => {
    const { token } = scenario().contracts
    await page.goto(`/call?${new URLSearchParams({ method: 'simulate', to: token, data: '0x18160ddd', state: '{ balance: 1 }' })}`)
    await expect(page.getByTestId('call-invalid')).toContainText('not JSON')
    await expect(page.getByTestId('simulation')).toHaveCount(0)
  })
})
