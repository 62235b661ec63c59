import { isCancelledError, type QueryClient } from '@tanstack/react-query'
import type { Address, Hash, Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import { logBombInitCode } from '../../server/testing/evmSnippets.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { Block, BlockWithTransactions, Receipt, Transaction } from '../rpc/schemas.ts'
import { mine, mineTogether, postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { accountQuery } from './account.ts'
import { blockQuery, blockReceiptsQuery, blockWithTransactionsQuery, recentBlocksQuery, uncleQuery } from './blocks.ts'
import { forgetHead, noteHead } from './cachePolicy.ts'
import { headQuery } from './head.ts'
import { createQueryClient } from './queryClient.ts'
import { receiptQuery, transactionByIndexQuery, transactionQuery } from './transactions.ts'
import { prefetchBlockPage } from './blockPage.ts'

/**
 * The query factories against the real service. What leaves the app is recorded by wrapping the global
 * fetch the HTTP transport calls: every request passes through untouched (observation, not interception).
 * Expected values come from the chain, read straight from the gateway.
 */

let service: TestService
let network: Network
let posts: unknown[] = []
/** The unwrapped fetch, for the test's own calls (not recorded). */
const realFetch = globalThis.fetch

/** The JSON-RPC methods of each POST the app sent, in order. */
const sentMethods = () => postedMethods(posts)

type Mined = { block: Hex; transfer: Hash; creation: Hash; sender: Address }
let mined: Mined

beforeAll(async () => {
  // The network's clients (made on first use) take the ws package's WebSocket, the same on every Node line.
  vi.stubGlobal('WebSocket', WebSocket)
  // A still chain: it moves only when mined here.
  service = await startUnitTestService({ blockTime: 0 })
  posts = recordGatewayPosts(service)
  network = serviceNetwork(service)
  // Two transactions in one block: a transfer, and a contract creation that emits two logs; mined a few
  // blocks after genesis, with blocks after it too, so there are blocks on both sides of it.
  const sender = createChainClient(service.urls.rpc)
  await mine(service, 5)
  const account = devAccount(1)
  const [chain, baseFee] = await Promise.all([chainOf(sender), readBaseFee(sender)])
  const nonce = await sender.getTransactionCount({ address: account.address, blockTag: 'pending' })
  // Sent together, so they leave in one batch, and mined together into one block.
  const hashes = await mineTogether(service, () =>
    Promise.all([
      sender.sendTransaction({ account, chain, nonce, to: devAccount(2).address, value: 12345n, gas: 21_000n, ...feeFields('eip1559', baseFee) }),
      sender.sendTransaction({ account, chain, nonce: nonce + 1, to: null, data: logBombInitCode(2), gas: 200_000n, ...feeFields('legacy', baseFee) }),
    ]),
  )
  const receipts = await Promise.all(hashes.map((hash) => sender.waitForTransactionReceipt({ hash, timeout: 10_000 })))
  const blocks = new Set(receipts.map((receipt) => receipt.blockNumber))
  if (blocks.size !== 1) throw new Error('the two transactions were mined in different blocks; the test wants one')
  mined = { block: `0x${[...blocks][0]!.toString(16)}`, transfer: hashes[0], creation: hashes[1], sender: account.address }
  await mine(service, 3)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await service?.close()
})

let client: QueryClient
beforeEach(() => {
  client = createQueryClient()
  posts.length = 0
})

/** The chain's own answer, through the gateway, without the client under test (and not recorded). */
async function chain<T>(method: string, params: unknown[]): Promise<T> {
  const response = await realFetch(service.urls.rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const reply = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (reply.error) throw new Error(reply.error.message)
  return reply.result as T
}

describe('a block page', () => {
  it('cold: the block and its receipts leave in one POST (one round trip); warm: nothing leaves', async () => {
    await prefetchBlockPage(client, network, BigInt(mined.block))
    expect(sentMethods()).toEqual([['eth_getBlockByNumber', 'eth_getBlockReceipts']])

    const block = client.getQueryData(blockQuery(network, BigInt(mined.block)).queryKey) as Block
    const receipts = client.getQueryData(blockReceiptsQuery(network, BigInt(mined.block)).queryKey) as Receipt[]
    expect(block).toEqual(await chain('eth_getBlockByNumber', [mined.block, false]))
    expect(receipts).toEqual(await chain('eth_getBlockReceipts', [mined.block]))
    expect(block.transactions).toEqual([mined.transfer, mined.creation])

    posts.length = 0
    await prefetchBlockPage(client, network, BigInt(mined.block))
    await client.fetchQuery(blockQuery(network, BigInt(mined.block)))
    expect(posts).toEqual([])
  })

  it('a block fetched by number is the block by hash too, and the other way round: never fetched twice', async () => {
    const byNumber = await client.fetchQuery(blockQuery(network, BigInt(mined.block)))
    const byHash = await client.fetchQuery(blockQuery(network, byNumber!.hash!))
    expect(byHash).toBe(byNumber)
    expect(posts).toHaveLength(1)

    const other = createQueryClient()
    posts.length = 0
    const first = await other.fetchQuery(blockQuery(network, byNumber!.hash!))
    const second = await other.fetchQuery(blockQuery(network, mined.block))
    expect(second).toBe(first)
    expect(sentMethods()).toEqual([['eth_getBlockByHash']])
  })

  it('keys one block once however its number is written', () => {
    const keys = [BigInt(mined.block), Number(mined.block), mined.block, `0x000${mined.block.slice(2)}` as Hex].map((id) => blockQuery(network, id).queryKey)
    for (const key of keys) expect(key).toEqual(keys[0])
    expect(keys[0]![0]).toBe('local')
    expect(blockQuery(network, (mined.block.toUpperCase().replace('0X', '0x') as Hex)).queryKey).toEqual(keys[0])
  })

  it('the block with full transactions fills the transaction, by-index and by-hash block caches', async () => {
    const block = (await client.fetchQuery(blockWithTransactionsQuery(network, BigInt(mined.block)))) as BlockWithTransactions
    expect(block).toEqual(await chain('eth_getBlockByNumber', [mined.block, true]))
    posts.length = 0
    const [transfer, byIndex, byHashIndex, byHash] = await Promise.all([
      client.fetchQuery(transactionQuery(network, mined.transfer)),
      client.fetchQuery(transactionByIndexQuery(network, BigInt(mined.block), 1)),
      client.fetchQuery(transactionByIndexQuery(network, block.hash!, 0)),
      client.fetchQuery(blockQuery(network, block.hash!)),
    ])
    expect(posts).toEqual([])
    expect(transfer).toEqual(await chain('eth_getTransactionByHash', [mined.transfer]))
    expect((byIndex as Transaction).hash).toBe(mined.creation)
    expect((byHashIndex as Transaction).hash).toBe(mined.transfer)
    expect(byHash!.transactions).toEqual([mined.transfer, mined.creation])
  })

  it('the block receipts fill each transaction’s receipt', async () => {
    await client.fetchQuery(blockReceiptsQuery(network, BigInt(mined.block)))
    posts.length = 0
    const receipt = await client.fetchQuery(receiptQuery(network, mined.creation))
    expect(posts).toEqual([])
    const expected = await chain<Receipt>('eth_getTransactionReceipt', [mined.creation])
    expect(receipt).toEqual(expected)
    expect(receipt!.logs).toHaveLength(2)
    expect(receipt!.contractAddress).toBe(expected.contractAddress)
  })

  it('a transaction page (transaction + receipt) is one round trip too', async () => {
    await Promise.all([client.fetchQuery(transactionQuery(network, mined.transfer)), client.fetchQuery(receiptQuery(network, mined.transfer))])
    expect(sentMethods()).toEqual([['eth_getTransactionByHash', 'eth_getTransactionReceipt']])
  })

  it('never files the pending block under a number or hash: it is not that block yet', async () => {
    const pending = (await client.fetchQuery(blockWithTransactionsQuery(network, 'pending')))!
    // anvil gives its pending block a number and a hash (the spec allows null for both).
    expect(pending.number).not.toBeNull()
    expect(client.getQueryData(blockQuery(network, pending.number!).queryKey)).toBeUndefined()
    expect(client.getQueryData(blockQuery(network, pending.hash!).queryKey)).toBeUndefined()
    expect(client.getQueryData(blockQuery(network, 'pending').queryKey)).toMatchObject({ hash: pending.hash })
  })

  it('answers null for what does not exist, and caches that only briefly', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hash
    expect(await client.fetchQuery(blockQuery(network, unknown))).toBeNull()
    expect(await client.fetchQuery(transactionQuery(network, unknown))).toBeNull()
    expect(await client.fetchQuery(receiptQuery(network, unknown))).toBeNull()
    expect(await client.fetchQuery(uncleQuery(network, BigInt(mined.block), 0))).toBeNull()
    posts.length = 0
    await client.fetchQuery(blockQuery(network, unknown))
    expect(posts).toEqual([])
    // Two seconds on, by the clock the cache reads (only Date moves: the request's own timers are real).
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 2_100)
      await client.fetchQuery(blockQuery(network, unknown))
    } finally {
      vi.useRealTimers()
    }
    expect(sentMethods()).toEqual([['eth_getBlockByHash']])
  })
})

