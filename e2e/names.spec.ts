import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { encodeAbiParameters, encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { devAccount, fundTestAccount, rpc, rpcUrl, sendSigned, waitForReceipt } from './helpers.ts'

/**
 * Names for what the chain carries (issue 16, item 4): our own contracts' calls named by the ABIs the local service
 * publishes, well-known selectors by the build-time table, and calldata nobody knows split into words with a
 * guess at each. Expected names come from the compiled ABI in the data dir or viem's standard ABIs; the unknown
 * call is built here from values whose types the test knows.
 */

type Scenario = { reverter: { failedTransaction: { hash: Hex } }; contracts: { token: Hex }; emitter: { event: string; transactions: Array<{ hash: Hex }> } }
const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario

test.describe('names for calls', () => {
  test('a log of our own emitter is named on the transaction page by the published ABI, with its arguments', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { emitter } = scenario()
    const hash = emitter.transactions[0]!.hash
    const receipt = await rpc<{ logs: Array<{ topics: Hex[] }> }>(request, url, 'eth_getTransactionReceipt', [hash])
    // The event as scenario.json records it ("Tick(uint256 indexed counter, uint256 batch)"): its name, and topic 1 as the counter.
    const name = /^(?:event )?(\w+)\(/.exec(emitter.event)![1]!
    await page.goto(`/tx/${hash}`)
    const first = page.getByTestId('tx-log').first()
    // A receipt of 4,200 logs (2.4 MB): the server's first screen may miss its deadline, and the page reads it itself.
    await expect(first.getByTestId('log-event')).toHaveText(name)
    await expect(first).toContainText(BigInt(receipt.logs[0]!.topics[1]!).toString())
  })

  test('the demo Reverter call is named by the ABI the service publishes, with its argument', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { hash } = scenario().reverter.failedTransaction
    const published = (await (await request.get('/contracts/devnet.json')).json()) as { contracts: Array<{ name: string; abi: Array<{ type: string; name?: string; inputs?: Array<{ name: string; type: string }> }> }> }
    const reverter = published.contracts.find((contract) => contract.name === 'Reverter')!
    const transaction = await rpc<{ input: Hex }>(request, url, 'eth_getTransactionByHash', [hash])
    const setValue = reverter.abi.find((item) => item.type === 'function' && item.name === 'setValue')!
    await page.goto(`/tx/${hash}`)
    await expect(page.getByTestId('tx-input-function')).toHaveText(`setValue(${setValue.inputs!.map((input) => input.type).join(',')})`)
    await expect(page.getByTestId('tx-input-source')).toHaveText('Reverter ABI')
    await expect(page.getByTestId('tx-input-selector')).toContainText(transaction.input.slice(0, 10))
    await expect(page.getByTestId(`tx-input-arg-${setValue.inputs![0]!.name}`)).toHaveAttribute('data-value', BigInt(`0x${transaction.input.slice(10)}`).toString())
  })

  test('calldata no ABI knows is split into words with a guess at each; a well-known selector is named', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const sender = devAccount(22)
    await fundTestAccount(request, url, sender.address)
    // Arguments of known types under a selector no ABI declares: an address, a small number, a negative number.
    const args = encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'int256' }], [sender.address, 42n, -1n])
    const unknown = `0x0badc0de${args.slice(2)}` as Hex
    // An ERC-20 transfer call by viem's standard ABI, sent to an account (nothing runs; the input is what it is).
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [sender.address, 5n] })
    const hashes: Hex[] = []
    for (const data of [unknown, transfer]) {
      const hash = await sendSigned(request, url, sender, { to: devAccount(23).address, data, gas: 100_000n })
      await waitForReceipt(request, url, hash)
      hashes.push(hash)
    }
    await page.goto(`/tx/${hashes[0]}`)
    await expect(page.getByTestId('tx-input-selector')).toContainText('0x0badc0de')
    await expect(page.getByTestId('tx-input-word-guess')).toHaveText(['address', 'small number', 'negative number'])
    await page.goto(`/tx/${hashes[1]}`)
    await expect(page.getByTestId('tx-input-function')).toHaveText('transfer(address,uint256)')
    await expect(page.getByTestId('tx-input-source')).toHaveText('well-known signature')
  })
})
