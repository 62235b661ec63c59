import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  decodeErrorResult,
  decodeFunctionResult,
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  pad,
  parseAbi,
  toBytes,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractsDir } from './compile.ts'
import { startTestService, type TestService } from '../testing/service.ts'
import type { Scenario } from './scenario.ts'

// Expected values come from the chain or the standards (EIP-20, EIP-721, Solidity's ABI and storage
// rules), written here by hand, never read from the code under test.
const erc20 = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
])
const erc721 = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address) view returns (uint256)',
  'function getApproved(uint256) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function supportsInterface(bytes4) view returns (bool)',
])
const transferTopic = keccak256(toBytes('Transfer(address,address,uint256)'))
const approvalTopic = keccak256(toBytes('Approval(address,address,uint256)'))
const approvalForAllTopic = keccak256(toBytes('ApprovalForAll(address,address,bool)'))
const panicSelector = toFunctionSelector('Panic(uint256)')

type Reply = Awaited<ReturnType<TestService['rpc']>>
type Log = { address: Address; topics: Hex[]; blockNumber: Hex }
type Receipt = { status: Hex; contractAddress: Address | null; logs: Log[]; gasUsed: Hex; blockNumber: Hex }

let service: TestService
let scenario: Scenario
let dataDir: string
const lines: string[] = []

async function result<T>(method: string, params: unknown[] = []): Promise<T> {
  const reply = await service.rpc(method, params)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result as T
}

async function read<T>(to: Address, abi: typeof erc20 | typeof erc721, functionName: string, args: readonly unknown[] = []): Promise<T> {
  const data = encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0])
  const raw = await result<Hex>('eth_call', [{ to, data }, 'latest'])
  return decodeFunctionResult({ abi, functionName, data: raw } as Parameters<typeof decodeFunctionResult>[0]) as T
}

