import { describe, expect, it } from 'vitest'
import { brandNames } from '../testing/brandNames.ts'
import { readFixture } from '../testing/fixtures.ts'
import type { SampleContents } from '../../contract/sampleContents.ts'
import { sampleNetworks } from './networks.ts'
import type { SampleNode } from './sampleNode.ts'

/** What each sample network says it holds, derived at start from the real fixtures. */
const contents = new Map<string, SampleContents>(sampleNetworks().map((network) => [network.name, (network.node as SampleNode).contents]))
const of = (name: string) => contents.get(name)!
const erigonResult = (name: string) => (JSON.parse(readFixture(name)) as Array<{ response: { result: unknown } }>)[0]!.response.result

describe('what the mainnet sample holds, read from its recordings', () => {
  const block = JSON.parse(readFixture('ethereumjs-mainnet-block-0x913156-with-uncles.json')) as { number: string; hash: string; transactions: string[]; uncles: string[] }
  const uncle = JSON.parse(readFixture('ethereumjs-mainnet-uncle-0x913154-of-block-0x913156.json')) as { number: string; hash: string }
  const preByzantium = erigonResult('erigon-mainnet-eth_getBlockByNumber-0x41b57c-prebyzantium.json') as { number: string; hash: string; transactions: string[] }
  const receipts = erigonResult('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json') as Array<{ blockNumber: string; blockHash: string; logs: unknown[] }>

  it('block 9,515,350 with its transaction hashes and its one uncle, whose header was recorded; no receipts', () => {
    const found = of('mainnet-sample').blocks.find((entry) => BigInt(entry.number) === 9_515_350n)
    expect(found).toEqual({
      number: block.number,
      hash: block.hash,
      transactions: block.transactions.length,
      fullTransactions: false,
      receipts: false,
      uncles: [{ index: 0, hash: uncle.hash, number: uncle.number }],
    })
    expect(block.uncles).toHaveLength(1)
  })

  it('the pre-Byzantium block, and the other block whose 252 receipts were recorded whole', () => {
    const mainnet = of('mainnet-sample')
    expect(mainnet.blocks.map((entry) => BigInt(entry.number))).toEqual([9_515_350n, BigInt(preByzantium.number)])
    expect(mainnet.blocks[1]).toMatchObject({ hash: preByzantium.hash, transactions: preByzantium.transactions.length, uncles: [], receipts: false })
    expect(receipts).toHaveLength(252)
    expect(mainnet.blockReceipts).toEqual([{ number: receipts[0]!.blockNumber, hash: receipts[0]!.blockHash, count: 252, logs: receipts.reduce((sum, receipt) => sum + receipt.logs.length, 0) }])
  })

  it('the receipts recorded one by one, the log queries and the reverting calls', () => {
    const single = erigonResult('erigon-mainnet-eth_getTransactionReceipt-logs.json') as { transactionHash: string; blockNumber: string }
    const etl = (JSON.parse(readFixture('etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json')) as { result: { transactionHash: string; blockNumber: string } }).result
    const mainnet = of('mainnet-sample')
    expect(mainnet.receipts).toEqual([
      { transactionHash: single.transactionHash, blockNumber: single.blockNumber },
      { transactionHash: etl.transactionHash, blockNumber: etl.blockNumber },
    ])
    expect(mainnet.logQueries).toBe(2)
    expect(mainnet.calls).toBe(2)
    expect(mainnet.l2aBlocks).toEqual([])
    expect(mainnet.l2bPendingTransactions).toBeNull()
  })

  it('the methods its recordings let it answer, and none that need chain state', () => {
    const { methods, blockTags } = of('mainnet-sample')
    for (const method of ['eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getUncleByBlockHashAndIndex', 'eth_getBlockReceipts', 'eth_getTransactionReceipt', 'eth_getLogs', 'eth_call', 'eth_chainId']) {
      expect(methods).toContain(method)
    }
    for (const method of ['eth_getBalance', 'eth_getStorageAt', 'eth_estimateGas', 'l2a_getRawBlockTransactions', 'l2b_pendingTransactions']) expect(methods).not.toContain(method)
    expect(blockTags).toContain('safe')
  })
})

describe('what the layer-2 samples hold', () => {
  it('l2a-sample: block 5817 and its transactions, and no eth_* blocks', () => {
    const recorded = JSON.parse(readFixture('l2a-mainnet-raw-block-transactions-L1.json')) as { result: unknown[] }
    const l2a = of('l2a-sample')
    expect(l2a.l2aBlocks).toEqual([{ number: 5817, transactions: recorded.result.length }])
    expect(l2a.methods).toContain('l2a_getRawBlockTransactions')
    expect(l2a.methods).not.toContain('eth_getBlockByNumber')
    expect(l2a.blocks).toEqual([])
  })

  it('l2b-sample: its pending transactions and that one method only', () => {
    const text = readFixture('l2b-mainnet-pending-transactions.json')
    const l2b = of('l2b-sample')
    expect(l2b.l2bPendingTransactions).toBe((text.match(/"transaction_hash"/g) ?? []).length)
    expect(l2b.methods).toEqual(['l2b_pendingTransactions'])
    expect(l2b.blockTags).toEqual(['latest', 'pending'])
  })

  it('each network describes itself in words that name no provider', () => {
    for (const entry of contents.values()) {
      expect(entry.description.length).toBeGreaterThan(40)
      expect(entry.description).not.toMatch(brandNames)
    }
  })
})
