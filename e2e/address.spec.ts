import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, getAddress, keccak256, pad, toEventSelector, toFunctionSelector, toHex, type Hex } from 'viem'
import { devAccount, fundTestAccount, refuseOtterscan, rpc, rpcUrl, sendSigned, transactionsOfAddress, waitForReceipt } from './helpers.ts'
import { installTestWallet } from './testWallet.ts'

/**
 * The address page that explains (issue 16, items 1, 2 and 4): the node's history (ots_*) paged both ways,
 * token transfers from eth_getLogs with the scanner, token balances, the contract's name, creator, functions
 * and proxy kind. Expected values come from the chain, asked through the gateway in the test (ots_*, eth_getLogs,
 * eth_call with viem's ERC-20 ABI), or from the data dir's scenario.json; never from the app.
 */

type Scenario = {
  deployer: Hex
  contracts: { token: Hex; nft: Hex }
  deployment: { token: { contract: string; transaction: Hex } }
  token: { balances: Array<{ account: Hex; role: string; balance: string }> }
}
type OtsTx = { hash: Hex; blockNumber: Hex; transactionIndex: Hex; from: Hex; to: Hex | null }

/** A page as people read it: newest first, by block then position (nodes differ in the order they send). */
const newestFirst = (txs: OtsTx[]) => [...txs].sort((a, b) => Number(BigInt(b.blockNumber) - BigInt(a.blockNumber)) || Number(BigInt(b.transactionIndex) - BigInt(a.transactionIndex))).map((tx) => tx.hash)
type OtsPage = { txs: OtsTx[]; receipts: Array<{ transactionHash: Hex; gasUsed: Hex; effectiveGasPrice: Hex }>; firstPage: boolean; lastPage: boolean }
type Log = { address: Hex; topics: Hex[]; data: Hex; transactionHash: Hex; blockNumber: Hex; logIndex: Hex }

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
/** The scenario's holder whose balance no traffic moves (the traffic accounts' balances change every block). */
const holder = () => scenario().token.balances.find((entry) => entry.role === 'holder' && entry.balance === '14000000000000000000000')?.account ?? scenario().token.balances[2]!.account

async function tokenFacts(request: APIRequestContext, url: string, token: Hex, owner: Hex, block: Hex) {
  const ask = async (functionName: 'decimals' | 'symbol' | 'balanceOf', args?: readonly [Hex]): Promise<unknown> =>
    decodeFunctionResult({ abi: erc20Abi, functionName, data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName, args } as never) }, block]) })
  return { decimals: Number(await ask('decimals')), symbol: String(await ask('symbol')), balance: (await ask('balanceOf', [owner])) as bigint }
}

async function rowHashes(page: Page): Promise<string[]> {
  return page.getByTestId('history-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-hash') ?? ''))
}

/** Signs a contract creation with dev account 21 (funded from the deployer) and waits for its receipt. */
async function deploy(request: APIRequestContext, url: string, initCode: Hex): Promise<Hex> {
  const account = devAccount(21)
  await fundTestAccount(request, url, account.address)
  const receipt = await waitForReceipt<{ contractAddress: Hex; status: Hex }>(request, url, await sendSigned(request, url, account, { data: initCode, gas: 300_000n }))
  expect(receipt.status).toBe('0x1')
  return getAddress(receipt.contractAddress)
}

