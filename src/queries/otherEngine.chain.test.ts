import type { Hash } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import { startHardhatNode, type HardhatNode } from '../../server/testing/hardhatNode.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { configNetwork } from '../networks/capabilities.ts'
import { clearLacks, lacksMethod } from '../networks/lacks.ts'
import { blockReceiptsQuery, readsReceiptsOneByOne } from './blocks.ts'
import { createQueryClient } from './queryClient.ts'

/**
 * The app's data layer on a second real engine, a Hardhat node given by its own URL: it answers
 * eth_getBlockReceipts with -32004 "Method eth_getBlockReceipts is not supported", and the block's receipts
 * are then read one by one, equal to what the node itself says of each transaction. What leaves the app is
 * recorded by wrapping the global fetch (observation: every request passes through untouched).
 */

let node: HardhatNode
let network: Network
let posts: Array<Array<{ method: string; params: unknown[] }>> = []
let blockNumber: bigint
const hashes: Hash[] = []

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket)
  node = await startHardhatNode()
  network = { ...configNetwork({ name: 'hardhat', label: 'Hardhat', chainId: '0x7a69', rpcBase: node.url, wsBase: node.wsUrl, ipfsUrl: null, key: '-', secret: '', kind: 'hosted' }), key: '', endpoint: 'url' }
  const chain = createChainClient(node.url)
  // Three transfers in one block: mining held on the node itself (the test's control of its own chain).
  await chain.request({ method: 'evm_setAutomine' as never, params: [false] as never })
  await chain.request({ method: 'evm_setIntervalMining' as never, params: [0] as never })
  const account = devAccount(1)
  const [definition, baseFee] = await Promise.all([chainOf(chain), readBaseFee(chain)])
  const nonce = await chain.getTransactionCount({ address: account.address, blockTag: 'pending' })
  for (let index = 0; index < 3; index++) {
    hashes.push(await chain.sendTransaction({ account, chain: definition, nonce: nonce + index, to: devAccount(2).address, value: BigInt(index + 1), gas: 21_000n, ...feeFields('eip1559', baseFee) }))
  }
  await chain.request({ method: 'evm_mine' as never, params: [] as never })
  blockNumber = (await chain.waitForTransactionReceipt({ hash: hashes[2]!, timeout: 10_000 })).blockNumber
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (init?.method === 'POST' && String(input) === node.url) {
      const body = JSON.parse(String(init.body)) as unknown
      posts.push((Array.isArray(body) ? body : [body]) as Array<{ method: string; params: unknown[] }>)
    }
    return realFetch(input, init)
  })
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await node?.stop()
})

beforeEach(() => {
  posts = []
  clearLacks()
})

const methods = () => posts.map((batch) => batch.map((call) => call.method))

describe('a Hardhat node, which has no eth_getBlockReceipts', () => {
  it('the node refuses the method; the receipts are read one by one and equal the node’s own, and the lack is remembered', async () => {
    expect(readsReceiptsOneByOne(network)).toBe(false)
    const receipts = await createQueryClient().fetchQuery(blockReceiptsQuery(network, blockNumber))
    expect(methods()).toEqual([['eth_getBlockReceipts'], ['eth_getBlockByNumber'], ['eth_getTransactionReceipt', 'eth_getTransactionReceipt', 'eth_getTransactionReceipt']])
    expect(lacksMethod(network, 'eth_getBlockReceipts')).toBe(true)
    const chain = createChainClient(node.url)
    const truth = await Promise.all(hashes.map((hash) => chain.request({ method: 'eth_getTransactionReceipt', params: [hash] })))
    expect(receipts).toEqual(truth)

    // Known now: the next block page goes straight to the receipts one by one.
    posts = []
    await createQueryClient().fetchQuery(blockReceiptsQuery(network, blockNumber))
    expect(methods().flat()).not.toContain('eth_getBlockReceipts')
  })
})
