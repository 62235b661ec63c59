import fs from 'node:fs'
import type { Hex } from 'viem'
import { artifactOf, type Artifacts } from './compile.ts'
import { devAccount } from './devAccounts.ts'
import { NonceBook } from './nonceBook.ts'
import { createRpc } from './rpc.ts'
import type { Scenario } from './scenario.ts'
import { throttledLog } from './throttledLog.ts'
import { planTick, seededRandom, type Intent, type TrafficContext } from './trafficMix.ts'
import { readFeeContext, sendRawBatch, signTx } from './transactions.ts'

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
  const rpc = createRpc(options.rpcUrl, 10_000)
  const warn = throttledLog(log)
  const nonces = new NonceBook(rpc)
  const random = seededRandom(options.seed ?? 0xc1a55)
  const intervalMs = options.intervalMs ?? Math.max(1, options.blockTime) * 1000

  let context: TrafficContext | null = null
  let creationGas: bigint | null = null
  let tick = 0
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let current: Promise<void> | null = null
  const counts = { sent: 0, refused: 0 }

  async function gasFor(intent: Intent): Promise<bigint> {
    if (intent.gas !== 'estimate') return intent.gas
    if (creationGas === null) {
      const from = devAccount(intent.from).address
      const estimate = BigInt(await rpc.call<Hex>('eth_estimateGas', [{ from, data: intent.data }, 'latest']))
      creationGas = (estimate * 12n) / 10n
    }
    return creationGas
  }

  async function runTick(): Promise<void> {
    context ??= loadContext(scenario)
    const plan = planTick(tick, random, context)
    tick += 1
    // Each sender sends one transaction per tick, so more than a few ahead of the chain means a gap.
    if (tick % 5 === 0) {
      const dropped = await nonces.dropRunaways(4)
      if (dropped.length > 0) warn(`traffic: ${dropped.length} senders ran ahead of the chain (a node restart?); nonces read again`)
    }
    const [fees] = await Promise.all([readFeeContext(rpc), nonces.load(plan.map((intent) => devAccount(intent.from).address))])
    const ready: Array<{ intent: Intent; nonce: number; raw: Hex }> = []
    for (const intent of plan) {
      const account = devAccount(intent.from)
      const nonce = nonces.peek(account.address)
      if (nonce === undefined) continue // its nonce could not be read; the next tick asks again
      const gas = await gasFor(intent)
      const raw = await signTx(account, { ...intent, gas, nonce }, fees)
      ready.push({ intent, nonce, raw })
    }
    const outcomes = await sendRawBatch(rpc, ready.map((item) => item.raw))
    outcomes.forEach((outcome, index) => {
      const { intent, nonce } = ready[index]!
      const sender = devAccount(intent.from).address
      if (outcome.ok) {
        nonces.used(sender, nonce)
        counts.sent += 1
      } else {
        // Whatever the refusal, read the nonce again: a stale local count is the usual cause.
        nonces.forget(sender)
        counts.refused += 1
        warn(`traffic: ${intent.label} from ${short(sender)} refused: ${outcome.error.message}`)
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
          // Sends that fail this way may have landed: read every nonce again.
          nonces.forgetAll()
          warn(`traffic: tick failed: ${error instanceof Error ? error.message : String(error)}`)
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