describe('what is immutable', () => {
  it('anything addressed by hash, and numbered blocks 64 or more below the head; never a tag', async () => {
    const head = BigInt(await chain<Hex>('eth_blockNumber', []))
    await client.fetchQuery(headQuery(network))
    const byHash = blockQuery(network, (await chain<{ hash: Hash }>('eth_getBlockByNumber', [mined.block, false])).hash)
    const tag = blockQuery(network, 'latest')
    const recent = blockQuery(network, BigInt(mined.block))
    await Promise.all([client.fetchQuery(byHash), client.fetchQuery(tag), client.fetchQuery(recent)])
    const query = (options: { queryKey: readonly unknown[] }) => client.getQueryCache().find({ queryKey: options.queryKey })!
    const staleTimeOf = (options: { queryKey: readonly unknown[]; staleTime?: unknown }) =>
      (options.staleTime as (query: unknown) => number)(query(options))

    expect(staleTimeOf(byHash)).toBe(Infinity)
    expect(staleTimeOf(tag)).toBe(0)
    expect(staleTimeOf(recent)).toBe(10_000)
    // The same block once the head is 64 past it: the rule is read on every use.
    noteHead(network, BigInt(mined.block) + 64n)
    expect(staleTimeOf(recent)).toBe(Infinity)
    for (const name of ['pending', 'safe', 'finalized'] as const) expect((blockQuery(network, name).staleTime as (query: unknown) => number)({ state: { data: {} } })).toBe(0)
    expect((blockQuery(network, 'earliest').staleTime as (query: unknown) => number)({ state: { data: {} } })).toBe(Infinity)
    forgetHead(network)
    noteHead(network, head)
  })
})

