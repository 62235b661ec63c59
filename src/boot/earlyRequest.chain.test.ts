import type { Hash, Hex } from 'viem'
import { clearLearned, learnedFor, noteLacks, withLearned } from '../networks/learned.ts'
import { learnedIdOf } from '../networks/learnedId.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import type { RuntimeConfig } from '../../contract/runtimeConfig.ts'
import { configNetwork } from '../networks/capabilities.ts'
import { prefetchBlockRoute } from '../queries/blockPage.ts'
import { blockReceiptsQuery, blockWithTransactionsQuery } from '../queries/blocks.ts'
import { headQuery, headStreamFor } from '../queries/head.ts'
import { createQueryClient } from '../queries/queryClient.ts'
import { receiptQuery, transactionQuery } from '../queries/transactions.ts'
import { resetEarlyReplies } from '../rpc/earlyReplies.ts'
import { mine, postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { earlyCalls, earlyPlanFor, sendEarly } from './earlyPlan.ts'
import { writeHandoff, type EarlyRequest } from './handoff.ts'

/**
 * The boot script's early request against the real service: its calls are exactly those the app's own
 * queries send for the same URL (else the app would ask again), and the app's transport adopts the answer
 * (nothing more is sent) or, when the early request failed, asks itself. What leaves the app is recorded by
 * wrapping the global fetch (observation: every request passes through untouched).
 */

let service: TestService
let posts: unknown[] = []
let block: Hex
let transfer: Hash

/** The plan for `pathname`, sent as boot.ts sends it (to `target` instead, if given). */
function sendEarlyFor(config: RuntimeConfig, pathname: string, search = '', target?: string): EarlyRequest {
  const plan = earlyPlanFor(config, { pathname, search })
  if (!plan) throw new Error(`no early plan for ${pathname}`)
  return sendEarly(plan, { target })
}

const configFor = (service: TestService): RuntimeConfig => ({ defaultNetwork: 'local', networks: [serviceNetwork(service)] })

beforeAll(async () => {
  // The network's clients (made on first use) take the ws package's WebSocket, the same on every Node line.
  vi.stubGlobal('WebSocket', WebSocket)
  // A still chain: it moves only when mined here. A few blocks first, so the transfer's is not next to genesis.
  service = await startUnitTestService({ blockTime: 0 })
  await mine(service, 3)
  const sender = createChainClient(service.urls.rpc)
  const account = devAccount(1)
  const [chain, baseFee] = await Promise.all([chainOf(sender), readBaseFee(sender)])
  transfer = await sender.sendTransaction({ account, chain, to: devAccount(2).address, value: 777n, gas: 21_000n, ...feeFields('eip1559', baseFee) })
  const receipt = await sender.waitForTransactionReceipt({ hash: transfer, timeout: 10_000 })
  block = `0x${receipt.blockNumber.toString(16)}`
  posts = recordGatewayPosts(service)
})

afterAll(async () => {
  vi.unstubAllGlobals()
  await service?.close()
})

beforeEach(() => {
  posts.length = 0
  writeHandoff({ config: undefined, early: null })
  resetEarlyReplies()
})

describe('the early request holds to the app’s own calls', () => {
  it('block page by number, by hash, full transactions or hashes only: the same methods and params the page’s queries send', async () => {
    const network = configNetwork(serviceNetwork(service))
    const hash = (await createChainClient(service.urls.rpc).getBlock({ blockNumber: BigInt(block) })).hash
    for (const [id, search] of [[String(BigInt(block)), ''], [block, ''], [hash, ''], [hash.toUpperCase().replace('0X', '0x'), ''], [String(BigInt(block)), '?tx=full'], [String(BigInt(block)), '?tx=hashes']] as const) {
      posts.length = 0
      const client = createQueryClient()
      prefetchBlockRoute(client, network, id, new URLSearchParams(search))
      await vi.waitFor(() => expect(posts).toHaveLength(1), { timeout: 10_000 })
      const sent = (posts[0] as Array<{ method: string; params: unknown[] }>).map(({ method, params }) => ({ method, params }))
      expect(earlyCalls(`/block/${id}`, new URLSearchParams(search)), `/block/${id}${search}`).toEqual(sent)
    }
  })

  it('block page on a network found to lack eth_getBlockReceipts: the block alone first, as the page then asks', async () => {
    clearLearned()
    const plain = configNetwork(serviceNetwork(service))
    noteLacks(plain, 'eth_getBlockReceipts')
    const network = withLearned(plain)
    expect(network.capabilities.blockReceipts).toBe(false)
    // What the boot script reads: the learned store's own storage text (Node has no localStorage: made here).
    const stored = JSON.stringify({ [learnedIdOf(plain)]: learnedFor(plain) })
    try {
      const client = createQueryClient()
      prefetchBlockRoute(client, network, String(BigInt(block)), new URLSearchParams())
      await vi.waitFor(() => expect(posts.length).toBeGreaterThan(0), { timeout: 10_000 })
      // One call: sent on its own, not as a batch.
      const sent = [posts[0]].flat().map((call) => ({ method: (call as { method: string }).method, params: (call as { params: unknown[] }).params }))
      expect(earlyPlanFor(configFor(service), { pathname: `/block/${BigInt(block)}`, search: '' }, stored)?.calls).toEqual(sent)
      expect(sent.map((call) => call.method)).toEqual(['eth_getBlockByNumber'])
    } finally {
      clearLearned()
    }
  })

  it('transaction page: the transaction and its receipt, as the page’s queries ask for them', async () => {
    const network = configNetwork(serviceNetwork(service))
    const client = createQueryClient()
    await Promise.all([client.prefetchQuery(transactionQuery(network, transfer)), client.prefetchQuery(receiptQuery(network, transfer))])
    const sent = (posts[0] as Array<{ method: string; params: unknown[] }>).map(({ method, params }) => ({ method, params }))
    expect(earlyCalls(`/tx/${transfer}`, new URLSearchParams())).toEqual(sent)
  })

  it('home: the latest block, as the head query and the head stream ask for it', async () => {
    const network = configNetwork(serviceNetwork(service))
    const stream = headStreamFor(network).subscribe(() => {})
    try {
      await createQueryClient().fetchQuery(headQuery(network))
      await vi.waitFor(() => expect(posts.length).toBeGreaterThan(0), { timeout: 10_000 })
      // Both read the head in the same tick: one call on the wire (identical reads share it).
      const sent = posts.flatMap((body) => (Array.isArray(body) ? body : [body]) as Array<{ method: string; params: unknown[] }>).map(({ method, params }) => ({ method, params }))
      expect(earlyCalls('/', new URLSearchParams())).toEqual(sent)
    } finally {
      stream()
    }
  })

  it('leaves alone what the app must decide itself: tags, samples, networks it does not know, other pages', () => {
    const config: RuntimeConfig = {
      defaultNetwork: 'local',
      networks: [serviceNetwork(service), { ...serviceNetwork(service), name: 'recorded', kind: 'sample' }],
    }
    expect(earlyPlanFor(config, { pathname: '/block/latest', search: '' })).toBeNull()
    expect(earlyPlanFor(config, { pathname: `/block/${block}`, search: '?network=recorded' })).toBeNull()
    expect(earlyPlanFor(config, { pathname: `/block/${block}`, search: '?network=mine' })).toBeNull()
    expect(earlyPlanFor(config, { pathname: `/block/${block}/receipts`, search: '' })).toBeNull()
    expect(earlyPlanFor(config, { pathname: '/tx/0x1234', search: '' })).toBeNull()
    expect(earlyPlanFor(config, { pathname: '/logs', search: '' })).toBeNull()
    // The endpoint is the network's own, with its key (the app's transport for it has the same URL).
    expect(earlyPlanFor(config, { pathname: `/block/${block}`, search: '?network=local' })?.url).toBe(service.urls.rpc)
  })
})

describe('the app adopts the early answer', () => {
  it('a block page: the queries get the chain’s block and receipts, and nothing more is sent', async () => {
    const config = configFor(service)
    const early = sendEarlyFor(config, `/block/${BigInt(block)}`)
    writeHandoff({ config, early })
    await early.reply
    posts.length = 0
    const network = configNetwork(serviceNetwork(service))
    const client = createQueryClient()
    prefetchBlockRoute(client, network, String(BigInt(block)), new URLSearchParams())
    const [shown, receipts] = await Promise.all([client.fetchQuery(blockWithTransactionsQuery(network, BigInt(block))), client.fetchQuery(blockReceiptsQuery(network, BigInt(block)))])
    expect(postedMethods(posts)).toEqual([])
    const chain = createChainClient(service.urls.rpc)
    expect(shown?.hash).toBe((await chain.getBlock({ blockNumber: BigInt(block) })).hash)
    expect(receipts?.map((receipt) => receipt.transactionHash)).toContain(transfer)
  })

  it('each early call once: the same call later goes to the node', async () => {
    const config = configFor(service)
    const early = sendEarlyFor(config, `/block/${BigInt(block)}`, '?tx=full')
    writeHandoff({ config, early })
    // The early answer already in when the app asks (the usual order on a fast machine): the first read is done
    // within the same macrotask, and a read after it is a later call all the same (a Node 24 CI run adopted it).
    await early.reply
    const network = configNetwork(serviceNetwork(service))
    await createQueryClient().fetchQuery(blockWithTransactionsQuery(network, BigInt(block)))
    posts.length = 0
    await createQueryClient().fetchQuery(blockWithTransactionsQuery(network, BigInt(block)))
    expect(postedMethods(posts)).toEqual([['eth_getBlockByNumber']])
  })

  it('home: the head query and the head stream, asking in one tick, share the early answer; no block is read again', async () => {
    const config = configFor(service)
    const early = sendEarlyFor(config, '/')
    writeHandoff({ config, early })
    const expected = JSON.parse((await early.reply)!) as Array<{ result: { hash: string } }>
    posts.length = 0
    const network = configNetwork(serviceNetwork(service))
    const heads: string[] = []
    const stream = headStreamFor(network).subscribe((event) => {
      if (event.type === 'head') heads.push(event.head.hash)
    })
    try {
      const head = await createQueryClient().fetchQuery(headQuery(network))
      // A new block reaches the stream (by its subscription, or by the catch-up once that is confirmed) even if
      // an earlier test's run of the same stream already had the early answer's head.
      await mine(service)
      // Not vitest's 1 s default: on two busy cores (CI) the stream's first head took longer.
      await vi.waitFor(() => expect(heads.length).toBeGreaterThan(0), { timeout: 10_000 })
      expect(head?.hash).toBe(expected[0]!.result.hash)
      const calls = () => posts.flatMap((body) => (Array.isArray(body) ? body : [body]) as Array<{ method: string; params: unknown[] }>)
      // Once its subscription is confirmed the stream asks the head's number, for a block mined in between.
      await vi.waitFor(() => expect(calls().map((call) => call.method)).toContain('eth_blockNumber'), { timeout: 10_000 })
      // It may fill in blocks by number; it never asked for latest.
      expect(calls().filter((call) => call.params[0] === 'latest')).toEqual([])
    } finally {
      stream()
    }
  })

  it('an early request that got no answer (nothing listening there) is not adopted: the app asks the node itself', async () => {
    const config = configFor(service)
    // A real refusal: the early request goes to a port nobody listens on.
    const early = sendEarlyFor(config, `/tx/${transfer}`, '', 'http://127.0.0.1:9/v3/nothing')
    writeHandoff({ config, early })
    const network = configNetwork(serviceNetwork(service))
    const transaction = await createQueryClient().fetchQuery(transactionQuery(network, transfer))
    expect(transaction?.hash).toBe(transfer)
    expect(postedMethods(posts)).toEqual([['eth_getTransactionByHash']])
  })
})
