import type { Hash } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createChainClient } from '../../server/chain/chainClient.ts'
import { configNetwork, defaultCapabilities, type AppNetwork } from '../networks/capabilities.ts'
import { clearLacks } from '../networks/lacks.ts'
import { mineTransfers, postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { blockReceiptsQuery, readsReceiptsOneByOne } from './blocks.ts'
import { createQueryClient } from './queryClient.ts'

/**
 * A block's receipts on a network without eth_getBlockReceipts (its rules say so here; a node that answers
 * so is walked in e2e/other-engine.spec.ts): the block's hashes, then every receipt in one batch, split by the
 * network's batch limit. Checked against the node's own eth_getBlockReceipts, read straight from the gateway.
 */

let service: TestService
let posts: unknown[] = []
let blockNumber: bigint
let hashes: Hash[] = []

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket)
  service = await startUnitTestService()
  // Mined on demand, straight on the node (a test's control of its chain, not through the gateway): the five
  // transfers land in one block.
  await service.node('evm_setIntervalMining', [0])
  const mined = await mineTransfers(service, { from: 4, to: 5, count: 5, value: (index) => BigInt(index + 1) })
  blockNumber = mined.number
  hashes = mined.hashes
  posts = recordGatewayPosts(service)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await service?.close()
})

beforeEach(() => {
  posts.length = 0
  clearLacks()
})

const withoutBlockReceipts = (maxBatchSize: number): AppNetwork => ({
  ...configNetwork(serviceNetwork(service)),
  capabilities: { ...defaultCapabilities, blockReceipts: false, maxBatchSize },
})

describe('block receipts one by one', () => {
  it('equal the node’s own eth_getBlockReceipts, read as the block’s hashes and then one batch of receipts', async () => {
    const network = withoutBlockReceipts(100)
    expect(readsReceiptsOneByOne(network)).toBe(true)
    const receipts = await createQueryClient().fetchQuery(blockReceiptsQuery(network, blockNumber))
    const sent = postedMethods(posts)
    const truth = await createChainClient(service.urls.rpc).request({ method: 'eth_getBlockReceipts', params: [`0x${blockNumber.toString(16)}`] })
    expect(receipts).toEqual(truth)
    expect(receipts?.map((receipt) => receipt.transactionHash)).toEqual(hashes)
    expect(sent).toEqual([['eth_getBlockByNumber'], Array(5).fill('eth_getTransactionReceipt')])
  })

  it('split by the network’s batch limit', async () => {
    const receipts = await createQueryClient().fetchQuery(blockReceiptsQuery(withoutBlockReceipts(2), blockNumber))
    expect(receipts).toHaveLength(5)
    expect(postedMethods(posts).slice(1).map((batch) => batch.length)).toEqual([2, 2, 1])
  })

  it('a block the node does not have is null, as with eth_getBlockReceipts', async () => {
    expect(await createQueryClient().fetchQuery(blockReceiptsQuery(withoutBlockReceipts(100), blockNumber + 1_000n))).toBeNull()
  })
})
