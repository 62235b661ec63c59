import fs from 'node:fs'
import type { Chain, LocalAccount } from 'viem'
import { chainOf, createChainClient, describeChainError } from './chainClient.ts'
import { artifactOf, type Artifacts } from './compile.ts'
import { devAccount } from './devAccounts.ts'
import { feeFields, readBaseFee } from './fees.ts'
import type { Scenario } from './scenario.ts'
import { throttledLog } from './throttledLog.ts'
import { planTick, seededRandom, type Intent, type TrafficContext } from './trafficMix.ts'
import { createTrafficNonces } from './trafficNonces.ts'

export type Traffic = { stop(): Promise<void> }

export type TrafficOptions = {
  rpcUrl: string
  scenario: Scenario
  /** Seconds between blocks; one tick per block (per second when the node mines on demand). */
  blockTime: number
  log: (line: string) => void
  /** Seeds the mix of transactions; the same seed sends the same sequence. */
  seed?: number
  /** Time between ticks; defaults to the block time (1 s when blocks are mined on demand). */
  intervalMs?: number
}

function loadContext(scenario: Scenario): TrafficContext {
  const artifacts = JSON.parse(fs.readFileSync(scenario.artifacts, 'utf8')) as Artifacts
  const balanceSlot = scenario.token.storage.balanceOf?.slot
  if (balanceSlot === undefined) throw new Error('the recorded token has no balanceOf slot')
  return {
    token: scenario.contracts.token,
    nft: scenario.contracts.nft,
    reverter: scenario.contracts.reverter,
    tokenAbi: artifactOf(artifacts, 'GlassToken').abi,
    nftAbi: artifactOf(artifacts, 'GlassNft').abi,
    reverterAbi: artifactOf(artifacts, 'Reverter').abi,
    creationCode: artifactOf(artifacts, 'LogEmitter').bytecode,
    balanceSlot,
  }
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * Sends a handful of signed transactions every block time until stop(): the explorer always has fresh
 * blocks with every transaction type, creations and failures. A tick never throws out of here: a
 * failure is logged (at most one line per 10 s) and the next tick tries again.
 */
export function startTraffic(options: TrafficOptions): Traffic {
  const { scenario, log } = options
  const client = createChainClient(options.rpcUrl, { timeoutMs: 10_000 })
  const warn = throttledLog(log)
  const nonces = createTrafficNonces()
  const accounts = new Map<number, LocalAccount>()
  const random = seededRandom(options.seed ?? 0xc1a55)
  const intervalMs = options.intervalMs ?? Math.max(1, options.blockTime) * 1000

  let context: TrafficContext | null = null
  let chain: Chain | null = null
  let creationGas: bigint | null = null
  let tick = 0
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let current: Promise<void> | null = null
  const counts = { sent: 0, refused: 0 }

  /** Dev account `index`, its nonces counted by the traffic's nonce manager. */
  function accountOf(index: number): LocalAccount {
    let account = accounts.get(index)
    if (!account) {
      account = { ...devAccount(index), nonceManager: nonces.manager }
      accounts.set(index, account)
    }
    return account
  }

  async function gasFor(intent: Intent): Promise<bigint> {
    if (intent.gas !== 'estimate') return intent.gas
    if (creationGas === null) {
      const estimate = await client.estimateGas({ account: devAccount(intent.from).address, data: intent.data })
      creationGas = (estimate * 12n) / 10n
    }
    return creationGas
  }

  async function send(intent: Intent, baseFee: bigint, onChain: Chain): Promise<void> {
    const gas = await gasFor(intent)
    await client.sendTransaction({
      account: accountOf(intent.from),
      chain: onChain,
      to: intent.to,
      data: intent.data,
      value: intent.value ?? 0n,
      gas,
      ...feeFields(intent.kind, baseFee, intent.tip, intent.accessList),
    })
  }

  async function runTick(): Promise<void> {
    context ??= loadContext(scenario)
    const plan = planTick(tick, random, context)
    tick += 1
    // Each sender sends one transaction per tick, so more than a few ahead of the chain means a gap.
    if (tick % 5 === 0) {
      const dropped = await nonces.dropRunaways(client, 4)
      if (dropped.length > 0) warn(`traffic: ${dropped.length} senders ran ahead of the chain (a node restart?); nonces read again`)
    }
    const [onChain, baseFee] = await Promise.all([chain ?? chainOf(client), readBaseFee(client)])
    chain = onChain
    // Started together, so their nonce reads leave as one batch and their sends as another.
    const outcomes = await Promise.allSettled(plan.map((intent) => send(intent, baseFee, onChain)))
    outcomes.forEach((outcome, index) => {
      const intent = plan[index]!
      if (outcome.status === 'fulfilled') {
        counts.sent += 1
      } else {
        // viem's send already reset the sender's nonce: the next tick reads it from the node again.
        counts.refused += 1
        warn(`traffic: ${intent.label} from ${short(devAccount(intent.from).address)} refused: ${describeChainError(outcome.reason)}`)
      }
    })
  }

  function schedule(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      timer = null
      const started = Date.now()
      current = runTick()
        .catch((error: unknown) => {
          warn(`traffic: tick failed: ${describeChainError(error)}`)
        })
        .finally(() => {
          current = null
          // Fixed rate, not fixed gap: a slow tick does not push the rest out of step with the blocks.
          schedule(Math.max(0, intervalMs - (Date.now() - started)))
        })
    }, delayMs)
  }

  log(`traffic: on, a handful of transactions every ${intervalMs / 1000} s`)
  schedule(0)

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      await current
      log(`traffic: stopped after ${tick} ticks (${counts.sent} transactions sent, ${counts.refused} refused)`)
    },
  }
}
