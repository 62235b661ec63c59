import { Writable } from 'node:stream'
import { toHex, type Hash } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { createChainClient } from '../../server/chain/chainClient.ts'
import type { RuntimeConfig } from '../../contract/runtimeConfig.ts'
import { configNetwork } from '../networks/capabilities.ts'
import { clearLacks } from '../networks/lacks.ts'
import type { Receipt, Transaction } from '../rpc/schemas.ts'
import { renderFirstScreen } from '../serverRender.tsx'
import { mineTransfers, postedMethods, recordGatewayPosts, serviceNetwork, startUnitTestService, type TestService } from '../testing/realService.ts'
import { longListAbove, unmeasuredListRows } from '../../contract/listWindow.ts'
import { firstScreenReceipts, firstScreenTransactions, prefetchBlockFirstScreen } from './blockPage.ts'
import { blockReceiptsQuery, blockWithTransactionsQuery } from './blocks.ts'
import { createQueryClient } from './queryClient.ts'

/**
 * The block page's first screen, as the server reads it (queries/blockPage.ts prefetchBlockFirstScreen): a block
 * the page lists whole comes with all its receipts; a long one (a virtualized list, of which the server renders
 * the first rows) with the receipts of those rows only, so the server does not wait for a node to build receipts
 * nobody sees. Two blocks made here on the real node (a long one of 120 transfers, each with a different amount of
 * calldata so each has its own gas used, and a short one of 3); expected values are the node's own
 * eth_getBlockReceipts, read straight from the gateway.
 */

let service: TestService
let posts: unknown[] = []
type Mined = { number: bigint; hashes: Hash[]; receipts: Receipt[]; transactions: Transaction[] }
const long: Mined = { number: 0n, hashes: [], receipts: [], transactions: [] }
const short: Mined = { number: 0n, hashes: [], receipts: [], transactions: [] }

async function mineBlock(count: number, from: number): Promise<Mined> {
  const { number, hashes } = await mineTransfers(service, { from, to: from + 1, count, value: () => 1n, data: (index) => toHex(new Uint8Array(index + 1).fill(7)), gas: 100_000n })
  const node = createChainClient(service.urls.rpc)
  const receipts = (await node.request({ method: 'eth_getBlockReceipts', params: [`0x${number.toString(16)}`] })) as unknown as Receipt[]
  const block = (await node.request({ method: 'eth_getBlockByNumber', params: [`0x${number.toString(16)}`, true] })) as unknown as { transactions: Transaction[] }
  return { number, hashes, receipts, transactions: block.transactions }
}