/** eth_getLogs over [from, to], halving any range the gateway refuses with -32005. */
async function logsInRanges(filter: Record<string, unknown>, from: number, to: number): Promise<{ logs: Log[]; queries: number }> {
  const reply: Reply = await service.rpc('eth_getLogs', [{ ...filter, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}` }])
  if (!reply.error) return { logs: reply.result as Log[], queries: 1 }
  if (reply.error.code !== -32005 || from === to) throw new Error(`eth_getLogs ${from}-${to}: ${reply.error.message}`)
  const middle = Math.floor((from + to) / 2)
  const [low, high] = [await logsInRanges(filter, from, middle), await logsInRanges(filter, middle + 1, to)]
  return { logs: [...low.logs, ...high.logs], queries: 1 + low.queries + high.queries }
}

beforeAll(async () => {
  const started = Date.now()
  // A data dir of the test's own: the restart test below starts a second service on it.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-scenario-'))
  service = await startTestService({ CHAINGLASS_DATA: dataDir }, { scenario: true, log: (line) => lines.push(line) })
  lines.push(`test: service with a fresh scenario in ${Date.now() - started} ms`)
  scenario = service.scenario!
})

afterAll(async () => {
  await service?.close()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the demo scenario on a fresh chain', () => {
  it('records itself in scenario.json and its compiled output (with storage layouts) beside it', () => {
    const recorded = JSON.parse(fs.readFileSync(path.join(dataDir, 'scenario.json'), 'utf8')) as Scenario
    expect(recorded).toEqual(scenario)
    expect(scenario.artifacts).toBe(path.join(dataDir, 'scenario', 'artifacts.json'))
    const artifacts = JSON.parse(fs.readFileSync(scenario.artifacts, 'utf8')) as {
      key: string
      contracts: Record<string, { abi: unknown[]; bytecode: string; storageLayout: { storage: Array<{ label: string; slot: string }> } }>
    }
    expect(artifacts.key).toMatch(/^[0-9a-f]{64}$/)
    for (const name of ['GlassToken', 'GlassNft', 'Reverter', 'LogEmitter']) {
      const artifact = artifacts.contracts[name]!
      expect(artifact.abi.length).toBeGreaterThan(0)
      expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{100,}$/)
      expect(artifact.storageLayout.storage.length).toBeGreaterThan(0)
    }
    // The output kept beside the sources served (compile.ts keptArtifactsFile): a fresh data dir runs no compiler.
    expect(Object.keys(artifacts.contracts).length).toBe(fs.readdirSync(contractsDir).filter((name) => name.endsWith('.sol')).length)
    expect(lines.filter((line) => line.startsWith('scenario: compiled'))).toEqual([])
  })

  it('has code at every recorded address, created by the recorded transactions', async () => {
    for (const [name, address] of Object.entries(scenario.contracts)) {
      expect(await result<Hex>('eth_getCode', [address, 'latest']), name).not.toBe('0x')
      const receipt = await result<Receipt>('eth_getTransactionReceipt', [scenario.deployment[name as keyof Scenario['contracts']].transaction])
      expect(receipt.status).toBe('0x1')
      expect(receipt.contractAddress?.toLowerCase()).toBe(address.toLowerCase())
    }
    expect(await read(scenario.contracts.nft, erc721, 'supportsInterface', ['0x80ac58cd'])).toBe(true)
  })

  it('holds the recorded token balances and allowances (eth_call and raw storage agree)', async () => {
    const token = scenario.contracts.token
    expect(await read(token, erc20, 'name')).toBe(scenario.token.name)
    expect(await read(token, erc20, 'symbol')).toBe(scenario.token.symbol)
    expect(await read(token, erc20, 'decimals')).toBe(scenario.token.decimals)
    const supply = await read<bigint>(token, erc20, 'totalSupply')
    expect(supply.toString()).toBe(scenario.token.totalSupply)

    expect(scenario.token.balances.filter((entry) => entry.role === 'holder').length).toBeGreaterThanOrEqual(3)
    let sum = 0n
    for (const { account, balance } of scenario.token.balances) {
      const onChain = await read<bigint>(token, erc20, 'balanceOf', [account])
      expect(onChain.toString(), account).toBe(balance)
      sum += onChain
      // Solidity's mapping rule (spec, eth_getStorageAt rule 1): keccak256(pad32(key) . pad32(slot)).
      const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account, BigInt(scenario.token.storage.balanceOf!.slot)]))
      expect(BigInt(await result<Hex>('eth_getStorageAt', [token, slot, 'latest']))).toBe(onChain)
    }
    expect(sum).toBe(supply)

    expect(scenario.token.allowances.length).toBeGreaterThanOrEqual(3)
    for (const { owner, spender, amount } of scenario.token.allowances) {
      const onChain = await read<bigint>(token, erc20, 'allowance', [owner, spender])
      expect(onChain.toString(), `${owner} -> ${spender}`).toBe(amount)
      const outer = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, BigInt(scenario.token.storage.allowance!.slot)]))
      const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [spender, outer]))
      expect(BigInt(await result<Hex>('eth_getStorageAt', [token, inner, 'latest']))).toBe(onChain)
    }
    // EIP-20: every allowance was set by an Approval(owner, spender, value) with both addresses indexed.
    const approvals = await result<Log[]>('eth_getLogs', [{ address: token, topics: [approvalTopic], fromBlock: '0x0', toBlock: 'latest' }])
    const topicOf = (address: Address) => pad(address.toLowerCase() as Hex)
    for (const { owner, spender } of scenario.token.allowances) {
      expect(approvals.some((log) => log.topics[1] === topicOf(owner) && log.topics[2] === topicOf(spender)), `${owner} -> ${spender}`).toBe(true)
    }
  })

  it('holds the recorded NFTs, approvals and operators, with the standard events', async () => {
    const nft = scenario.contracts.nft
    expect(scenario.nft.tokens.length).toBeGreaterThanOrEqual(3)
    const owned = new Map<string, bigint>()
    for (const { id, owner, approved } of scenario.nft.tokens) {
      expect(await read<Address>(nft, erc721, 'ownerOf', [BigInt(id)])).toBe(owner)
      expect(await read<Address>(nft, erc721, 'getApproved', [BigInt(id)])).toBe(approved ?? '0x0000000000000000000000000000000000000000')
      owned.set(owner, (owned.get(owner) ?? 0n) + 1n)
    }
    for (const [owner, count] of owned) expect(await read<bigint>(nft, erc721, 'balanceOf', [owner])).toBe(count)
    for (const { owner, operator, approved } of scenario.nft.operators) {
      expect(await read<boolean>(nft, erc721, 'isApprovedForAll', [owner, operator])).toBe(approved)
    }
    const all = await result<Log[]>('eth_getLogs', [{ address: nft, fromBlock: '0x0', toBlock: 'latest' }])
    const transfers = all.filter((log) => log.topics[0] === transferTopic)
    // EIP-721: from, to and the id are all indexed.
    expect(transfers.every((log) => log.topics.length === 4)).toBe(true)
    expect(transfers.filter((log) => BigInt(log.topics[1]!) === 0n).length).toBe(scenario.nft.tokens.length)
    expect(all.some((log) => log.topics[0] === approvalForAllTopic)).toBe(true)
  })

  it('puts more logs on chain than one eth_getLogs may return, all readable in smaller ranges', async () => {
    const emitter = scenario.contracts.emitter
    expect(scenario.emitter.logsTotal).toBeGreaterThan(12_000)
    expect(scenario.emitter.topic0).toBe(keccak256(toBytes(scenario.emitter.signature)))

    const unbounded = await service.rpc('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])
    expect(unbounded.error).toEqual({ code: -32005, message: 'query returned more than 10000 results' })

    const latest = Number(await result<Hex>('eth_blockNumber'))
    const { logs, queries } = await logsInRanges({ address: emitter }, 0, latest)
    expect(queries).toBeGreaterThan(1)
    expect(logs.length).toBe(scenario.emitter.logsTotal)
    expect(logs.every((log) => log.topics[0] === scenario.emitter.topic0)).toBe(true)
    // The indexed counter runs 0..total-1 without a gap or a repeat.
    const counters = new Set(logs.map((log) => Number(BigInt(log.topics[1]!))))
    expect(counters.size).toBe(scenario.emitter.logsTotal)
    expect(Math.max(...counters)).toBe(scenario.emitter.logsTotal - 1)

    const { gasLimit } = await result<{ gasLimit: Hex }>('eth_getBlockByNumber', ['latest', false])
    for (const sent of scenario.emitter.transactions) {
      const receipt = await result<Receipt>('eth_getTransactionReceipt', [sent.hash])
      expect(receipt.logs.length).toBe(sent.logs)
      expect(Number(receipt.gasUsed)).toBe(sent.gasUsed)
      expect(BigInt(receipt.gasUsed)).toBeLessThan(BigInt(gasLimit) / 2n)
      // No block holds more than the limit, so every range can be split small enough.
      const inBlock = await result<Log[]>('eth_getLogs', [{ address: emitter, fromBlock: receipt.blockNumber, toBlock: receipt.blockNumber }])
      expect(inBlock.length).toBeLessThanOrEqual(10_000)
    }
  })

  it('holds a mined transaction that failed (status 0x0)', async () => {
    const receipt = await result<Receipt>('eth_getTransactionReceipt', [scenario.reverter.failedTransaction.hash])
    expect(receipt.status).toBe('0x0')
    expect(receipt.logs).toEqual([])
  })

  it('has a Reverter whose calls fail in every way the gateway must report', async () => {
    const reverter = scenario.contracts.reverter
    const abi = parseAbi([
      'function revertWithReason()',
      'function requireAbove100(uint256)',
      'function revertWithCustomError()',
      'function panicAssert()',
      'function panicDivide(uint256,uint256)',
      'function panicIndex(uint256)',
    ])
    const call = (functionName: string, args: readonly unknown[] = []) =>
      service.rpc('eth_call', [{ to: reverter, data: encodeFunctionData({ abi, functionName, args } as Parameters<typeof encodeFunctionData>[0]) }, 'latest'])

    for (const [functionName, args] of [['revertWithReason', []], ['requireAbove100', [7n]]] as const) {
      const { error } = await call(functionName, args)
      expect(error?.code).toBe(3)
      const decoded = decodeErrorResult({ abi: [], data: error!.data as Hex })
      expect(decoded.errorName).toBe('Error')
      expect(error!.message).toBe(`execution reverted: ${decoded.args[0]}`)
    }

    const custom = await call('revertWithCustomError')
    expect(custom.error?.code).toBe(3)
    expect((custom.error!.data as Hex).slice(0, 10)).toBe(toFunctionSelector('InsufficientFunds(address,uint256,uint256)'))

    // Solidity's Panic codes: 0x01 assert, 0x12 division by zero, 0x32 index out of bounds.
    for (const [functionName, args, code] of [['panicAssert', [], 0x01n], ['panicDivide', [1n, 0n], 0x12n], ['panicIndex', [3n], 0x32n]] as const) {
      const { error } = await call(functionName, args)
      expect(error?.code, functionName).toBe(3)
      expect(error!.data).toBe(panicSelector + encodeAbiParameters([{ type: 'uint256' }], [code]).slice(2))
    }
  })

  it('is reused on a restart with the same data dir: same addresses, nothing deployed again', async () => {
    const recordedBefore = fs.readFileSync(path.join(dataDir, 'scenario.json'), 'utf8')
    const deployerNonce = await result<Hex>('eth_getTransactionCount', [scenario.deployer, 'latest'])
    await service.close()

    lines.length = 0
    service = await startTestService({ CHAINGLASS_DATA: dataDir }, { scenario: true, log: (line) => lines.push(line) })
    expect(service.scenario!.contracts).toEqual(scenario.contracts)
    expect(service.scenario).toEqual(scenario)
    expect(fs.readFileSync(path.join(dataDir, 'scenario.json'), 'utf8')).toBe(recordedBefore)
    expect(await result<Hex>('eth_getTransactionCount', [scenario.deployer, 'latest'])).toBe(deployerNonce)
    expect(await result<Hex>('eth_getCode', [scenario.contracts.token, 'latest'])).not.toBe('0x')
    expect(lines.some((line) => line.startsWith('scenario: reusing'))).toBe(true)
    // Neither a compile (the artifacts are cached) nor a deployment happened.
    expect(lines.filter((line) => /scenario: (compiled|deployed)/.test(line))).toEqual([])
  })
})
