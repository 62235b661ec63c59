import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { encodeDeployData, encodeFunctionData, type Address, type Hex } from 'viem'
import { AnvilNode } from '../server/chain/anvil.ts'
import { artifactOf, compileContracts } from '../server/chain/compile.ts'
import { createChainClient, type ChainClient } from '../server/chain/chainClient.ts'
import { emitterGaps, type Placement } from './partition.ts'

/**
 * The bench chain, built straight on anvil (its own methods, its internal port: never the keyed gateway)
 * and cached as an anvil state dump, so only the first `npm run bench` pays for it:
 *   - a LogEmitter; `emitters` calls of emitMany(`logsPerCall`) spread over ≥ 50,000 blocks with varying
 *     gaps (anvil_mine between them): 100,000 logs whose placement is recorded for the offline partition;
 *   - a block with 1,000 value transfers (automine off, explicit nonces, one evm_mine);
 *   - a block with 5,000 transfers (the block gas limit raised for that block only);
 *   - a block with 5 transfers: an ordinary block page and its transactions, for the cold-load item;
 *   - a GlassToken and one token transfer to a holder after each emitter call (1,000 over the whole range):
 *     the address page's token scan and its history pages.
 */
const fullPlan = {
  version: 4,
  name: 'full',
  emitters: 1_000,
  logsPerCall: 100,
  minGap: 12,
  maxGap: 92,
  bigBlockTxs: 1_000,
  hugeBlockTxs: 5_000,
  smallBlockTxs: 5,
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
  /** The token, its holder (dev account 2), how many transfers it received and where the first and last are. */
  token: { address: Address; holder: Address; transfers: number; firstBlock: number; lastBlock: number }
  /** The account that sent every emitter call and token transfer (dev account 0): an address with thousands of transactions. */
  busyAccount: Address
  hugeBlock: { number: number; transactions: number }
  /** A block of a few transfers (issue 18's block page of an ordinary size); its sample is one of them. */
  smallBlock: { number: number; transactions: number; sampleTransaction: Hex }
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
    const anvil = createChainClient(node.httpUrl, { timeoutMs: 120_000, maxResponseBytes: 512 * 1024 * 1024 })
    const scenario = await buildOn(anvil, log)
    fs.writeFileSync(cachedStateFile(), await anvil.dumpState())
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
  const anvil = createChainClient(anvilUrl, { timeoutMs: 60_000 })
  const head = Number(await anvil.getBlockNumber({ cacheTime: 0 }))
  if (head < scenario.head) throw new Error(`bench scenario: the loaded chain's head is ${head}, the record says ${scenario.head}`)
}

