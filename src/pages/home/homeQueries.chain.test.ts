import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { localRuntimeConfig } from '../../../server/appServer.ts'
import { createChainClient } from '../../../server/chain/chainClient.ts'
import { devAccount, signedTransfer } from '../../../server/testing/devAccounts.ts'
import { startTestService, type TestService } from '../../../server/testing/service.ts'
import { networkForSearch } from '../../networks/networkList.ts'
import { blockWithTransactionsQuery, recentBlocksQuery } from '../../queries/blocks.ts'
import { createQueryClient } from '../../queries/queryClient.ts'
import { chartBlockCount } from './liveWindow.ts'
import { prefetchHomePage } from './homeQueries.ts'

/**
 * The home page's data as the server render and a first visit read it, against the real gateway: how many POSTs
 * (round trips) it takes and what is in each. The transport's fetch is watched, not replaced.
 */
let service: TestService
const posts: string[][] = []

beforeAll(async () => {
  // No interval mining: the chain moves only when the test mines, so "the head has not moved" is exact.
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0' })
  const real = globalThis.fetch
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    if (String(input) === service.urls.rpc && typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { method: string } | Array<{ method: string }>
      posts.push((Array.isArray(body) ? body : [body]).map((call) => call.method))
    }
    return real(input, init)
  })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await service?.close()
})

const network = () => networkForSearch(localRuntimeConfig(service.config, { rpc: Number(new URL(service.urls.rpcBase).port), files: 0 }), '')
const count = (methods: string[]) => methods.reduce<Record<string, number>>((counts, method) => ({ ...counts, [method]: (counts[method] ?? 0) + 1 }), {})

describe("the home page's data", () => {
  it('reads no empty block in full, and reads the head with its window in one round trip while the head stays put', async () => {
    const chain = createChainClient(service.anvil.httpUrl)
    await chain.mine({ blocks: 60 })
    // One transfer (mined at once, in a block of its own), then three empty blocks over it.
    const hash = (await service.rpc('eth_sendRawTransaction', [await signedTransfer(devAccount(3), 0)])).result as Hex
    // Automine answers the send a moment before the receipt can be read (a Node 24 CI run read null): waited for.
    const receipt = await chain.waitForTransactionReceipt({ hash, timeout: 10_000 })
    await chain.mine({ blocks: 3 })
    const head = BigInt((await service.rpc('eth_blockNumber')).result as Hex)

    // A first read: the head; then its window (the head's own summary came with it); then the one block of the
    // newest twelve that holds a transaction, with its receipts: the eleven empty ones are not read again.
    posts.length = 0
    const first = createQueryClient()
    await prefetchHomePage(first, network())
    expect(posts.map(count)).toEqual([{ eth_getBlockByNumber: 1 }, { eth_getBlockByNumber: chartBlockCount - 1 }, { eth_getBlockByHash: 1, eth_getBlockReceipts: 1 }])
    expect(first.getQueryData(blockWithTransactionsQuery(network(), receipt.blockHash).queryKey)?.transactions.map((transaction) => transaction.hash)).toEqual([hash])

    // The next read, the head where it was: the head and the window below it leave together.
    posts.length = 0
    const second = createQueryClient()
    await prefetchHomePage(second, network())
    expect(posts.map(count)).toEqual([{ eth_getBlockByNumber: chartBlockCount }, { eth_getBlockByHash: 1, eth_getBlockReceipts: 1 }])
    expect(second.getQueryData(recentBlocksQuery(network(), head - 1n, chartBlockCount - 1).queryKey)).toHaveLength(chartBlockCount - 1)

    // The head moved on: the guess (the window below the old head) is dropped from the page's data, and only the
    // block it lacked is asked for.
    await chain.mine({ blocks: 1 })
    posts.length = 0
    const third = createQueryClient()
    await prefetchHomePage(third, network())
    expect(posts.map(count).slice(0, 2)).toEqual([{ eth_getBlockByNumber: chartBlockCount }, { eth_getBlockByNumber: 1 }])
    expect(third.getQueryCache().find({ queryKey: recentBlocksQuery(network(), head - 1n, chartBlockCount - 1).queryKey, exact: true })).toBeUndefined()
    expect(third.getQueryData(recentBlocksQuery(network(), head, chartBlockCount - 1).queryKey)).toHaveLength(chartBlockCount - 1)
  })
})
