import fs from 'node:fs'
import path from 'node:path'
import { formatAbiItem } from 'viem/utils'
import { toEventSelector, type AbiEvent, type Address, type Hex } from 'viem'
import { createChainClient, type ChainClient } from './chainClient.ts'
import { artifactOf, artifactsKey, compileContracts, readSources, type Artifacts } from './compile.ts'
import { devAccount, roles } from './devAccounts.ts'
import { deployments, expectedState, scenarioPhases, tokenDecimals, type ContractName } from './scenarioPlan.ts'
import { runScenario, type Mined, type ScenarioRun } from './scenarioRun.ts'

/** Where a slot lives, from solc's storageLayout: the storage-slot calculator's starting point. */
export type SlotInfo = { slot: number; offset: number; type: string }

/**
 * What the demo scenario put on chain, as recorded in <dataDir>/scenario.json. Amounts are decimal
 * strings of base units (JSON has no bigint); block numbers are plain numbers.
 */
export type Scenario = {
  version: 1
  chainId: number
  /** sha256 of the contract sources and compiler: other sources mean other code, so no reuse. */
  sourcesKey: string
  compiler: string
  /** Absolute path of the compiled output (abi, bytecode, storageLayout per contract). */
  artifacts: string
  deployer: Address
  contracts: Record<ContractName, Address>
  deployment: Record<ContractName, { contract: string; transaction: Hex; blockNumber: number; gasUsed: number }>
  blocks: { first: number; last: number }
  transactionCount: number
  token: {
    name: string
    symbol: string
    decimals: number
    totalSupply: string
    storage: Record<string, SlotInfo>
    /** Holders keep these balances; the traffic accounts' balances move once traffic runs. */
    balances: Array<{ account: Address; role: 'holder' | 'traffic'; balance: string }>
    allowances: Array<{ owner: Address; spender: Address; amount: string }>
  }
  nft: {
    name: string
    symbol: string
    storage: Record<string, SlotInfo>
    tokens: Array<{ id: number; owner: Address; approved: Address | null }>
    operators: Array<{ owner: Address; operator: Address; approved: boolean }>
  }
  emitter: {
    /** The event as declared, and its canonical signature, whose keccak256 is every log's topic 0. */
    event: string
    signature: string
    topic0: Hex
    logsTotal: number
    transactions: Array<{ hash: Hex; blockNumber: number; logs: number; gasUsed: number }>
  }
  reverter: {
    value: string
    /** A setValue call mined with status 0x0, for the explorer's failed-transaction view. */
    failedTransaction: { hash: Hex; blockNumber: number; input: string }
  }
}

export type ScenarioOptions = {
  rpcUrl: string
  dataDir: string
  log: (line: string) => void
  /** Mines a block on the node at once (its own evm_mine, which the gateway refuses): each group of the deploy is mined as soon as it is sent. */
  mine?: () => Promise<unknown>
}

/** The data dir's deployment: its scenario record and the artifacts it was compiled to; null before it is deployed (or when torn). */
export function readDeployment(dataDir: string): { scenario: Scenario; artifacts: Artifacts } | null {
  const paths = scenarioPaths(dataDir)
  try {
    return { scenario: JSON.parse(fs.readFileSync(paths.record, 'utf8')) as Scenario, artifacts: JSON.parse(fs.readFileSync(paths.artifacts, 'utf8')) as Artifacts }
  } catch {
    return null
  }
}

export function scenarioPaths(dataDir: string) {
  return {
    record: path.join(dataDir, 'scenario.json'),
    artifacts: path.join(dataDir, 'scenario', 'artifacts.json'),
  }
}

/**
 * Deploys and seeds the demo once per data dir. On a later start the recorded scenario is reused when
 * its token still has code on this chain (anvil keeps its state in the data dir) and the contract
 * sources are unchanged; otherwise everything is deployed again, deterministically.
 */
export async function ensureScenario(options: ScenarioOptions): Promise<Scenario> {
  const { dataDir, log } = options
  const started = performance.now()
  const paths = scenarioPaths(dataDir)
  const client = createChainClient(options.rpcUrl)

  const reused = await reuseRecorded(client, paths.record, artifactsKey(readSources()), log)
  const compiled = await compileContracts(paths.artifacts)
  if (!compiled.fromCache) {
    log(`scenario: compiled ${Object.keys(compiled.artifacts.contracts).length} contracts with solc ${compiled.artifacts.compiler} in ${seconds(compiled.ms)}`)
  }
  if (reused) return { ...reused, artifacts: paths.artifacts }

  const run = await runScenario(client, compiled.artifacts, undefined, options.mine)
  const scenario = recordOf(run, compiled.artifacts, paths.artifacts)
  writeJsonAtomic(paths.record, scenario)
  log(
    `scenario: deployed and seeded in ${seconds(performance.now() - started)}: ${scenario.transactionCount} transactions in blocks ` +
      `${scenario.blocks.first}-${scenario.blocks.last}, ${scenario.emitter.logsTotal} emitter logs`,
  )
  return scenario
}