async function buildOn(anvil: ChainClient, log: (line: string) => void): Promise<BenchScenario> {
  const started = performance.now()
  const accounts = await anvil.getAddresses()
  if (accounts.length < benchPlan.senders) throw new Error(`anvil offers ${accounts.length} unlocked accounts, the bench needs ${benchPlan.senders}`)
  const deployer = accounts[0]!
  const compiled = await compileContracts(path.join(cacheDir(), 'artifacts.json'))
  const emitterArtifact = artifactOf(compiled.artifacts, 'LogEmitter')
  const tokenArtifact = artifactOf(compiled.artifacts, 'GlassToken')
  const holder = accounts[2]!

  // Automine mines each transaction as it arrives, but the hash can come back a moment before the receipt.
  const waitReceipt = async (hash: Hex) => {
    const receipt = await anvil.waitForTransactionReceipt({ hash, pollingInterval: 5, timeout: 1_000 })
    if (receipt.status !== 'success') throw new Error(`bench scenario: transaction ${hash} failed`)
    return receipt
  }
  // anvil's unlocked accounts sign (eth_sendTransaction): the bench chain is built on anvil's own port.
  const send = (request: { to?: Address; data: Hex; gas?: bigint }) => anvil.sendTransaction({ account: deployer, chain: null, ...request })

  const deployHash = await send({ data: emitterArtifact.bytecode })
  const emitter = (await waitReceipt(deployHash)).contractAddress!
  log(`bench scenario: LogEmitter at ${emitter}`)
  const tokenDeploy = await send({ data: encodeDeployData({ abi: tokenArtifact.abi, bytecode: tokenArtifact.bytecode, args: ['Bench Token', 'BNT', 18] }) })
  const token = (await waitReceipt(tokenDeploy)).contractAddress!
  await waitReceipt(await send({ to: token, data: encodeFunctionData({ abi: tokenArtifact.abi, functionName: 'mint', args: [deployer, 10n ** 30n] }) }))
  const tokenTransfer = (index: number) => encodeFunctionData({ abi: tokenArtifact.abi, functionName: 'transfer', args: [holder, BigInt(index + 1) * 10n ** 15n] })
  const tokenBlocks: number[] = []

  // Logs: an emitMany call in its own block every `gap` blocks.
  const data = encodeFunctionData({ abi: emitterArtifact.abi, functionName: 'emitMany', args: [BigInt(benchPlan.logsPerCall)] })
  const gaps = emitterGaps(benchPlan.emitters, benchPlan.minGap, benchPlan.maxGap)
  const placement: Array<{ block: number; logs: number }> = []
  let from = -1
  for (let i = 0; i < gaps.length; i++) {
    await anvil.mine({ blocks: gaps[i]! - 1 })
    const hash = await send({ to: emitter, data, gas: 5_000_000n })
    const receipt = await waitReceipt(hash)
    const block = Number(receipt.blockNumber)
    if (from < 0) from = block
    placement.push({ block, logs: receipt.logs.length })
    // The token transfer goes in the next block (automine): the emitter's placement is unchanged in shape.
    tokenBlocks.push(Number((await waitReceipt(await send({ to: token, data: tokenTransfer(i), gas: 100_000n }))).blockNumber))
    if ((i + 1) % 100 === 0) log(`bench scenario: ${i + 1} of ${gaps.length} emitter calls, block ${block}`)
  }
  // At least 50,000 blocks in the logs' range, whatever the gaps summed to.
  const short = benchPlan.minBlocks + 1 - (placement.at(-1)!.block + 1)
  if (short > 0) {
    await anvil.mine({ blocks: short })
    const hash = await send({ to: emitter, data, gas: 5_000_000n })
    const receipt = await waitReceipt(hash)
    placement.push({ block: Number(receipt.blockNumber), logs: receipt.logs.length })
  }
  const total = placement.reduce((sum, entry) => sum + entry.logs, 0)
  const logsTo = placement.at(-1)!.block

  const bigBlock = await mineTransfers(anvil, accounts, benchPlan.bigBlockTxs, log)
  const hugeBlock = await mineTransfers(anvil, accounts, benchPlan.hugeBlockTxs, log)
  // After the big ones, so their numbers stay what they were in earlier versions of the chain.
  const smallBlock = await mineTransfers(anvil, accounts, benchPlan.smallBlockTxs, log)
  await anvil.mine({ blocks: 20 })
  const head = Number(await anvil.getBlockNumber({ cacheTime: 0 }))
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10
  log(`bench scenario: built in ${buildSeconds} s: ${total} logs in blocks ${from}-${logsTo}, ${bigBlock.transactions} txs in block ${bigBlock.number}, ${hugeBlock.transactions} in block ${hugeBlock.number}, ${smallBlock.transactions} in block ${smallBlock.number}, head ${head}`)
  return {
    version: benchPlan.version,
    plan: benchPlan.name,
    emitter,
    logs: { from: 0, to: logsTo, total, placement },
    bigBlock,
    hugeBlock: { number: hugeBlock.number, transactions: hugeBlock.transactions },
    smallBlock,
    token: { address: token, holder, transfers: tokenBlocks.length, firstBlock: tokenBlocks[0]!, lastBlock: tokenBlocks.at(-1)! },
    busyAccount: deployer,
    head,
    buildSeconds,
  }
}

/** `count` value transfers in one block: automine off, explicit nonces, batched, then one block mined. */
async function mineTransfers(anvil: ChainClient, accounts: Address[], count: number, log: (line: string) => void) {
  const senders = accounts.slice(0, benchPlan.senders)
  const nonces = await Promise.all(senders.map((address) => anvil.getTransactionCount({ address, blockTag: 'latest' })))
  const gasLimit = BigInt(21_000 * count + 1_000_000)
  await anvil.setAutomine(false)
  const previousLimit = (await anvil.getBlock({ blockTag: 'latest' })).gasLimit
  if (gasLimit > previousLimit) await anvil.setBlockGasLimit({ gasLimit })
  const hashes: Hex[] = []
  try {
    const transfer = (i: number) => {
      const s = i % senders.length
      const nonce = nonces[s]! + Math.floor(i / senders.length)
      return anvil.sendTransaction({ account: senders[s]!, chain: null, to: senders[(s + 1) % senders.length]!, value: BigInt(i + 1), gas: 21_000n, nonce })
    }
    // 250 at a time: started together, each group leaves as one batch.
    for (let i = 0; i < count; i += 250) {
      const group = Array.from({ length: Math.min(250, count - i) }, (_, j) => transfer(i + j))
      hashes.push(...(await Promise.all(group)))
    }
    await anvil.mine({ blocks: 1 })
  } finally {
    await anvil.setAutomine(true)
    if (gasLimit > previousLimit) await anvil.setBlockGasLimit({ gasLimit: previousLimit })
  }
  const block = await anvil.getBlock({ blockTag: 'latest' })
  if (block.transactions.length !== count) throw new Error(`bench scenario: the block holds ${block.transactions.length} of ${count} transfers`)
  log(`bench scenario: ${count} transfers in block ${Number(block.number)}`)
  return { number: Number(block.number), transactions: count, sampleTransaction: hashes[Math.floor(count / 2)]! }
}