test.describe('address page: activity, balances, contract', () => {
  test('the node history lists the newest page as ots_searchTransactionsBefore gives it, and pages older and back', async ({ page, request }) => {
    const url = await rpcUrl(request)
    // A traffic account: it sends in most blocks of the seeded history the service builds at start
    // (CHAINGLASS_HISTORY_BLOCKS), so it has more than one page (25). Asked for 26, not for lastPage: anvil
    // says lastPage false for a page of exactly 25 with nothing older.
    const address = scenario().token.balances.find((entry) => entry.role === 'traffic')!.account
    expect((await rpc<OtsPage>(request, url, 'ots_searchTransactionsBefore', [address, 0, 26])).txs.length).toBeGreaterThan(25)
    await page.goto(`/address/${address}`)
    await expect(page.getByTestId('address-tab-transactions')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('history-row').first()).toBeVisible()
    // The chain's answer, asked after the page's (new blocks may add rows in between: compare from the page's newest block down).
    const shown = await rowHashes(page)
    const newestBlock = Number(BigInt((await rpc<OtsTx>(request, url, 'eth_getTransactionByHash', [shown[0]])).blockNumber))
    const chain = await rpc<OtsPage>(request, url, 'ots_searchTransactionsBefore', [address, newestBlock + 1, 25])
    expect(shown).toEqual(newestFirst(chain.txs))
    // Each row: direction from the chain's from/to, the fee from the receipt.
    const first = chain.txs[0]!
    const firstRow = page.getByTestId('history-row').first()
    await expect(firstRow.getByTestId('history-direction')).toHaveAttribute('data-value', first.from.toLowerCase() === address.toLowerCase() ? 'out' : 'in')
    const receipt = chain.receipts.find((entry) => entry.transactionHash === first.hash)!
    await expect(firstRow.getByTestId('history-fee')).toHaveAttribute('data-value', (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString())

    expect(chain.lastPage).toBe(false)
    {
      const oldest = Number(BigInt(chain.txs.at(-1)!.blockNumber))
      await page.getByTestId('history-older').click()
      await expect(page).toHaveURL(new RegExp(`[?&]page=before%3A${oldest}`))
      const older = await rpc<OtsPage>(request, url, 'ots_searchTransactionsBefore', [address, oldest, 25])
      await expect.poll(() => rowHashes(page)).toEqual(newestFirst(older.txs))
      await page.getByTestId('history-newer').click()
      await expect(page).toHaveURL(/[?&]page=after%3A/)
      await expect(page.getByTestId('history-row').first()).toBeVisible()
      await page.getByTestId('history-oldest').click()
      const oldestPage = await rpc<OtsPage>(request, url, 'ots_searchTransactionsAfter', [address, 0, 25])
      await expect.poll(() => rowHashes(page)).toEqual(newestFirst(oldestPage.txs))
      await expect(page.getByTestId('history-oldest')).toBeDisabled()
    }
  })

  test('token transfers come from eth_getLogs over the range, and the balances of those tokens are read at a shown block', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const address = holder()
    const { token } = scenario().contracts
    await page.goto(`/address/${address}?tab=tokens`)
    await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')
    const to = BigInt((await page.getByTestId('logs-progress-title').textContent())!.replace(/.*–\s*/, '').replace(/,/g, ''))
    // The same movements, asked of the chain with the two ERC-20/721 filters (the demo has no ERC-1155).
    const who = pad(address.toLowerCase() as Hex, { size: 32 })
    const transfer = toEventSelector('Transfer(address,address,uint256)')
    const range = { fromBlock: '0x0', toBlock: toHex(to) }
    const logs = [...(await rpc<Log[]>(request, url, 'eth_getLogs', [{ ...range, topics: [transfer, who] }])), ...(await rpc<Log[]>(request, url, 'eth_getLogs', [{ ...range, topics: [transfer, null, who] }]))]
    await expect(page.getByTestId('token-activity-row')).toHaveCount(new Set(logs.map((log) => `${log.transactionHash}:${log.logIndex}`)).size)
    // The balance of the demo token, read by the test at the block the panel names.
    const blockText = (await page.getByTestId('address-balances-block').textContent())!.replace(/[^\d]/g, '')
    const facts = await tokenFacts(request, url, token, address, toHex(BigInt(blockText)))
    const row = page.locator(`[data-testid="balance-row"][data-token="${token.toLowerCase()}"]`)
    await expect(row.getByTestId('balance-amount')).toContainText(`${Number(formatUnits(facts.balance, facts.decimals)).toLocaleString('en-US')} ${facts.symbol}`)
    await expect(row.getByTestId('balance-value')).toHaveAttribute('data-value', facts.balance.toString())
  })

  test('a range that is not one gets a clear message, and a narrow range scans only its blocks', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const address = holder()
    await page.goto(`/address/${address}?tab=tokens&from=abc`)
    await expect(page.getByTestId('token-range-problem')).toContainText('“abc” is not a block number')
    await page.goto(`/address/${address}?tab=tokens&from=9&to=3`)
    await expect(page.getByTestId('token-range-problem')).toContainText('after to block 3')
    const head = Number(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber')))
    await page.getByTestId('token-range-from').fill(String(head - 5))
    await page.getByTestId('token-range-to').fill(String(head))
    await page.getByTestId('token-range-apply').click()
    await expect(page).toHaveURL(new RegExp(`from=${head - 5}&to=${head}`))
    await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')
    await expect(page.getByTestId('logs-blocks-covered')).toHaveText('6 of 6')
  })

  test('without ots_* (ots_getApiLevel refused: injected fault) the transactions are read block by block, equal to the chain’s, and token transfers still list', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const address = holder().toLowerCase()
    await refuseOtterscan(page, url)
    await page.goto(`/address/${holder()}`)
    await expect(page.getByTestId('address-tab-transactions')).toHaveAttribute('aria-selected', 'true')
    const scanned = page.getByTestId('scanned-history')
    await expect(scanned).toHaveAttribute('data-phase', 'done')
    // The range the page covered (other tests may mine meanwhile: its end is the head when it began).
    const coverage = (await page.getByTestId('scanned-history-coverage').textContent()) ?? ''
    const head = Number(/^The whole chain: blocks 0 – ([\d,]+), read block by block$/.exec(coverage)?.[1]?.replaceAll(',', '') ?? NaN)
    expect(head).toBeLessThanOrEqual(Number(BigInt(await rpc<Hex>(request, url, 'eth_blockNumber'))))
    // What the chain says of those blocks: every block's transactions, newest first, kept where the address sent or received.
    const expected = await transactionsOfAddress(request, url, address as Hex, head)
    expect(expected.length).toBeGreaterThan(0)
    await expect(page.getByTestId('scanned-history-status')).toContainText('a transfer inside another contract')
    expect(await scanned.getByTestId('history-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-hash')))).toEqual(expected)
    // Exported: the same transactions in the same order, a line each.
    const [history] = await Promise.all([page.waitForEvent('download'), page.getByTestId('history-export').click()])
    const historyLines = fs.readFileSync((await history.path())!, 'utf8').trimEnd().split('\n')
    expect(historyLines[0]).toMatch(/^blockNumber,timestamp,transactionHash,direction,/)
    expect(historyLines.slice(1).map((line) => line.split(',')[2])).toEqual(expected)

    await page.getByTestId('address-tab-tokens').click()
    await expect(page.getByTestId('token-activity-row').first()).toBeVisible()
    await expect(page.getByTestId('logs-progress-state')).toHaveAttribute('data-phase', 'done')
    const [tokens] = await Promise.all([page.waitForEvent('download'), page.getByTestId('token-activity-export').click()])
    const tokenLines = fs.readFileSync((await tokens.path())!, 'utf8').trimEnd().split('\n')
    expect(tokenLines[0]).toBe('blockNumber,transactionHash,logIndex,standard,token,from,to,tokenId,amount')
    expect(tokenLines.length - 1).toBe(await page.getByTestId('token-activity-row').count())
    await expect(page.getByTestId('contract-creator')).toHaveCount(0)
  })

  test('a token’s holders: everyone its Transfer logs name who holds some, largest first, each balance equal to balanceOf, with its share of totalSupply', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { token } = scenario().contracts
    await page.goto(`/address/${token}`)
    await page.getByTestId('holders-start').click()
    const rows = page.getByTestId('holders').getByTestId('holder-row')
    await expect(rows.first()).toBeVisible()
    // The range the page searched (other tests may mine meanwhile): balances are compared at its last block.
    const title = (await page.getByTestId('holders').getByTestId('logs-progress-title').textContent()) ?? ''
    const head = `0x${BigInt(/^Searched blocks 0 – ([\d,]+)$/.exec(title)?.[1]?.replaceAll(',', '') ?? '-1').toString(16)}` as Hex
    // From the chain: every address a Transfer of the token names, and what each held then.
    const logs = await rpc<Array<{ topics: Hex[] }>>(request, url, 'eth_getLogs', [{ address: token, fromBlock: '0x0', toBlock: head, topics: [toEventSelector('Transfer(address,address,uint256)')] }])
    const named = [...new Set(logs.flatMap((log) => [log.topics[1]!, log.topics[2]!]).map((topic) => getAddress(`0x${topic.slice(26)}`)))].filter((address) => address !== getAddress(`0x${'0'.repeat(40)}`))
    const balanceOf = async (owner: Hex) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] }) }, head]) })
    const supply = decodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) }, head]) })
    const holding = (await Promise.all(named.map(async (address) => ({ address, balance: await balanceOf(address) })))).filter((entry) => entry.balance > 0n)
    expect(holding.length).toBeGreaterThan(1)
    await expect(rows).toHaveCount(Math.min(100, holding.length))
    const shown = await rows.evaluateAll((list) => list.map((row) => ({ address: row.querySelector('[data-testid="holder-address"]')!.getAttribute('data-value')!, balance: row.querySelector('[data-testid="holder-balance"]')!.getAttribute('data-value')!, share: row.querySelector('[data-testid="holder-share"]')!.textContent! })))
    const expected = new Map(holding.map((entry) => [entry.address.toLowerCase(), entry.balance]))
    for (const [index, row] of shown.entries()) {
      expect(BigInt(row.balance)).toBe(expected.get(row.address.toLowerCase()))
      if (index > 0) expect(BigInt(row.balance)).toBeLessThanOrEqual(BigInt(shown[index - 1]!.balance))
      expect(Number.parseFloat(row.share)).toBeCloseTo(Number((BigInt(row.balance) * 1_000_000n) / supply) / 10_000, 4)
    }
    expect(new Set(shown.map((row) => row.address.toLowerCase()))).toEqual(new Set(expected.keys()))
  })

  test('Read contract: every view function of the published ABI, answered as the chain answers; inputs checked by type; a block to read at', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { token } = scenario().contracts
    const owner = holder()
    const ask = async (functionName: 'name' | 'symbol' | 'decimals' | 'totalSupply' | 'balanceOf', args?: readonly [Hex]) =>
      decodeFunctionResult({ abi: erc20Abi, functionName, data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName, args } as never) }, 'latest']) })
    await page.goto(`/address/${token}`)
    const panel = page.getByTestId('read-contract')
    await expect(panel.getByTestId('read-source')).toHaveText('the ABI this deployment publishes')
    const fn = (signature: string) => panel.locator(`[data-testid="read-function"][data-signature="${signature}"]`)
    // Without inputs: asked at once.
    await expect(fn('name()').getByTestId('read-value')).toHaveAttribute('data-value', String(await ask('name')))
    await expect(fn('symbol()').getByTestId('read-value')).toHaveAttribute('data-value', String(await ask('symbol')))
    await expect(fn('decimals()').getByTestId('read-value')).toHaveAttribute('data-value', String(await ask('decimals')))
    await expect(fn('totalSupply()').getByTestId('read-value')).toHaveAttribute('data-value', String(await ask('totalSupply')))
    // An argument that is not an address: said under its field, nothing asked.
    const balance = fn('balanceOf(address)')
    await balance.getByTestId('arg-0').fill('zzz')
    await balance.getByTestId('read-query').click()
    await expect(balance.getByTestId('arg-0-problem')).toContainText('"zzz" is not a 20-byte address')
    await expect(balance.getByTestId('read-result')).toHaveCount(0)
    await balance.getByTestId('arg-0').fill(owner)
    await balance.getByTestId('read-query').click()
    await expect(balance.getByTestId('read-value')).toHaveAttribute('data-value', String(await ask('balanceOf', [owner])))
    // At block 0 the contract did not exist yet: its answer is empty, shown as it came.
    await page.getByTestId('field-read-block').fill('0')
    await expect(fn('name()').getByTestId('read-value')).toHaveAttribute('data-value', '0x')
    await page.getByTestId('field-read-block').fill('not a block')
    await expect(page.getByTestId('problem-read-block')).toContainText('is not a block')
  })

  test('Write contract: approve sent through an injected EIP-6963 wallet on another chain (switched, added), the transaction opens, the allowance is on the chain; a refusal is said', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { token } = scenario().contracts
    const owner = devAccount(26)
    await fundTestAccount(request, url, owner.address)
    const wallet = await installTestWallet(page, request, url, owner, '0x1')
    const spender = getAddress(keccak256(toHex(`spender ${Date.now()}`)).slice(0, 42))
    const amount = 123_456_789n

    await page.goto(`/address/${token}`)
    const panel = page.getByTestId('write-contract')
    await panel.getByTestId('write-connect').filter({ hasText: 'Test Wallet' }).click()
    await expect(panel.getByTestId('write-account')).toHaveAttribute('data-value', owner.address)
    const approve = panel.locator('[data-testid="write-function"][data-signature="approve(address,uint256)"]')
    await approve.getByTestId('arg-0').fill(spender)
    await approve.getByTestId('arg-1').fill(amount.toString())

    // Refused in the wallet: said, nothing sent, still on the page.
    await wallet.rejectNextSend()
    await approve.getByTestId('write-send').click()
    await expect(approve.getByTestId('write-error')).toHaveText('You declined to send the transaction in the wallet.')
    expect(new URL(page.url()).pathname).toBe(`/address/${token}`)

    await approve.getByTestId('write-send').click()
    await expect(page).toHaveURL(/\/tx\/0x[0-9a-f]{64}$/)
    const hash = new URL(page.url()).pathname.split('/').pop() as Hex
    const receipt = await waitForReceipt<{ status: Hex; from: Hex; to: Hex }>(request, url, hash)
    expect(receipt).toMatchObject({ status: '0x1', from: owner.address.toLowerCase(), to: token.toLowerCase() })
    await expect(page.getByTestId('tx-title-hash')).toContainText(hash)
    const allowance = decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data: await rpc<Hex>(request, url, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner.address, spender] }) }, 'latest']) })
    expect(allowance).toBe(amount)

    // The wallet was on chain 1: asked to switch, told to add the devnet (through the app's own endpoint), switched.
    const calls = (await wallet.calls()).map((entry) => entry.method)
    expect(calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain', 'eth_sendTransaction', 'eth_chainId', 'eth_sendTransaction'])
    const added = (await wallet.calls()).find((entry) => entry.method === 'wallet_addEthereumChain')!.params as Array<{ chainId: string; rpcUrls: string[] }>
    expect(added[0]).toMatchObject({ chainId: '0x7a69', rpcUrls: [url] })
  })

  test('a contract no ABI is known for: an ABI pasted is read with, kept for the tab; one that is not an ABI is said', async ({ page, request }) => {
    const url = await rpcUrl(request)
    // Runtime PUSH1 42 PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: any call answers 42. Its creation code copies it out.
    const contract = await deploy(request, url, '0x600a600c600039600a6000f3602a60005260206000f3')
    const answer = BigInt(await rpc<Hex>(request, url, 'eth_call', [{ to: contract, data: toFunctionSelector('answer()') }, 'latest']))
    expect(answer).toBe(42n)
    await page.goto(`/address/${contract}`)
    const panel = page.getByTestId('read-contract')
    await expect(panel.getByTestId('read-none')).toBeVisible()
    await panel.getByTestId('pasted-abi-text').fill('function answer( view')
    await expect(panel.getByTestId('pasted-abi-problem')).toContainText('cannot read the signature')
    await panel.getByTestId('pasted-abi-text').fill('function answer() view returns (uint256)')
    await expect(panel.getByTestId('read-source')).toHaveText('the ABI you pasted')
    const read = panel.locator('[data-testid="read-function"][data-signature="answer()"]')
    await expect(read.getByTestId('read-value')).toHaveAttribute('data-value', answer.toString())
    // Kept for the tab: a reload reads with it again.
    await page.reload()
    await expect(page.getByTestId('read-contract').getByTestId('read-source')).toHaveText('the ABI you pasted')
    await expect(page.locator('[data-testid="read-function"][data-signature="answer()"]').getByTestId('read-value')).toHaveAttribute('data-value', answer.toString())
  })

  test('a contract shows its published name, its creator and creation transaction, and its functions', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { contracts, deployment, deployer } = scenario()
    const creator = await rpc<{ hash: Hex; creator: Hex }>(request, url, 'ots_getContractCreator', [contracts.token])
    expect(creator.hash).toBe(deployment.token.transaction)
    await page.goto(`/address/${contracts.token}`)
    await expect(page.getByTestId('contract-name')).toHaveText(deployment.token.contract)
    await expect(page.getByTestId('contract-creator-address')).toHaveAttribute('data-value', getAddress(deployer))
    await expect(page.getByTestId('contract-creation-tx').locator('a')).toHaveAttribute('href', `/tx/${creator.hash}`)
    await expect(page.getByTestId('contract-not-proxy')).toBeVisible()
    const transferSelector = toFunctionSelector('transfer(address,uint256)')
    await expect(page.locator(`[data-testid="contract-selector"][data-selector="${transferSelector}"]`)).toHaveText('transfer')
  })

  test('proxies: an EIP-1167 clone and an EIP-1967 proxy link to their implementation', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const implementation = getAddress(scenario().contracts.token)
    // EIP-1167's published creation code: 10 bytes that copy the 45-byte runtime, the runtime naming the implementation.
    const clone = await deploy(request, url, `0x3d602d80600a3d3981f3363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`)
    await page.goto(`/address/${clone}`)
    await expect(page.getByTestId('contract-proxy-kind')).toHaveText('EIP-1167 minimal proxy')
    await expect(page.getByTestId('contract-implementation').locator('a')).toHaveAttribute('href', `/address/${implementation.toLowerCase()}`)
    // Read through the implementation's published ABI, the call sent to the clone: its answers are the clone's own.
    const read = page.getByTestId('read-contract')
    await expect(read.getByTestId('read-source')).toHaveText('the ABI this deployment publishes')
    await expect(read.getByTestId('read-through')).toContainText('A proxy')
    const throughClone = async (functionName: 'decimals' | 'totalSupply') =>
      decodeFunctionResult({ abi: erc20Abi, functionName, data: await rpc<Hex>(request, url, 'eth_call', [{ to: clone, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest']) })
    await expect(read.locator('[data-testid="read-function"][data-signature="decimals()"]').getByTestId('read-value')).toHaveAttribute('data-value', String(await throughClone('decimals')))
    await expect(read.locator('[data-testid="read-function"][data-signature="totalSupply()"]').getByTestId('read-value')).toHaveAttribute('data-value', String(await throughClone('totalSupply')))
    // A contract whose constructor writes the implementation into EIP-1967's slot (keccak256 of the name, minus one).
    const slot = toHex(BigInt(keccak256(toHex('eip1967.proxy.implementation'))) - 1n, { size: 32 })
    const proxy = await deploy(request, url, `0x73${implementation.slice(2).toLowerCase()}7f${slot.slice(2)}5560016000f3`)
    await page.goto(`/address/${proxy}`)
    await expect(page.getByTestId('contract-proxy-kind')).toHaveText('EIP-1967 proxy')
    await expect(page.getByTestId('contract-implementation').locator('a')).toHaveAttribute('href', `/address/${implementation.toLowerCase()}`)
  })
})
