import type { Hash, Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import { startHardhatNode, type HardhatNode } from '../../server/testing/hardhatNode.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { configNetwork, defaultCapabilities } from '../networks/capabilities.ts'
import { BlockScanHistory, historyScanRange, type BlockScanSnapshot } from './blockScanHistory.ts'
import { historyToCsv } from './historyCsv.ts'

/**
 * An address's history read block by block, on a real node that keeps none (a Hardhat node: no ots_*). The
 * address sends, receives and creates a contract among other accounts' transactions; what the scan finds is
 * compared with what the node says of each transaction sent (its receipt), newest first. The requests are
 * counted by wrapping the global fetch (observation: every request passes through untouched).
 */

let node: HardhatNode
const me = devAccount(1)
/** Ours, as sent: every transaction that involves `me`, with its receipt from the node. */
const mine: Array<{ hash: Hash; blockNumber: bigint; status: Hex; contractAddress: Hex | null; feeWei: bigint }> = []
let head: bigint
let blockCalls = 0

/** Named apart for each batch limit: the app keeps one client per network and rules. */
const networkWithBatch = (maxBatchSize: number): Network => {
  const network = configNetwork({ name: `hardhat-${maxBatchSize}`, label: 'Hardhat', chainId: '0x7a69', rpcBase: node.url, wsBase: node.wsUrl, ipfsUrl: null, key: '-', secret: '', kind: 'hosted' })
  return { ...network, key: '', endpoint: 'url', capabilities: { ...defaultCapabilities, maxBatchSize } } as Network
}

beforeAll(async () => {
  node = await startHardhatNode()
  const chain = createChainClient(node.url)
  const [definition, baseFee] = await Promise.all([chainOf(chain), readBaseFee(chain)])
  const send = async (from: ReturnType<typeof devAccount>, to: Hex | null, options: { data?: Hex; gas?: bigint } = {}) => {
    const hash = await chain.sendTransaction({ account: from, chain: definition, to, value: to ? 1n : 0n, data: options.data, gas: options.gas ?? 21_000n, ...feeFields('eip1559', baseFee) })
    return chain.waitForTransactionReceipt({ hash, timeout: 10_000 })
  }
  const keep = (receipt: Awaited<ReturnType<typeof send>>) =>
    mine.push({ hash: receipt.transactionHash, blockNumber: receipt.blockNumber, status: receipt.status === 'success' ? '0x1' : '0x0', contractAddress: receipt.contractAddress ?? null, feeWei: receipt.gasUsed * receipt.effectiveGasPrice })
  // Hardhat mines a block per transaction: each of these is a block of its own.
  keep(await send(me, devAccount(2).address))
  await send(devAccount(3), devAccount(4).address)
  keep(await send(devAccount(5), me.address))
  // A contract created by `me` (its code: PUSH1 0 PUSH1 0 REVERT), then a call to it that fails.
  const created = await send(me, null, { data: '0x6005600c60003960056000f360006000fd', gas: 100_000n })
  keep(created)
  keep(await send(me, created.contractAddress!, { gas: 50_000n }))
  await send(devAccount(3), devAccount(4).address)
  head = await chain.getBlockNumber()
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (init?.method === 'POST' && String(input) === node.url) {
      const body = [JSON.parse(String(init.body)) as unknown].flat() as Array<{ method: string }>
      blockCalls += body.filter((call) => call.method === 'eth_getBlockByNumber').length
    }
    return realFetch(input, init)
  })
}, 60_000)

afterAll(async () => {
  vi.unstubAllGlobals()
  await node?.stop()
})

const finished = (scan: BlockScanHistory) =>
  new Promise<BlockScanSnapshot>((resolve) => {
    const check = () => {
      if (scan.snapshot.phase !== 'scanning') resolve(scan.snapshot)
    }
    scan.subscribe(check)
    check()
  })

describe('history read block by block', () => {
  it('covers the whole chain when it is short, the last 10,000 blocks when it is not', () => {
    expect(historyScanRange(41n)).toEqual({ from: 0n, to: 41n })
    expect(historyScanRange(9_999n)).toEqual({ from: 0n, to: 9_999n })
    expect(historyScanRange(10_000n)).toEqual({ from: 1n, to: 10_000n })
    expect(historyScanRange(52_884n)).toEqual({ from: 42_885n, to: 52_884n })
  })

  it('finds what the address sent, received and created, newest first, with the node’s receipts', async () => {
    blockCalls = 0
    const scan = new BlockScanHistory(networkWithBatch(1_000), me.address, historyScanRange(head))
    scan.start()
    const done = await finished(scan)
    expect(done.phase).toBe('done')
    expect(done.next).toBeNull()
    expect(done.blocksRead).toBe(head + 1n)
    const expected = [...mine].sort((a, b) => Number(b.blockNumber - a.blockNumber))
    expect(done.rows.map((row) => row.transaction.hash)).toEqual(expected.map((row) => row.hash))
    expect(done.rows.map((row) => row.receipt?.status)).toEqual(expected.map((row) => row.status))
    expect(done.rows.map((row) => row.receipt?.contractAddress ?? null)).toEqual(expected.map((row) => row.contractAddress))
    // Every block once.
    expect(blockCalls).toBe(Number(head) + 1)

    // As CSV: a line per transaction, exact wei, the node's fee (gas used × effective gas price), each way it went.
    const lines = historyToCsv(done.rows, me.address).trimEnd().split('\n')
    expect(lines[0]).toBe('blockNumber,timestamp,transactionHash,direction,from,to,contractCreated,valueWei,feeWei,status,methodSelector,nonce')
    expect(lines).toHaveLength(expected.length + 1)
    const byHash = new Map(lines.slice(1).map((line) => [line.split(',')[2], line.split(',')]))
    for (const sent of expected) {
      const fields = byHash.get(sent.hash)!
      expect(fields[0]).toBe(sent.blockNumber.toString())
      expect(fields[8]).toBe(sent.feeWei.toString())
      expect(fields[9]).toBe(sent.status === '0x1' ? 'success' : 'failed')
      expect(fields[6]).toBe(sent.contractAddress ?? '')
    }
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['out', 'create', 'in', 'out'])
  })

  it('cancels, then resumes where it stopped, and ends with the same rows', async () => {
    // Two blocks a batch: several windows, so there is a middle to cancel in.
    const scan = new BlockScanHistory(networkWithBatch(2), me.address, historyScanRange(head))
    const cancelled = new Promise<void>((resolve) => {
      const stop = scan.subscribe(() => {
        if (scan.snapshot.phase === 'scanning' && scan.snapshot.blocksRead >= 2n) {
          stop()
          scan.cancel()
          resolve()
        }
      })
    })
    scan.start()
    await cancelled
    const paused = await finished(scan)
    expect(paused.phase).toBe('cancelled')
    expect(paused.next).not.toBeNull()
    const readBefore = paused.blocksRead
    scan.start()
    const done = await finished(scan)
    expect(done.phase).toBe('done')
    expect(done.blocksRead).toBe(head + 1n)
    expect(readBefore).toBeLessThan(head + 1n)
    const expected = [...mine].sort((a, b) => Number(b.blockNumber - a.blockNumber))
    expect(done.rows.map((row) => row.transaction.hash)).toEqual(expected.map((row) => row.hash))
  })
})
