import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { loadConfig } from './config.ts'
import { devAccount } from './chain/devAccounts.ts'
import { startTestService, type TestService } from './testing/service.ts'

let service: TestService
let control: string
const history = 3

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_HISTORY_BLOCKS: String(history), CHAINGLASS_TEST_CONTROL_PORT: '0' }, { scenario: true })
  control = service.urls.control!
})
afterAll(async () => {
  await service?.close()
})

const post = async <T>(verb: string, body: unknown): Promise<T> => {
  const response = await fetch(`${control}/${verb}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(response.status).toBe(200)
  return (await response.json()) as T
}
const head = async () => Number(BigInt((await service.rpc('eth_blockNumber')).result as Hex))

describe("the tests' control of the local chain", () => {
  it('is off unless its port is set', () => {
    expect(loadConfig({}).testControlPort).toBeNull()
  })

  it('built the history at start: its blocks hold transactions, and the marker says how many', async () => {
    const marker = JSON.parse(fs.readFileSync(path.join(service.dataDir, 'history.json'), 'utf8')) as { blocks: number; head: number }
    expect(marker.blocks).toBe(history)
    expect(await head()).toBe(marker.head)
    const counts = await Promise.all(Array.from({ length: history }, async (_, index) => ((await service.rpc('eth_getBlockTransactionCountByNumber', [`0x${(marker.head - index).toString(16)}`])).result as Hex)))
    expect(counts.some((count) => BigInt(count) > 0n)).toBe(true)
  })

  it('mines blocks when asked, at the timestamp asked, and the chain stands still otherwise', async () => {
    const before = await head()
    expect(await head()).toBe(before)
    const timestamp = Math.floor(Date.now() / 1000) + 3600
    expect((await post<{ head: number }>('mine', { blocks: 2, timestamp })).head).toBe(before + 2)
    expect(await head()).toBe(before + 2)
    const block = (await service.rpc('eth_getBlockByNumber', [`0x${(before + 1).toString(16)}`, false])).result as { timestamp: Hex }
    expect(Number(BigInt(block.timestamp))).toBe(timestamp)
  })

  it('sends transfers into one block, and a send through the gateway is mined at once after it', async () => {
    const to = '0x000000000000000000000000000000000000c0de'
    const sent = await post<{ block: number; hashes: Hex[] }>('send', { transfers: [{ from: 1, to, value: '7' }, { from: 1, to, value: '8' }, { from: 2, to, value: '9' }] })
    expect(sent.hashes).toHaveLength(3)
    const receipts = await Promise.all(sent.hashes.map(async (hash) => (await service.rpc('eth_getTransactionReceipt', [hash])).result as { blockNumber: Hex; status: Hex }))
    for (const receipt of receipts) {
      expect(Number(BigInt(receipt.blockNumber))).toBe(sent.block)
      expect(receipt.status).toBe('0x1')
    }
    expect(await head()).toBe(sent.block)
  })

  it('sets a balance without a transaction', async () => {
    const address = devAccount(17).address
    const before = await head()
    await post('fund', { address, wei: (5n * 10n ** 18n).toString() })
    expect(BigInt((await service.rpc('eth_getBalance', [address, 'latest'])).result as Hex)).toBe(5n * 10n ** 18n)
    expect(await head()).toBe(before)
  })

  it('the gateway refuses every such method: they are the control port\'s only', async () => {
    for (const [method, params] of [['evm_mine', []], ['anvil_mine', ['0x1']], ['evm_setNextBlockTimestamp', [1]], ['anvil_setBalance', [devAccount(17).address, '0x1']], ['evm_setAutomine', [false]], ['evm_setIntervalMining', [1]]] as const) {
      const answer = await service.rpc(method, [...params])
      expect(answer.error?.code, method).toBe(-32601)
    }
  })
})
