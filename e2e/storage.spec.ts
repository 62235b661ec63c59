import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { concatHex, decodeFunctionResult, encodeFunctionData, keccak256, padHex, parseAbi, toHex, type Hex } from 'viem'
import { gatewayBlockNumber, rpcUrl } from './helpers.ts'

/**
 * The storage-slot calculator against the demo chain: the token's balances mapping (slot 0) and nested
 * allowances mapping (slot 1) read through /storage must equal what the token's own getters answer via
 * eth_call, and the pasted solc layout finds variables by name.
 */

type Scenario = {
  contracts: Record<'token' | 'layout', Hex>
  artifacts: string
  token: { balances: Array<{ account: Hex; role: string }>; allowances: Array<{ owner: Hex; spender: Hex; amount: string }> }
}

const dataDir = () => process.env.CHAINGLASS_E2E_DATA!
const scenario = () => JSON.parse(fs.readFileSync(path.join(dataDir(), 'scenario.json'), 'utf8')) as Scenario
const compiledLayout = (contract: string) =>
  (JSON.parse(fs.readFileSync(path.join(dataDir(), 'scenario', 'artifacts.json'), 'utf8')) as { contracts: Record<string, { storageLayout: unknown }> }).contracts[contract]!.storageLayout
const glassTokenLayout = () => compiledLayout('GlassToken')

const tokenAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
])

/** A token getter, asked of the gateway at `block`. */
async function getter<F extends 'balanceOf' | 'allowance' | 'name' | 'decimals'>(request: APIRequestContext, token: Hex, functionName: F, args: readonly Hex[], block: number) {
  const data = encodeFunctionData({ abi: tokenAbi, functionName, args } as never)
  const response = await request.post(await rpcUrl(request), { data: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: token, data }, toHex(block)] } })
  const body = (await response.json()) as { result: Hex }
  return decodeFunctionResult({ abi: tokenAbi, functionName, data: body.result } as never) as unknown
}

// The spec's rule 1: keccak256(pad32(key) ‖ pad32(slot)).
const mappingSlot = (key: Hex, slot: Hex) => keccak256(concatHex([padHex(key, { size: 32 }), padHex(slot, { size: 32 })]))

async function readUint(page: Page): Promise<string> {
  await expect(page.getByTestId('storage-as-uint')).toBeVisible()
  return (await page.getByTestId('storage-as-uint').textContent()) ?? ''
}

