import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeErrorResult, parseAbi, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnvilNode } from './anvil.ts'
import { createChainClient } from './chainClient.ts'
import { ensureScenario, type Scenario } from './scenario.ts'
import { nodeCaller } from './nodeCall.ts'
import { buildHistory } from './traffic.ts'
import { createPhaseSchedule } from './trafficPhases.ts'

type RawTx = { hash: Hex; type: Hex; to: Address | null; input: Hex; authorizationList?: Array<{ address: Address }> }
type RawBlock = { number: Hex; gasUsed: Hex; gasLimit: Hex; baseFeePerGas: Hex; transactions: RawTx[] }
type RawReceipt = { transactionHash: Hex; status: Hex; type: Hex; blobGasUsed?: Hex }
type CallFrame = { error?: string; output?: Hex }

/**
 * The traffic on a real anvil at its default hardfork, each tick mined as one block (as the tests' history is
 * built), long enough for a whole burst: everything checked is read back from the chain, not from the planner.
 */
/** The first seed whose first burst starts by tick 8 and lasts 5 ticks or more: the test then ends early. */
const seed = Array.from({ length: 500 }, (_, n) => n + 1).find((candidate) => {
  const schedule = createPhaseSchedule(candidate)
  const first = schedule.at(0)
  const burst = schedule.at(first.length)
  return first.length <= 8 && burst.phase === 'burst' && burst.length >= 5
})!
const schedule = createPhaseSchedule(seed)
const burst = schedule.at(schedule.at(0).length)
/** Through the burst and the normal stretch after it, with room for every card in the deck to come up. */
const ticks = Math.max(40, burst.start + burst.length + 10)

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-traffic-chain-'))
const anvil = new AnvilNode({ stateFile: null, blockTime: 0 })
const lines: string[] = []
let scenario: Scenario
let blocks: RawBlock[] = []
let receipts: RawReceipt[] = []

const customErrors = parseAbi(['error InsufficientFunds(address account, uint256 available, uint256 required)'])

/** Why a call failed, from its trace: the node's error when it left no revert data, else the data decoded. */
function reasonOf(frame: CallFrame): string {
  if (!frame.output || frame.output === '0x') return frame.error ?? 'no reason'
  try {
    // viem knows Error(string) and Panic(uint256) besides the ABI's own errors.
    const { errorName, args } = decodeErrorResult({ abi: customErrors, data: frame.output })
    const name: string = errorName
    return name === 'Error' || name === 'Panic' ? `${name}(${String(args[0])})` : name
  } catch {
    return frame.output
  }
}

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.httpUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const reply = (await response.json()) as { result?: T; error?: { message: string } }
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

beforeAll(async () => {
  await anvil.start(0)
  scenario = await ensureScenario({ rpcUrl: anvil.httpUrl, dataDir: work, log: () => {} })
  const client = createChainClient(anvil.httpUrl)
  const node = nodeCaller(anvil.httpUrl)
  const first = Number(await client.getBlockNumber()) + 1
  await buildHistory({ rpcUrl: anvil.httpUrl, scenario, seed, ticks, log: (line) => lines.push(line), node })
  // Then the chain runs empty, and the base fee falls.
  await node('anvil_mine', ['0x2'])
  const last = Number(await client.getBlockNumber())
  const numbers = Array.from({ length: last - first + 1 }, (_, index) => `0x${(first + index).toString(16)}`)
  blocks = await Promise.all(numbers.map((tag) => rpc<RawBlock>('eth_getBlockByNumber', [tag, true])))
  receipts = (await Promise.all(numbers.map((tag) => rpc<RawReceipt[]>('eth_getBlockReceipts', [tag])))).flat()
})

afterAll(async () => {
  await anvil.stop()
  fs.rmSync(work, { recursive: true, force: true })
})

describe('the traffic on a real anvil', () => {
  it('names the types it sends, and had nothing refused', () => {
    expect(lines.find((line) => line.startsWith('traffic: on'))).toMatch(/^traffic: on, legacy\/2930\/1559\/4844\/7702 /)
    // The whole log in the message: a refusal's cause is often in the lines before it.
    expect(lines.filter((line) => line.includes('refused:') || line.includes('tick failed')), lines.join('\n')).toEqual([])
    expect(lines.at(-1)).toMatch(/transactions sent, 0 refused\) in /)
  })

  it('sends every transaction type the hardfork takes: 0x0 to 0x4', () => {
    expect([...new Set(receipts.map((receipt) => receipt.type))].sort()).toEqual(['0x0', '0x1', '0x2', '0x3', '0x4'])
    const blob = receipts.find((receipt) => receipt.type === '0x3')!
    expect(BigInt(blob.blobGasUsed ?? '0x0')).toBe(131_072n)
  })

  it('delegates a fresh account to the Furnace with EIP-7702, and the call runs its code', async () => {
    const delegation = blocks.flatMap((block) => block.transactions).find((tx) => tx.type === '0x4')!
    const code = await rpc<Hex>('eth_getCode', [delegation.to, 'latest'])
    // EIP-7702's delegation designator: 0xef0100 and the delegate's address.
    expect(code.toLowerCase()).toBe(`0xef0100${delegation.authorizationList![0]!.address.slice(2).toLowerCase()}`)
    expect(receipts.find((receipt) => receipt.transactionHash === delegation.hash)!.status).toBe('0x1')
  })

  it('moves NFTs it minted (transferFrom mined with success)', () => {
    const transfers = blocks.flatMap((block) => block.transactions).filter((tx) => tx.to === scenario.contracts.nft.toLowerCase() && tx.input.startsWith('0x23b872dd'))
    const succeeded = transfers.filter((tx) => receipts.find((receipt) => receipt.transactionHash === tx.hash)?.status === '0x1')
    expect(succeeded.length).toBeGreaterThan(0)
  })

  it('fails in different ways: reverts with reasons, panics, no reason, out of gas', async () => {
    const failed = receipts.filter((receipt) => receipt.status === '0x0')
    const frames = await Promise.all(failed.map((receipt) => rpc<CallFrame>('debug_traceTransaction', [receipt.transactionHash, { tracer: 'callTracer' }])))
    const reasons = new Set(frames.map(reasonOf))
    expect(reasons.size, [...reasons].join('\n')).toBeGreaterThanOrEqual(5)
    expect([...reasons].some((reason) => /out of gas/i.test(reason))).toBe(true)
    expect([...reasons].some((reason) => reason.startsWith('Panic('))).toBe(true)
    expect([...reasons].some((reason) => reason === 'InsufficientFunds')).toBe(true)
  })

  it('fills blocks past the gas target in a burst, so the base fee climbs, and lets it fall after', () => {
    const fees = blocks.map((block) => BigInt(block.baseFeePerGas))
    const full = blocks.map((block) => BigInt(block.gasUsed) * 2n > BigInt(block.gasLimit))
    // The longest run of blocks over the target, each lifting the next one's base fee.
    let run = 0
    let longest = 0
    let end = 0
    for (let index = 0; index + 1 < blocks.length; index++) {
      run = full[index] && fees[index + 1]! > fees[index]! ? run + 1 : 0
      if (run > longest) [longest, end] = [run, index + 1]
    }
    expect(longest).toBeGreaterThanOrEqual(3)
    expect(fees[end]! * 100n).toBeGreaterThan(fees[end - longest]! * 125n)
    expect(fees.slice(end).some((fee, index) => index > 0 && fee < fees[end + index - 1]!)).toBe(true)
  })
})