async function reuseRecorded(client: ChainClient, file: string, sourcesKey: string, log: (line: string) => void): Promise<Scenario | null> {
  let recorded: Scenario
  try {
    recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario
  } catch {
    return null // none yet (or unreadable): deploy
  }
  if (recorded.version !== 1 || !recorded.contracts?.token) {
    log('scenario: scenario.json is from another version; deploying again')
    return null
  }
  if (recorded.sourcesKey !== sourcesKey) {
    log('scenario: the contract sources changed since scenario.json was written; deploying again')
    return null
  }
  const code = await client.getCode({ address: recorded.contracts.token, blockTag: 'latest' })
  if (code === undefined) {
    log(`scenario: no code at the recorded token ${recorded.contracts.token} (a fresh chain); deploying again`)
    return null
  }
  log(`scenario: reusing the deployment in scenario.json (token ${recorded.contracts.token})`)
  return recorded
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`
}

function writeJsonAtomic(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  fs.writeFileSync(temporary, JSON.stringify(value, null, 2) + '\n')
  fs.renameSync(temporary, file)
}

function storageOf(artifacts: Artifacts, contract: string): Record<string, SlotInfo> {
  const { storageLayout } = artifactOf(artifacts, contract)
  return Object.fromEntries(
    storageLayout.storage.map((entry) => [
      entry.label,
      { slot: Number(entry.slot), offset: entry.offset, type: storageLayout.types?.[entry.type]?.label ?? entry.type },
    ]),
  )
}

/** The event as written in Solidity, `indexed` included (viem's canonical form leaves names and `indexed` out). */
function declaredEvent(event: AbiEvent): string {
  const inputs = event.inputs.map((input) => `${input.type}${input.indexed ? ' indexed' : ''}${input.name ? ` ${input.name}` : ''}`)
  return `${event.name}(${inputs.join(', ')})`
}

const blockOf = (mined: Mined) => Number(mined.receipt.blockNumber)

/** Turns what was mined into the record; amounts come from the plan's model, log counts from receipts. */
function recordOf(run: ScenarioRun, artifacts: Artifacts, artifactsPath: string): Scenario {
  const expected = expectedState(scenarioPhases())
  const mined = [...Object.values(run.deployments), ...run.phases.flatMap((phase) => phase.mined)]
  const blocks = mined.map(blockOf)

  const emitterTxs = run.phases.flatMap((phase) => phase.mined).filter((item) => item.step?.contract === 'emitter')
  const logsTotal = emitterTxs.reduce((sum, item) => sum + item.receipt.logs.length, 0)
  if (logsTotal !== expected.logs) throw new Error(`scenario: the emitter logged ${logsTotal} events, the plan says ${expected.logs}`)
  const tick = artifactOf(artifacts, 'LogEmitter').abi.find(
    (item): item is AbiEvent => item.type === 'event' && item.name === 'Tick',
  )
  if (!tick) throw new Error('scenario: LogEmitter has no Tick event')

  const failed = run.phases.flatMap((phase) => phase.mined).find((item) => item.step?.expect === 'revert')
  if (!failed?.step) throw new Error('scenario: the plan has no failing transaction')

  const account = (index: number) => devAccount(index).address
  const balanceOf = (address: Address) => (expected.balances.get(address) ?? 0n).toString()
  const tokenDeployment = deployments.find((item) => item.name === 'token')!
  const nftDeployment = deployments.find((item) => item.name === 'nft')!

  return {
    version: 1,
    chainId: run.chainId,
    sourcesKey: artifacts.key,
    compiler: artifacts.compiler,
    artifacts: artifactsPath,
    deployer: account(roles.deployer),
    contracts: run.contracts,
    deployment: Object.fromEntries(
      deployments.map((item) => {
        const deployed = run.deployments[item.name]
        return [
          item.name,
          { contract: item.contract, transaction: deployed.hash, blockNumber: blockOf(deployed), gasUsed: Number(deployed.receipt.gasUsed) },
        ]
      }),
    ) as Scenario['deployment'],
    blocks: { first: Math.min(...blocks), last: Math.max(...blocks) },
    transactionCount: mined.length,
    token: {
      name: tokenDeployment.args[0],
      symbol: tokenDeployment.args[1],
      decimals: tokenDecimals,
      totalSupply: expected.totalSupply.toString(),
      storage: storageOf(artifacts, 'GlassToken'),
      balances: [
        ...roles.holders.map((index) => ({ account: account(index), role: 'holder' as const, balance: balanceOf(account(index)) })),
        ...roles.traffic.map((index) => ({ account: account(index), role: 'traffic' as const, balance: balanceOf(account(index)) })),
      ],
      allowances: [...expected.allowances].flatMap(([owner, bySpender]) =>
        [...bySpender].map(([spender, amount]) => ({ owner, spender, amount: amount.toString() })),
      ),
    },
    nft: {
      name: nftDeployment.args[0],
      symbol: nftDeployment.args[1],
      storage: storageOf(artifacts, 'GlassNft'),
      tokens: [...expected.nftOwners].map(([id, owner]) => ({ id: Number(id), owner, approved: expected.nftApprovals.get(id) ?? null })),
      operators: [...expected.nftOperators].flatMap(([owner, byOperator]) =>
        [...byOperator].map(([operator, approved]) => ({ owner, operator, approved })),
      ),
    },
    emitter: {
      event: declaredEvent(tick),
      signature: formatAbiItem(tick),
      topic0: toEventSelector(tick),
      logsTotal,
      transactions: emitterTxs.map((item) => ({
        hash: item.hash,
        blockNumber: blockOf(item),
        logs: item.receipt.logs.length,
        gasUsed: Number(item.receipt.gasUsed),
      })),
    },
    reverter: {
      value: expected.reverterValue.toString(),
      failedTransaction: { hash: failed.hash, blockNumber: blockOf(failed), input: `${failed.step.fn}(${failed.step.args.join(', ')})` },
    },
  }
}