test.describe('storage-slot calculator', () => {
  test('balances read through /storage equal balanceOf for several holders', async ({ page, request }) => {
    // One page load per holder, on a machine that may be running other suites.
    const { contracts, token } = scenario()
    const holders = token.balances.filter((entry) => entry.role === 'holder').map((entry) => entry.account)
    expect(holders.length).toBeGreaterThanOrEqual(3)
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    for (const holder of holders) {
      const balance = (await getter(request, contracts.token, 'balanceOf', [holder], block)) as bigint
      expect(balance).toBeGreaterThan(0n)
      await page.goto(`/storage?address=${contracts.token}&slot=0&keys=address:${holder}&block=${block}`)
      await expect(page.getByTestId('storage-slot')).toHaveText(mappingSlot(holder, '0x0'))
      await expect(page.getByTestId('storage-step')).toHaveCount(2)
      expect(await readUint(page)).toBe(balance.toString(10))
      await expect(page.getByTestId('storage-block')).toHaveAttribute('data-value', String(block))
    }
  })

  test('a nested mapping (allowances, owner then spender) equals allowance(owner, spender)', async ({ page, request }) => {
    const { contracts, token } = scenario()
    expect(token.allowances.length).toBeGreaterThan(0)
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    for (const { owner, spender } of token.allowances.slice(0, 2)) {
      const allowance = (await getter(request, contracts.token, 'allowance', [owner, spender], block)) as bigint
      await page.goto(`/storage?address=${contracts.token}&slot=1&keys=address:${owner},address:${spender}&block=${block}`)
      const inner = mappingSlot(owner, '0x1')
      await expect(page.getByTestId('storage-step-slot').nth(1)).toContainText(inner)
      await expect(page.getByTestId('storage-slot')).toHaveText(mappingSlot(spender, inner))
      expect(await readUint(page)).toBe(allowance.toString(10))
    }
  })

  test('typing in the form computes the slot and reads it; another block is a link away', async ({ page, request }) => {
    const { contracts, token } = scenario()
    const holder = token.balances.find((entry) => entry.role === 'holder')!.account
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    await page.goto('/storage')
    await page.getByTestId('storage-address-input').fill(contracts.token)
    await page.getByTestId('storage-slot-input').fill('0')
    await page.getByTestId('storage-keys').fill(`address:${holder}`)
    await page.getByTestId('storage-block-input').fill(String(block))
    await expect(page).toHaveURL(new RegExp(`keys=address%3A${holder}`))
    const balance = (await getter(request, contracts.token, 'balanceOf', [holder], block)) as bigint
    expect(await readUint(page)).toBe(balance.toString(10))
    // The same slot one block earlier: the link keeps everything but the block.
    await page.getByTestId('storage-block-prev').click()
    await expect(page).toHaveURL(new RegExp(`block=${block - 1}`))
    await expect(page.getByTestId('storage-block')).toHaveAttribute('data-value', String(block - 1))
    await expect(page.getByTestId('storage-keys')).toHaveValue(`address:${holder}`)
    const before = (await getter(request, contracts.token, 'balanceOf', [holder], block - 1)) as bigint
    expect(await readUint(page)).toBe(before.toString(10))
    // Back: the form follows the URL it returns to (typing replaced one history entry, the link pushed one).
    await page.goBack()
    await expect(page.getByTestId('storage-block-input')).toHaveValue(String(block))
    await expect(page.getByTestId('storage-block')).toHaveAttribute('data-value', String(block))
  })

  test('layout mode: the pasted GlassToken layout finds name, a packed uint8 and an allowance by path', async ({ page, request }) => {
    const { contracts, token } = scenario()
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    const name = (await getter(request, contracts.token, 'name', [], block)) as string
    const decimals = (await getter(request, contracts.token, 'decimals', [], block)) as number

    await page.goto(`/storage?address=${contracts.token}&block=${block}`)
    await page.getByTestId('storage-mode-layout').click()
    await page.getByTestId('storage-layout-input').fill(JSON.stringify(glassTokenLayout(), null, 2))
    await expect(page.getByTestId('storage-layout-variables')).toContainText('allowance')
    await page.getByTestId('storage-path').fill('name')
    await expect(page.getByTestId('storage-typed-value')).toHaveText(name)
    await expect(page).toHaveURL(/mode=layout.*path=name/)

    await page.getByTestId('storage-variable-decimals').click()
    await expect(page.getByTestId('storage-packed')).toContainText('byte offset 20')
    await expect(page.getByTestId('storage-typed-value')).toHaveText(String(decimals))

    const { owner, spender } = token.allowances[0]!
    const allowance = (await getter(request, contracts.token, 'allowance', [owner, spender], block)) as bigint
    await page.getByTestId('storage-path').fill(`allowance[${owner}][${spender}]`)
    await expect(page.getByTestId('storage-typed-value')).toHaveText(allowance.toString(10))

    // The URL carries the layout: a reload (or a shared link) shows the same thing.
    await page.reload()
    await expect(page.getByTestId('storage-typed-value')).toHaveText(allowance.toString(10))
  })

  test('layout mode walks a struct in an array, a packed array and a long string of LayoutShowcase', async ({ page, request }) => {
    const { contracts } = scenario()
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    const abi = parseAbi([
      'function points(uint256) view returns (uint64 x, uint64 y, address owner, uint256 weight)',
      'function packedList(uint256) view returns (uint16)',
      'function longText() view returns (string)',
    ])
    const ask = async (functionName: 'points' | 'packedList' | 'longText', args: readonly bigint[]) => {
      const data = encodeFunctionData({ abi, functionName, args } as never)
      const response = await request.post(await rpcUrl(request), { data: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: contracts.layout, data }, toHex(block)] } })
      return decodeFunctionResult({ abi, functionName, data: ((await response.json()) as { result: Hex }).result } as never) as unknown
    }
    const [, , owner] = (await ask('points', [1n])) as readonly [bigint, bigint, Hex, bigint]
    const element = (await ask('packedList', [17n])) as number
    const longText = (await ask('longText', [])) as string

    await page.goto(`/storage?address=${contracts.layout}&block=${block}`)
    await page.getByTestId('storage-mode-layout').click()
    await page.getByTestId('storage-layout-input').fill(JSON.stringify(compiledLayout('LayoutShowcase')))
    await page.getByTestId('storage-path').fill('points[1].owner')
    await expect(page.getByTestId('storage-typed-value')).toHaveAttribute('data-value', owner)
    await page.getByTestId('storage-path').fill('packedList[17]')
    await expect(page.getByTestId('storage-typed-value')).toHaveText(String(element))
    await expect(page.getByTestId('storage-packed')).toBeVisible()
    await page.getByTestId('storage-path').fill('longText')
    await expect(page.getByTestId('storage-long-text')).toHaveText(longText)
    await page.mouse.move(0, 0)
  })

  test('the ERC-1967 and ERC-7201 buttons and a string-keyed mapping read what the getters return', async ({ page, request }) => {
    const { contracts } = scenario()
    const block = await gatewayBlockNumber(request, await rpcUrl(request))
    const abi = parseAbi(['function implementation() view returns (address)', 'function vault() view returns (uint256 total, address keeper)', 'function byName(string) view returns (uint256)'])
    const ask = async (functionName: 'implementation' | 'vault' | 'byName', args: readonly string[] = []) => {
      const data = encodeFunctionData({ abi, functionName, args } as never)
      const response = await request.post(await rpcUrl(request), { data: { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: contracts.layout, data }, toHex(block)] } })
      return decodeFunctionResult({ abi, functionName, data: ((await response.json()) as { result: Hex }).result } as never) as unknown
    }
    const implementation = (await ask('implementation')) as Hex
    const [total, keeper] = (await ask('vault')) as readonly [bigint, Hex]
    const alice = (await ask('byName', ['alice'])) as bigint

    await page.goto(`/storage?address=${contracts.layout}&block=${block}`)
    await page.getByTestId('storage-erc1967-implementation').click()
    // The slot EIP-1967 publishes for the implementation.
    await expect(page.getByTestId('storage-slot')).toHaveText('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc')
    await expect(page.getByTestId('storage-as-address')).toHaveAttribute('data-value', implementation)

    await page.getByTestId('storage-erc7201').fill('chainglass.showcase')
    await page.getByTestId('storage-erc7201-go').click()
    await expect(page).toHaveURL(/erc7201=chainglass.showcase/)
    await expect(page.getByTestId('storage-as-uint')).toHaveText(total.toString(10))
    await page.getByTestId('storage-plus').fill('1')
    await expect(page.getByTestId('storage-as-address')).toHaveAttribute('data-value', keeper)

    // The mapping's slot from the compiled layout (solc's word, not the source comment's).
    const byNameSlot = (compiledLayout('LayoutShowcase') as { storage: Array<{ label: string; slot: string }> }).storage.find((entry) => entry.label === 'byName')!.slot
    await page.goto(`/storage?address=${contracts.layout}&slot=${byNameSlot}&keys=string:alice&block=${block}`)
    await expect(page.getByTestId('storage-step')).toHaveCount(2)
    await expect(page.getByTestId('storage-step').nth(1)).toContainText('keccak256(key ‖ pad32(slot))')
    await expect(page.getByTestId('storage-as-uint')).toHaveText(alice.toString(10))
  })
})
