import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { encodeFunctionData, type Address, type Hex } from 'viem'
import { AnvilNode } from '../server/chain/anvil.ts'
import { artifactOf, compileContracts } from '../server/chain/compile.ts'
import { createRpc, type Rpc } from '../server/chain/rpc.ts'
import { emitterGaps, type Placement } from './partition.ts'

/**
 * The bench chain, built straight on anvil (its own methods, its internal port: never the keyed gateway)
 * and cached as an anvil state dump, so only the first `npm run bench` pays for it:
 *   - a LogEmitter; `emitters` calls of emitMany(`logsPerCall`) spread over ≥ 50,000 blocks with varying
 *     gaps (anvil_mine between them): 100,000 logs whose placement is recorded for the offline partition;
 *   - a block with 1,000 value transfers (automine off, explicit nonces, one evm_mine);
 *   - a block with 5,000 transfers (the block gas limit raised for that block only).
 */
const fullPlan = {
  version: 2,
  name: 'full',
  emitters: 1_000,
  logsPerCall: 100,
  minGap: 12,
  maxGap: 92,
  bigBlockTxs: 1_000,
  hugeBlockTxs: 5_000,
  senders: 10,
}

/**
 * CHAINGLASS_BENCH_PLAN=small: a chain with 3,000 logs over ~1,500 blocks, built in seconds, for working on
 * the bench itself (its figures are not the issue's; results say which plan ran).
 */
const benchPlan = process.env.CHAINGLASS_BENCH_PLAN === 'small' ? { ...fullPlan, name: 'small', emitters: 30, minGap: 20, maxGap: 80, minBlocks: 0 } : { ...fullPlan, minBlocks: 50_000 }

export type BenchScenario = {
  version: number
  plan: string
  emitter: Address
  logs: { from: number; to: number; total: number; placement: Placement }
  bigBlock: { number: number; transactions: number; sampleTransaction: Hex }
  hugeBlock: { number: number; transactions: number }
  head: number
  buildSeconds: number
}

/** The bench chain's hardfork, for building it and for every run on it (see AnvilOptions.hardfork). */
export const benchHardfork = 'cancun'

export const runsDir = path.join(import.meta.dirname, '.runs')
const cacheDir = () => path.join(runsDir, `scenario-v${benchPlan.version}${benchPlan.name === 'full' ? '' : `-${benchPlan.name}`}`)
/** anvil_dumpState's answer as it came (hex of gzipped JSON: blocks, receipts, accounts). */
const cachedStateFile = () => path.join(cacheDir(), 'anvil-state.hex')
const cachedRecord = () => path.join(cacheDir(), 'scenario.json')

/** The cached scenario, or null when there is none for this plan version. */
function readCachedScenario(): BenchScenario | null {
  try {
    const record = JSON.parse(fs.readFileSync(cachedRecord(), 'utf8')) as BenchScenario
    if (record.version !== benchPlan.version || record.plan !== benchPlan.name || !fs.existsSync(cachedStateFile())) return null
    return record
  } catch {
    return null
  }
}

/** The cached scenario, building it first when there is none. */
export async function ensureBenchScenario(log: (line: string) => void): Promise<BenchScenario> {
  const cached = readCachedScenario()
  if (cached) {
    log(`bench scenario: reusing ${path.relative(process.cwd(), cacheDir())} (built in ${cached.buildSeconds} s)`)
    return cached
  }
  fs.rmSync(cacheDir(), { recursive: true, force: true })
  fs.mkdirSync(cacheDir(), { recursive: true })
  // No state file while building: anvil would rewrite the whole growing chain every 10 s. One dump at the end.
  // Without per-block state history anvil mines the 50,000 blocks about twice as fast (it slows as its chain grows).
  const node = new AnvilNode({ stateFile: null, blockTime: 0, pruneHistory: true, hardfork: benchHardfork })
  await node.start(0)
  try {
    const rpc = createRpc(node.httpUrl, 120_000)
    const scenario = await buildOn(rpc, log)
    fs.writeFileSync(cachedStateFile(), await rpc.call<string>('anvil_dumpState'))
    fs.writeFileSync(cachedRecord(), JSON.stringify(scenario) + '\n')
    return scenario
  } finally {
    await node.stop()
  }
}

/**
 * The cached chain as a file anvil's --load-state reads (JSON; the dump is gzipped JSON in hex, and too
 * big for anvil_loadState's request limit), made from the dump once.
 */
export function benchStateFile(): string {
  const file = path.join(cacheDir(), 'anvil-state.json')
  if (!fs.existsSync(file)) {
    const dump = fs.readFileSync(cachedStateFile(), 'utf8').trim()
    fs.writeFileSync(`${file}.tmp`, zlib.gunzipSync(Buffer.from(dump.replace(/^0x/, ''), 'hex')))
    fs.renameSync(`${file}.tmp`, file)
  }
  return file
}

/** Checks the chain anvil started from is the recorded one. */
export async function checkBenchChain(anvilUrl: string, scenario: BenchScenario): Promise<void> {
  const rpc = createRpc(anvilUrl, 60_000)
  const head = Number(await rpc.call<Hex>('eth_blockNumber'))
  if (head < scenario.head) throw new Error(`bench scenario: the loaded chain's head is ${head}, the record says ${scenario.head}`)
}

const hex = (value: number | bigint) => `0x${value.toString(16)}`

