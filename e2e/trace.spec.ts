import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, parseAbi, toHex, type Hex } from 'viem'
import { staticCallLoopInitCode } from '../server/testing/evmSnippets.ts'
import { devAccount, fundTestAccount, refuseCalls, rpc, rpcUrl, sendSigned, waitForReceipt, watchReports } from './helpers.ts'

/**
 * The transaction page's call trace and state changes (issue 43, items 2 and 3) on the real service (anvil
 * behind the gateway): a safeTransferFrom of the demo NFT to a contract that is no receiver (the NFT calls it,
 * it reverts, the revert is passed up), a mint's state changes, and a creation that makes 10,000 calls. Every
 * expected value is the node's own answer, read in the test through the gateway.
 */

type Scenario = { contracts: { token: Hex; nft: Hex } }
type Frame = { type: string; from: Hex; to?: Hex; input: Hex; output?: Hex; error?: string; calls?: Frame[] }
type Receipt = { status: Hex; blockNumber: Hex; contractAddress: Hex | null; logs: Array<{ topics: Hex[] }> }
type AccountState = { balance?: Hex; nonce?: number; storage?: Record<Hex, Hex> }

/** The NFT's state variables and their slots, as the compiler laid them out (the data dir's compiled artifacts). */
const nftLayoutSlots = (): Record<string, bigint> =>
  Object.fromEntries(
    (JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario', 'artifacts.json'), 'utf8')) as { contracts: { GlassNft: { storageLayout: { storage: Array<{ label: string; slot: string }> } } } }).contracts.GlassNft.storageLayout.storage.map(
      (entry) => [entry.label, BigInt(entry.slot)],
    ),
  )
/** Solidity's rule for a mapping value: keccak256(abi.encode(key, slot)). */
const mappingSlot = (keyType: 'address' | 'uint256', key: Hex | bigint, slot: bigint): Hex => keccak256(encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key as never, slot]))

const scenario = (): Scenario => JSON.parse(fs.readFileSync(path.join(process.env.CHAINGLASS_E2E_DATA!, 'scenario.json'), 'utf8')) as Scenario
const nftAbi = parseAbi(['function mint(address to) returns (uint256)', 'function safeTransferFrom(address from, address to, uint256 tokenId)'])
/** Accounts 30 and 31: no other spec sends from them. */
const minter = devAccount(30)

function countFrames(frame: Frame): number {
  return 1 + (frame.calls ?? []).reduce((sum, child) => sum + countFrames(child), 0)
}

async function mintTo(request: APIRequestContext, url: string): Promise<{ hash: Hex; tokenId: bigint; receipt: Receipt }> {
  await fundTestAccount(request, url, minter.address)
  const hash = await sendSigned(request, url, minter, { to: scenario().contracts.nft, data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [minter.address] }), gas: 200_000n })
  const receipt = await waitForReceipt<Receipt>(request, url, hash)
  expect(receipt.status).toBe('0x1')
  // Transfer(from, to, tokenId): the id is the third topic.
  return { hash, tokenId: BigInt(receipt.logs[0]!.topics[3]!), receipt }
}

