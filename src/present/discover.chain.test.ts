import os from 'node:os'
import path from 'node:path'
import { encodeDeployData, encodeFunctionData, keccak256, encodeAbiParameters, parseEventLogs, parseUnits, type Address, type Hash, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { chainOf, createChainClient, type ChainClient } from '../../server/chain/chainClient.ts'
import { artifactOf, compileContracts, type Artifact } from '../../server/chain/compile.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import { clientsFor } from '../networks/clients.ts'
import { serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { discoverChainFacts, recentBlocks, type ChainFacts } from './discover.ts'

/**
 * The walk's discovery against the real chain: a token, a transfer and a reverted call sent here, and
 * every answer checked against the chain through a second client (viem), and the balance slot against
 * solc's own storage layout of the token.
 */

let service: TestService
let sender: ChainClient
let token: Artifact
let reverter: Artifact
const account = devAccount(3)
const holder = devAccount(5).address
let before: ChainFacts
let after: ChainFacts
const sent: { token?: Address; transfer?: Hash; failure?: Hash; bareFailure?: Hash } = {}

async function send(data: Hex, to: Address | null, gas: bigint): Promise<{ hash: Hash; contract: Address | null }> {
  const [chain, baseFee] = await Promise.all([chainOf(sender), readBaseFee(sender)])
  const hash = await sender.sendTransaction({ account, chain, to, data, gas, ...feeFields('eip1559', baseFee) })
  const receipt = await sender.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  return { hash, contract: receipt.contractAddress ?? null }
}

const head = async () => BigInt(await sender.getBlockNumber({ cacheTime: 0 }))

beforeAll(async () => {
  // The app's clients make a socket per network, here the ws package's (the HTTP transport is what runs here).
  vi.stubGlobal('WebSocket', WebSocket)
  // A still chain: each transaction sent is mined into its own block as it arrives, nothing else moves it.
  service = await startUnitTestService({ blockTime: 0 })
  sender = createChainClient(service.urls.rpc)
  const { artifacts } = await compileContracts(path.join(os.tmpdir(), 'chainglass-present-test-artifacts.json'))
  token = artifactOf(artifacts, 'GlassToken')
  reverter = artifactOf(artifacts, 'Reverter')
  const rpc = clientsFor(serviceNetwork(service)).http
  before = await discoverChainFacts(rpc, await head())

  sent.token = (await send(encodeDeployData({ abi: token.abi, bytecode: token.bytecode, args: ['Walk Token', 'WALK', 18] }), null, 3_000_000n)).contract!
  const reverterAddress = (await send(reverter.bytecode, null, 1_000_000n)).contract!
  await send(encodeFunctionData({ abi: token.abi, functionName: 'mint', args: [account.address, parseUnits('1000', 18)] }), sent.token, 200_000n)
  sent.transfer = (await send(encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [holder, parseUnits('12.5', 18)] }), sent.token, 200_000n)).hash
  // Above the Reverter's limit: mined, with status 0.
  sent.failure = (await send(encodeFunctionData({ abi: reverter.abi, functionName: 'setValue', args: [5000n] }), reverterAddress, 100_000n)).hash
  // Newer, and failing with no reason at all: the walk should still show the one that says why.
  sent.bareFailure = (await send(encodeFunctionData({ abi: reverter.abi, functionName: 'revertWithoutReason' }), reverterAddress, 100_000n)).hash
  after = await discoverChainFacts(rpc, await head())
})

afterAll(async () => {
  await service?.close()
})

describe('what the walk finds on a chain', () => {
  it('on a chain with nothing sent yet: every step says why it has nothing to show', () => {
    expect(before.busyBlock).toEqual({ ok: false, reason: `no transactions in the last ${recentBlocks} blocks` })
    expect(before.tokenTransfer).toEqual({ ok: false, reason: 'no ERC-20 transfer in the last 16 blocks' })
    expect(before.failedTransaction.ok).toBe(false)
    expect(before.balanceSlot).toEqual({ ok: false, reason: 'no token transfer to take a token and a holder from' })
  })

  it('the busy block is the one of the recent blocks that used the most gas, as the chain has them', async () => {
    expect(after.busyBlock.ok).toBe(true)
    if (!after.busyBlock.ok) return
    const blocks = await Promise.all(Array.from({ length: Number(after.head < 63n ? after.head + 1n : 64n) }, (_, i) => sender.getBlock({ blockNumber: after.head - BigInt(i) })))
    const most = blocks.reduce((best, block) => (block.gasUsed > best.gasUsed ? block : best))
    expect(after.busyBlock.value.number).toBe(most.number)
    expect(after.busyBlock.value.gasUsed).toBe(most.gasUsed)
    expect(after.busyBlock.value.transactions).toBe(most.transactions.length)
  })

  it('the token transfer is the one sent, with its sender, receiver and amount from its own receipt', async () => {
    expect(after.tokenTransfer).toMatchObject({ ok: true, value: { hash: sent.transfer } })
    const receipt = await sender.getTransactionReceipt({ hash: sent.transfer! })
    const [event] = parseEventLogs({ abi: token.abi, logs: receipt.logs, eventName: 'Transfer' }) as unknown as Array<{ address: Address; args: { from: Address; to: Address; value: bigint } }>
    if (!after.tokenTransfer.ok) return
    expect(after.tokenTransfer.value.token.toLowerCase()).toBe(event!.address.toLowerCase())
    expect(after.tokenTransfer.value.from.toLowerCase()).toBe(event!.args.from.toLowerCase())
    expect(after.tokenTransfer.value.to.toLowerCase()).toBe(event!.args.to.toLowerCase())
    expect(after.tokenTransfer.value.value).toBe(event!.args.value)
  })

  it('the failed transaction is the reverted call that says why, over a newer one that reverted without a reason', async () => {
    expect(after.failedTransaction).toMatchObject({ ok: true, value: { hash: sent.failure } })
    expect((await sender.getTransactionReceipt({ hash: sent.failure! })).status).toBe('reverted')
    const bare = await sender.getTransactionReceipt({ hash: sent.bareFailure! })
    expect(bare.status).toBe('reverted')
    expect(bare.blockNumber).toBeGreaterThan((await sender.getTransactionReceipt({ hash: sent.failure! })).blockNumber)
  })

  it("the balance slot is the one solc's storage layout gives balanceOf, and its word is the holder's balance", async () => {
    const declared = token.storageLayout.storage.find((entry) => entry.label === 'balanceOf')!
    expect(after.balanceSlot).toMatchObject({ ok: true, value: { token: expect.stringMatching(new RegExp(sent.token!.slice(2), 'i')), slot: BigInt(declared.slot) } })
    const entry = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, BigInt(declared.slot)]))
    const word = await sender.getStorageAt({ address: sent.token!, slot: entry })
    const balance = (await sender.readContract({ address: sent.token!, abi: token.abi, functionName: 'balanceOf', args: [holder] })) as bigint
    expect(BigInt(word!)).toBe(balance)
    expect(balance).toBe(parseUnits('12.5', 18))
  })
})