async function buildOn(rpc: Rpc, log: (line: string) => void): Promise<BenchScenario> {
  const started = performance.now()
  const accounts = await rpc.call<Address[]>('eth_accounts')
  if (accounts.length < benchPlan.senders) throw new Error(`anvil offers ${accounts.length} unlocked accounts, the bench needs ${benchPlan.senders}`)
  const deployer = accounts[0]!
  const compiled = await compileContracts(path.join(cacheDir(), 'artifacts.json'))
  const emitterArtifact = artifactOf(compiled.artifacts, 'LogEmitter')

  // Automine mines each transaction as it arrives, but the hash can come back a moment before the receipt.
  const waitReceipt = async (hash: Hex) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const receipt = await rpc.call<{ status: Hex; blockNumber: Hex; contractAddress: Address | null; logs: unknown[] } | null>('eth_getTransactionReceipt', [hash])
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`bench scenario: transaction ${hash} failed`)
        return receipt
      }
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    throw new Error(`bench scenario: transaction ${hash} is not mined after 1 s`)
  }

  const deployHash = await rpc.call<Hex>('eth_sendTransaction', [{ from: deployer, data: emitterArtifact.bytecode }])
  const emitter = (await waitReceipt(deployHash)).contractAddress!
  log(`bench scenario: LogEmitter at ${emitter}`)

  // Logs: an emitMany call in its own block every `gap` blocks.
  const data = encodeFunctionData({ abi: emitterArtifact.abi, functionName: 'emitMany', args: [BigInt(benchPlan.logsPerCall)] })
  const gaps = emitterGaps(benchPlan.emitters, benchPlan.minGap, benchPlan.maxGap)
  const placement: Array<{ block: number; logs: number }> = []
  let from = -1
  for (let i = 0; i < gaps.length; i++) {
    await rpc.call('anvil_mine', [hex(gaps[i]! - 1)])
    const hash = await rpc.call<Hex>('eth_sendTransaction', [{ from: deployer, to: emitter, data, gas: hex(5_000_000) }])
    const receipt = await waitReceipt(hash)
    const block = Number(receipt.blockNumber)
    if (from < 0) from = block
    placement.push({ block, logs: receipt.logs.length })
    if ((i + 1) % 100 === 0) log(`bench scenario: ${i + 1} of ${gaps.length} emitter calls, block ${block}`)
  }
  // At least 50,000 blocks in the logs' range, whatever the gaps summed to.
  const short = benchPlan.minBlocks + 1 - (placement.at(-1)!.block + 1)
  if (short > 0) {
    await rpc.call('anvil_mine', [hex(short)])
    const hash = await rpc.call<Hex>('eth_sendTransaction', [{ from: deployer, to: emitter, data, gas: hex(5_000_000) }])
    const receipt = await waitReceipt(hash)
    placement.push({ block: Number(receipt.blockNumber), logs: receipt.logs.length })
  }
  const total = placement.reduce((sum, entry) => sum + entry.logs, 0)
  const logsTo = placement.at(-1)!.block

  const bigBlock = await mineTransfers(rpc, accounts, benchPlan.bigBlockTxs, log)
  const hugeBlock = await mineTransfers(rpc, accounts, benchPlan.hugeBlockTxs, log)
  await rpc.call('anvil_mine', [hex(20)])
  const head = Number(await rpc.call<Hex>('eth_blockNumber'))
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10
  log(`bench scenario: built in ${buildSeconds} s: ${total} logs in blocks ${from}-${logsTo}, ${bigBlock.transactions} txs in block ${bigBlock.number}, ${hugeBlock.transactions} in block ${hugeBlock.number}, head ${head}`)
  return { version: benchPlan.version, plan: benchPlan.name, emitter, logs: { from: 0, to: logsTo, total, placement }, bigBlock, hugeBlock: { number: hugeBlock.number, transactions: hugeBlock.transactions }, head, buildSeconds }
}

/** `count` value transfers in one block: automine off, explicit nonces, batched, then one evm_mine. */
async function mineTransfers(rpc: Rpc, accounts: Address[], count: number, log: (line: string) => void) {
  const senders = accounts.slice(0, benchPlan.senders)
  const nonces = await Promise.all(senders.map((sender) => rpc.call<Hex>('eth_getTransactionCount', [sender, 'latest']).then(Number)))
  const gasLimit = 21_000 * count + 1_000_000
  await rpc.call('evm_setAutomine', [false])
  const previousLimit = (await rpc.call<{ gasLimit: Hex }>('eth_getBlockByNumber', ['latest', false])).gasLimit
  if (BigInt(gasLimit) > BigInt(previousLimit)) await rpc.call('evm_setBlockGasLimit', [hex(gasLimit)])
  const hashes: Hex[] = []
  try {
    const calls = Array.from({ length: count }, (_, i) => {
      const s = i % senders.length
      const nonce = nonces[s]! + Math.floor(i / senders.length)
      return {
        method: 'eth_sendTransaction',
        params: [{ from: senders[s], to: senders[(s + 1) % senders.length], value: hex(i + 1), gas: hex(21_000), nonce: hex(nonce) }],
      }
    })
    for (let i = 0; i < calls.length; i += 250) {
      const outcomes = await rpc.batch(calls.slice(i, i + 250))
      for (const outcome of outcomes) {
        if (!outcome.ok) throw outcome.error
        hashes.push(outcome.result as Hex)
      }
    }
    await rpc.call('evm_mine')
  } finally {
    await rpc.call('evm_setAutomine', [true])
    if (BigInt(gasLimit) > BigInt(previousLimit)) await rpc.call('evm_setBlockGasLimit', [previousLimit])
  }
  const block = await rpc.call<{ number: Hex; transactions: Hex[] }>('eth_getBlockByNumber', ['latest', false])
  if (block.transactions.length !== count) throw new Error(`bench scenario: the block holds ${block.transactions.length} of ${count} transfers`)
  log(`bench scenario: ${count} transfers in block ${Number(block.number)}`)
  return { number: Number(block.number), transactions: count, sampleTransaction: hashes[Math.floor(count / 2)]! }
}