test.describe('call trace and state changes', () => {
  test('a revert passed up from an inner call: every frame the node traced, the inner one marked where the revert began', async ({ page, request }) => {
    const reports = watchReports(page)
    const url = await rpcUrl(request)
    const { nft, token } = scenario().contracts
    const { tokenId } = await mintTo(request, url)
    // The token contract has code but no onERC721Received: the NFT's check call reverts, and so does the transfer.
    const hash = await sendSigned(request, url, minter, { to: nft, data: encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [minter.address, token, tokenId] }), gas: 300_000n })
    expect((await waitForReceipt<Receipt>(request, url, hash)).status).toBe('0x0')
    const trace = await rpc<Frame>(request, url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }])
    expect(trace.error).toBeTruthy()
    const inner = trace.calls!.find((frame) => frame.to?.toLowerCase() === token.toLowerCase())!
    expect(inner.error).toBeTruthy()

    await page.goto(`/tx/${hash}`)
    const panel = page.getByTestId('tx-trace')
    await expect(panel).toContainText('Read from the node when opened')
    await panel.getByTestId('tx-trace-toggle').click()
    const tree = panel.getByTestId('tx-trace-tree')
    await expect(tree).toHaveAttribute('data-rows', String(countFrames(trace)))
    const rows = tree.getByTestId('tx-trace-row')
    await expect(rows).toHaveCount(countFrames(trace))
    await expect(rows.first()).toHaveAttribute('data-failed', 'true')
    await expect(rows.first().getByTestId('tx-trace-call')).toContainText('GlassNft.safeTransferFrom(')
    const reverting = tree.locator('[data-reverting]')
    await expect(reverting).toHaveCount(1)
    await expect(reverting).toHaveAttribute('data-depth', '1')
    await expect(reverting.getByTestId('tx-trace-call')).toContainText('onERC721Received')
    // The reverting frame is the one opened in the details at first.
    const details = panel.getByTestId('tx-trace-details')
    await expect(details.getByTestId('tx-trace-to')).toContainText(token.slice(2, 8), { ignoreCase: true })
    await expect(details.getByTestId('tx-trace-error')).toContainText(inner.error!)

    // By keyboard: up to the transaction's own frame, then left closes it, right opens it again.
    await tree.focus()
    await page.keyboard.press('Home')
    await expect(tree).toHaveAttribute('aria-activedescendant', /-0$/)
    await expect(details.getByTestId('tx-trace-function')).toContainText('safeTransferFrom(address,address,uint256)')
    await expect(details.getByTestId('tx-trace-function')).toContainText(`tokenId: ${tokenId}`)
    await page.keyboard.press('ArrowLeft')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('ArrowRight')
    await expect(rows).toHaveCount(countFrames(trace))
    await page.keyboard.press('ArrowDown')
    await expect(tree).toHaveAttribute('aria-activedescendant', /-1$/)
    expect(reports).toEqual([])
  })

  test('a node without callTracer (injected fault: debug_trace* refused): the call tree from ots_traceTransaction', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { nft, token } = scenario().contracts
    const { tokenId } = await mintTo(request, url)
    const hash = await sendSigned(request, url, minter, { to: nft, data: encodeFunctionData({ abi: nftAbi, functionName: 'safeTransferFrom', args: [minter.address, token, tokenId] }), gas: 300_000n })
    await waitForReceipt(request, url, hash)
    const frames = await rpc<Array<{ type: string; depth: number; to: Hex }>>(request, url, 'ots_traceTransaction', [hash])
    expect(frames.length).toBeGreaterThan(0)
    const sent = await refuseCalls(page, url, (call) => call.method.startsWith('debug_trace'))
    await page.goto(`/tx/${hash}`)
    await page.getByTestId('tx-trace-toggle').click()
    const tree = page.getByTestId('tx-trace-tree')
    // Every frame Otterscan lists, at its depth (the transaction's own call first).
    await expect(tree).toHaveAttribute('data-rows', String(frames.length))
    await expect(page.getByTestId('tx-trace')).toContainText("From Otterscan's ots_traceTransaction")
    const depths = await tree.getByTestId('tx-trace-row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-depth'))))
    expect(depths).toEqual(frames.map((frame) => frame.depth))
    expect(frames[0]!.depth).toBe(0)
    expect(sent.some((call) => call.method === 'ots_traceTransaction')).toBe(true)
  })

  test("a mint's state changes: the minter's nonce and balance, the NFT's storage slots named by its layout, the token count checked", async ({ page, request }) => {
    const url = await rpcUrl(request)
    const { nft } = scenario().contracts
    const { hash, receipt, tokenId } = await mintTo(request, url)
    const block = BigInt(receipt.blockNumber)
    const diff = await rpc<{ pre: Record<Hex, AccountState>; post: Record<Hex, AccountState> }>(request, url, 'debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }])
    const nftSlots = Object.keys(diff.post[nft.toLowerCase() as Hex]?.storage ?? {})
    expect(nftSlots.length).toBeGreaterThan(0)

    await page.goto(`/tx/${hash}`)
    const panel = page.getByTestId('tx-state')
    await panel.getByTestId('tx-state-toggle').click()
    const sender = panel.locator(`[data-testid="tx-state-account"][data-address="${minter.address.toLowerCase()}"]`)
    await expect(panel.getByTestId('tx-state-account').first()).toHaveAttribute('data-address', minter.address.toLowerCase())
    const [nonceBefore, nonceAfter, balanceAfter] = await Promise.all([
      rpc<Hex>(request, url, 'eth_getTransactionCount', [minter.address, toHex(block - 1n)]),
      rpc<Hex>(request, url, 'eth_getTransactionCount', [minter.address, toHex(block)]),
      rpc<Hex>(request, url, 'eth_getBalance', [minter.address, toHex(block)]),
    ])
    await expect(sender.getByTestId('tx-state-nonce')).toHaveText(`${BigInt(nonceBefore)} → ${BigInt(nonceAfter)}`)
    await expect(sender.getByTestId('tx-state-balance')).toHaveAttribute('data-after', BigInt(balanceAfter).toString(10))
    const contract = panel.locator(`[data-testid="tx-state-account"][data-address="${nft.toLowerCase()}"]`)
    await expect(contract).toContainText('GlassNft')
    const slots = contract.getByTestId('tx-state-slot')
    await expect(slots).toHaveCount(nftSlots.length)
    for (const slot of nftSlots) {
      const stored = await rpc<Hex>(request, url, 'eth_getStorageAt', [nft, slot, toHex(block)])
      await expect(contract.locator(`[data-slot="${slot}"]`)).toHaveAttribute('data-after', stored)
    }
    // Named by the compiler's layout: the counter, the new token's owner, the minter's token count.
    const declared = nftLayoutSlots()
    const named = {
      [toHex(declared.nextTokenId!, { size: 32 })]: 'nextTokenId',
      [mappingSlot('uint256', tokenId, declared._owners!)]: `_owners[${tokenId}]`,
      [mappingSlot('address', minter.address, declared._balances!)]: `_balances[${getAddress(minter.address)}]`,
    }
    expect(Object.keys(named).sort()).toEqual([...nftSlots].sort())
    for (const [slot, name] of Object.entries(named)) await expect(contract.locator(`[data-slot="${slot}"]`).getByTestId('tx-state-slot-name')).toHaveText(name)
    // The Transfer log says one more token for the minter, and balanceOf around the block agrees.
    const delta = panel.locator(`[data-testid="tx-token-delta"][data-holder="${minter.address.toLowerCase()}"]`)
    await expect(delta).toHaveAttribute('data-delta', '1')
    await expect(delta.getByTestId('tx-token-check')).toHaveText(`balanceOf moved by exactly this in block ${block}`)
  })

  test('a creation that makes 10,000 calls: the tree is virtualized, End reaches the last frame', async ({ page, request }) => {
    const url = await rpcUrl(request)
    const creator = devAccount(31)
    await fundTestAccount(request, url, creator.address)
    const loop = staticCallLoopInitCode(10_000)
    const hash = await sendSigned(request, url, creator, { data: loop, gas: 5_000_000n })
    expect((await waitForReceipt<Receipt>(request, url, hash)).status).toBe('0x1')
    const trace = await rpc<Frame>(request, url, 'debug_traceTransaction', [hash, { tracer: 'callTracer' }])
    const frames = countFrames(trace)
    expect(frames).toBe(10_001)

    await page.goto(`/tx/${hash}`)
    await page.getByTestId('tx-trace-toggle').click()
    const tree = page.getByTestId('tx-trace-tree')
    await expect(tree).toHaveAttribute('data-rows', String(frames))
    const rendered = await tree.getByTestId('tx-trace-row').count()
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(80)
    await tree.focus()
    await page.keyboard.press('End')
    await expect(tree.locator(`[data-row="${frames - 1}"]`)).toBeVisible()
    await expect(tree.locator(`[data-row="${frames - 1}"]`)).toHaveAttribute('data-type', 'STATICCALL')
    expect(await tree.getByTestId('tx-trace-row').count()).toBeLessThan(80)
  })
})
