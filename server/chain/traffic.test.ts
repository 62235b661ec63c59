import fs from 'node:fs'
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../testing/service.ts'

type Tx = { hash: Hex; type: Hex; from: Address; to: Address | null; nonce: Hex; accessList?: unknown[] }
type Receipt = { status: Hex; contractAddress: Address | null; type: Hex }
type Block = { number: Hex; transactions: Tx[] }

let service: TestService
let closed = false
const lines: string[] = []

async function result<T>(method: string, params: unknown[] = []): Promise<T> {
  const reply = await service.rpc(method, params)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

const blockNumber = async () => Number(await result<Hex>('eth_blockNumber'))

beforeAll(async () => {
  // The live traffic on a moving chain: what it is tested for is a tick per mined block, on the service's own
  // block clock, as `npm start` runs it (the tests' history is built without a clock: trafficChain.test.ts).
  service = await startTestService({ CHAINGLASS_TRAFFIC: '1', CHAINGLASS_BLOCK_TIME: '1' }, { scenario: true, log: (line) => lines.push(line) })
})

afterAll(async () => {
  if (!closed) await service?.close()
  if (service) fs.rmSync(service.dataDir, { recursive: true, force: true })
})

describe('the traffic generator', () => {
  it('fills the next blocks with transactions of every plain type, creations and failures', async () => {
    const scenario = service.scenario!
    const first = scenario.blocks.last + 1
    const target = (await blockNumber()) + 6
    while ((await blockNumber()) < target) await new Promise((resolve) => setTimeout(resolve, 250))

    const txs: Tx[] = []
    const receipts: Receipt[] = []
    for (let number = first; number <= target; number++) {
      const tag = `0x${number.toString(16)}`
      const block = await result<Block>('eth_getBlockByNumber', [tag, true])
      txs.push(...block.transactions)
      receipts.push(...(await result<Receipt[]>('eth_getBlockReceipts', [tag])))
    }
    expect(txs.length).toBeGreaterThanOrEqual(20)
    const types = new Set(txs.map((tx) => tx.type))
    // Types 3 and 4 come by now and then (trafficChain.test.ts waits for them); 0 to 2 are in every normal tick.
    for (const type of ['0x0', '0x1', '0x2']) expect(types).toContain(type)
    // EIP-2930: a type-1 transaction carries an access list.
    expect(txs.filter((tx) => tx.type === '0x1').every((tx) => Array.isArray(tx.accessList))).toBe(true)

    const creations = receipts.filter((receipt) => receipt.contractAddress !== null)
    expect(creations.length).toBeGreaterThan(0)
    expect(txs.filter((tx) => tx.to === null).length).toBe(creations.length)
    expect(await result<Hex>('eth_getCode', [creations[0]!.contractAddress, 'latest'])).not.toBe('0x')

    expect(receipts.some((receipt) => receipt.status === '0x0')).toBe(true)
    expect(receipts.filter((receipt) => receipt.status === '0x1').length).toBeGreaterThan(receipts.length / 2)

    // Several senders, and none of them stalls: each one's nonces in the window run without a gap
    // (a transaction the node took but never mined would leave one, and every later one waits behind it).
    const bySender = new Map<Address, number[]>()
    for (const tx of txs) bySender.set(tx.from, [...(bySender.get(tx.from) ?? []), Number(tx.nonce)])
    expect(bySender.size).toBeGreaterThanOrEqual(4)
    for (const [sender, nonces] of bySender) {
      const sorted = [...nonces].sort((a, b) => a - b)
      expect(sorted, sender).toEqual(sorted.map((_, index) => sorted[0]! + index))
      // Most blocks carry one from each: the first holds the Furnace's deployment, and a busy machine can
      // let a block go by between two ticks.
      expect(sorted.length, sender).toBeGreaterThanOrEqual((target - first) / 2)
    }
  })

  it('leaves the scenario’s recorded holders alone', async () => {
    const scenario = service.scenario!
    const abi = parseAbi(['function balanceOf(address) view returns (uint256)'])
    for (const { account, role, balance } of scenario.token.balances) {
      if (role !== 'holder') continue
      const data = encodeFunctionData({ abi, functionName: 'balanceOf', args: [account] })
      const raw = await result<Hex>('eth_call', [{ to: scenario.contracts.token, data }, 'latest'])
      expect(decodeFunctionResult({ abi, functionName: 'balanceOf', data: raw }).toString()).toBe(balance)
    }
  })

  it('stops cleanly, has nothing refused, and never logs the project key', async () => {
    await service.close()
    closed = true
    const stopped = lines.find((line) => line.startsWith('traffic: stopped'))
    expect(stopped).toMatch(/\d+ transactions sent, 0 refused/)
    expect(lines.filter((line) => line.includes('refused:') || line.includes('tick failed'))).toEqual([])
    expect(lines.some((line) => line.includes(service.config.key))).toBe(false)
  })
})