describe('an address page', () => {
  it('balance, nonce and code size in one batch, equal to the chain’s', async () => {
    const receipt = await chain<Receipt>('eth_getTransactionReceipt', [mined.creation])
    const [sender, contract] = await Promise.all([
      client.fetchQuery(accountQuery(network, mined.sender)),
      client.fetchQuery(accountQuery(network, receipt.contractAddress!)),
    ])
    expect(sentMethods()).toEqual([['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']])
    expect(sender.balance).toBe(await chain('eth_getBalance', [mined.sender, 'latest']))
    expect(sender.nonce).toBe(await chain('eth_getTransactionCount', [mined.sender, 'latest']))
    expect(sender.codeSize).toBe(0)
    const code = await chain<Hex>('eth_getCode', [receipt.contractAddress, 'latest'])
    expect(contract.code).toBe(code)
    expect(contract.codeSize).toBe((code.length - 2) / 2)
  })
})

describe('recent blocks', () => {
  it('asks only for the blocks not cached yet, all in one batch, newest first', async () => {
    const to = BigInt(mined.block) + 2n
    await client.fetchQuery(blockQuery(network, BigInt(mined.block)))
    posts.length = 0
    const blocks = await client.fetchQuery(recentBlocksQuery(network, to, 5))
    expect(sentMethods()).toEqual([['eth_getBlockByNumber', 'eth_getBlockByNumber', 'eth_getBlockByNumber', 'eth_getBlockByNumber']])
    expect(blocks.map((block) => block?.number)).toEqual([to, to - 1n, to - 2n, to - 3n, to - 4n].map((number) => `0x${number.toString(16)}`))
  })
})

describe('cancellation', () => {
  it('every factory hands the AbortSignal TanStack Query passes to its calls: aborted, nothing is sent', async () => {
    const factories = [
      blockQuery(network, BigInt(mined.block)),
      blockQuery(network, `0x${'12'.repeat(32)}`),
      blockWithTransactionsQuery(network, 'latest'),
      blockReceiptsQuery(network, 1n),
      uncleQuery(network, 1n, 0),
      recentBlocksQuery(network, BigInt(mined.block), 3),
      transactionQuery(network, mined.transfer),
      transactionByIndexQuery(network, 1n, 0),
      receiptQuery(network, mined.transfer),
      accountQuery(network, mined.sender),
      headQuery(network),
    ]
    for (const options of factories) {
      const queryFn = options.queryFn as (context: unknown) => Promise<unknown>
      const outcome = await queryFn({ signal: AbortSignal.abort(), client, queryKey: options.queryKey, meta: undefined }).catch((error: unknown) => error)
      expect(outcome, JSON.stringify(options.queryKey)).toMatchObject({ name: 'AbortError' })
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(posts).toEqual([])
  })

  it('a query cancelled before its batch leaves is not sent at all', async () => {
    const options = blockQuery(network, BigInt(mined.block) - 1n)
    const cancelled = client.fetchQuery(options)
    const kept = client.fetchQuery(blockQuery(network, BigInt(mined.block) - 2n))
    await client.cancelQueries({ queryKey: options.queryKey })
    expect(isCancelledError(await cancelled.catch((error: unknown) => error))).toBe(true)
    await kept
    expect(sentMethods()).toEqual([['eth_getBlockByNumber']])
    expect((posts[0] as { params: unknown[] }).params[0]).toBe(`0x${(BigInt(mined.block) - 2n).toString(16)}`)
  })
})