beforeAll(async () => {
  vi.stubGlobal('WebSocket', WebSocket)
  service = await startUnitTestService()
  // Mined on demand, straight on the node (a test's control of its chain): each set of transfers in one block.
  await service.node('evm_setIntervalMining', [0])
  Object.assign(long, await mineBlock(120, 6))
  Object.assign(short, await mineBlock(3, 8))
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

describe('a block page’s first screen', () => {
  it('made the blocks it needs: one longer than a whole list, one shorter, each transaction in its block', () => {
    expect(long.hashes.length).toBeGreaterThan(longListAbove)
    expect(long.receipts.map((receipt) => receipt.transactionHash)).toEqual(long.hashes)
    expect(new Set(long.receipts.map((receipt) => receipt.gasUsed)).size).toBe(long.receipts.length)
    expect(short.receipts.map((receipt) => receipt.transactionHash)).toEqual(short.hashes)
  })

  it('of a long block: the block with hashes, then only its first rows’ transactions and receipts in one batch, as the node has them', async () => {
    const network = configNetwork(serviceNetwork(service))
    const client = createQueryClient()
    await prefetchBlockFirstScreen(client, network, long.number.toString(), new URLSearchParams())
    expect(postedMethods(posts)).toEqual([['eth_getBlockByNumber'], [...Array(unmeasuredListRows).fill('eth_getTransactionByHash'), ...Array(unmeasuredListRows).fill('eth_getTransactionReceipt')]])
    // The block with hashes only: the node does not build a thousand transaction objects for a screen of 13.
    expect(([posts[0]].flat()[0] as { params: unknown[] }).params[1]).toBe(false)
    expect(client.getQueryData(blockReceiptsQuery(network, long.number).queryKey)).toBeUndefined()
    expect(client.getQueryData(blockWithTransactionsQuery(network, long.number).queryKey)).toBeUndefined()
    const early = firstScreenReceipts(client, network, long.hashes)
    expect([...(early?.values() ?? [])]).toEqual(long.receipts.slice(0, unmeasuredListRows))
    const transactions = firstScreenTransactions(client, network, long.hashes)
    expect([...(transactions?.values() ?? [])]).toEqual(long.transactions.slice(0, unmeasuredListRows))
  })

  it('of a long block listed with hashes: the block, then only its first rows’ receipts, no transaction objects', async () => {
    const network = configNetwork(serviceNetwork(service))
    const client = createQueryClient()
    await prefetchBlockFirstScreen(client, network, long.number.toString(), new URLSearchParams({ tx: 'hashes' }))
    expect(postedMethods(posts)).toEqual([['eth_getBlockByNumber'], Array(unmeasuredListRows).fill('eth_getTransactionReceipt')])
    expect(firstScreenTransactions(client, network, long.hashes)).toBeUndefined()
  })

  it('of a short block: the block, then its full transactions and all its receipts in one batch, and nothing read one by one', async () => {
    const network = configNetwork(serviceNetwork(service))
    const client = createQueryClient()
    await prefetchBlockFirstScreen(client, network, short.number.toString(), new URLSearchParams())
    expect(postedMethods(posts)).toEqual([['eth_getBlockByNumber'], ['eth_getBlockByNumber', 'eth_getBlockReceipts']])
    expect(client.getQueryData(blockReceiptsQuery(network, short.number).queryKey)).toEqual(short.receipts)
    expect(client.getQueryData(blockWithTransactionsQuery(network, short.number).queryKey)?.transactions).toEqual(short.transactions)
    expect(firstScreenReceipts(client, network, short.hashes)).toBeUndefined()
    expect(firstScreenTransactions(client, network, short.hashes)).toBeUndefined()
  })

  it('rendered by the server: a long block’s first rows, each with its status and gas used, and those receipts in the page’s data', async () => {
    const network = serviceNetwork(service)
    const config: RuntimeConfig = { defaultNetwork: network.name, networks: [network] }
    const screen = await renderFirstScreen(`/block/${long.number}`, config, { dataDeadlineMs: 30_000, nonce: 'n0nce' })
    expect(screen).not.toBeNull()
    let html = ''
    await screen!.pipe(new Writable({ write: (chunk, _encoding, done) => ((html += String(chunk)), done()) }))
    const rows = html.split('data-testid="block-tx-row"').slice(1)
    expect(rows).toHaveLength(unmeasuredListRows)
    for (const [index, row] of rows.entries()) {
      const receipt = long.receipts[index]!
      expect(row).toContain(`data-value="${receipt.transactionHash}"`)
      expect(row).toContain(`data-testid="tx-gas-used" data-value="${BigInt(receipt.gasUsed).toString(10)}"`)
      expect(row).toMatch(/data-testid="tx-status"/)
      // Method, value and fee from the row's own transaction and receipt: nothing left loading in a first row.
      expect(row).toMatch(/data-testid="tx-method"/)
      expect(row).toMatch(/data-testid="tx-value"/)
      expect(row).toMatch(/data-testid="tx-fee"/)
      expect(row).not.toContain('data-skeleton')
    }
    expect(html).toContain(`data-virtual-count="${long.hashes.length}"`)
    // The spacer below the rows holds the rest of the list's height: a class whose rule is in the page's one
    // sheet of values, allowed by the response's nonce (no style attribute, which the policy refuses).
    expect(html).not.toContain(' style=')
    expect(html).toMatch(/^<style nonce="n0nce" data-precedence="chainglass-values" data-href="[\w -]+">(\.v-\w+\{[\w:.%()-]+\})+<\/style>/)
    expect(postedMethods(posts).flat().filter((method) => method === 'eth_getBlockReceipts')).toEqual([])
    // The page's data: the block and the first rows' receipts, each under its transaction's key; not the block's receipts.
    const queries = screen!.state().state.queries
    const kinds = queries.map((query) => query.queryKey[1])
    expect(queries.filter((query) => query.queryKey[1] === 'receipt').map((query) => query.queryKey[2])).toEqual(long.hashes.slice(0, unmeasuredListRows))
    expect(queries.filter((query) => query.queryKey[1] === 'transaction').map((query) => query.queryKey[2])).toEqual(long.hashes.slice(0, unmeasuredListRows))
    const fullKey = JSON.stringify(blockWithTransactionsQuery(configNetwork(network), long.number).queryKey)
    expect(queries.filter((query) => JSON.stringify(query.queryKey) === fullKey)).toEqual([])
    expect(kinds).toContain('block')
    expect(kinds).not.toContain(blockReceiptsQuery(configNetwork(network), long.number).queryKey[1])
  })
})
