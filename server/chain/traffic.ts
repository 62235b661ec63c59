import fs from 'node:fs'
import type { Address, Chain, Hex, LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { blobPartsFor } from './blobs.ts'
import { chainOf, createChainClient, describeChainError, type ChainClient } from './chainClient.ts'
import { artifactOf, type Artifacts } from './compile.ts'
import { devAccount, roles } from './devAccounts.ts'
import { feeFields, type TxKind } from './fees.ts'
import { create2Factory, furnaceAddress, furnaceDeployData } from './furnace.ts'
import type { Scenario } from './scenario.ts'
import { throttledLog } from './throttledLog.ts'
import { kindNames, txKindsOf, type ForkMarks } from './txKinds.ts'
import { withoutAutomine, type NodeCall } from './nodeCall.ts'
import { createTrafficPlanner, type Intent, type TrafficContext } from './trafficMix.ts'
import { createTrafficNfts } from './trafficNfts.ts'
import { createTrafficNonces } from './trafficNonces.ts'

export type Traffic = { stop(): Promise<void> }

export type TrafficOptions = {
  rpcUrl: string
  scenario: Scenario
  /** Seconds between blocks; one tick per block (per second when the node mines on demand). */
  blockTime: number
  log: (line: string) => void
  /** Seeds the mix of transactions and the timetable of quiet, normal and burst stretches. */
  seed?: number
  /** Time between ticks; defaults to the block time (1 s when blocks are mined on demand). */
  intervalMs?: number
}

function loadContext(scenario: Scenario, seed: number): TrafficContext {
  const artifacts = JSON.parse(fs.readFileSync(scenario.artifacts, 'utf8')) as Artifacts
  const balanceSlot = scenario.token.storage.balanceOf?.slot
  if (balanceSlot === undefined) throw new Error('the recorded token has no balanceOf slot')
  const furnace = artifactOf(artifacts, 'Furnace')
  return {
    token: scenario.contracts.token,
    nft: scenario.contracts.nft,
    reverter: scenario.contracts.reverter,
    furnace: furnaceAddress(furnace.bytecode),
    tokenAbi: artifactOf(artifacts, 'GlassToken').abi,
    nftAbi: artifactOf(artifacts, 'GlassNft').abi,
    reverterAbi: artifactOf(artifacts, 'Reverter').abi,
    furnaceAbi: furnace.abi,
    creationCode: artifactOf(artifacts, 'LogEmitter').bytecode,
    balanceSlot,
    seed,
  }
}

/** What the latest header says: the fee to build on, the room in a block, and the fork's transaction types. */
async function readHead(client: ChainClient): Promise<{ number: bigint; baseFee: bigint; gasLimit: bigint; kinds: TxKind[] }> {
  const block = await client.getBlock({ blockTag: 'latest' })
  // viem passes header fields it has no type for (requestsHash) through as they came.
  return { number: block.number, baseFee: block.baseFeePerGas ?? 0n, gasLimit: block.gasLimit, kinds: txKindsOf(block as ForkMarks) }
}

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

type Ticker = {
  /** Plans the next tick on the latest header and sends its transactions; a blob's send goes on by itself. */
  runTick(): Promise<void>
  /** Waits for the blob sends still under way. */
  settled(): Promise<void>
  /** The block number the last tick planned on. */
  lastHead(): bigint | null
  ticksRun(): number
  counts: { sent: number; refused: number }
}

/** One tick after another of the seeded mix: what the live traffic and a built history both send. */
type TickerOptions = Omit<TrafficOptions, 'blockTime' | 'intervalMs'> & {
  /** On a chain that does not mine by itself: makes a block of what was sent (the Furnace's deployment waits for one). */
  mine?: () => Promise<void>
}

function createTicker(options: TickerOptions, warn: (line: string) => void): Ticker {
  const { scenario, log } = options
  const seed = options.seed ?? 0xc1a55
  const client = createChainClient(options.rpcUrl, { timeoutMs: 10_000 })
  // Sends wait for the node as long as its gateway would (30 s), not 10 s: a send given up on may still reach
  // the node's pool, and viem then resets its sender, whose next nonce is read again, possibly before the node
  // has taken the first, and handed out twice (the node then refuses one: "replacement transaction
  // underpriced"). A slow node slows the ticks instead of being sent more.
  const sendClient = createChainClient(options.rpcUrl, { timeoutMs: 30_000 })
  // anvil 1.7.1 is slow over the first blob transaction after it starts (its KZG setup; the service has it
  // check one before it says ready: blobWarmUp.ts); later ones are quicker. Blob sends go on by themselves all
  // the same, so a slow one holds up nothing.
  const blobClient = createChainClient(options.rpcUrl, { timeoutMs: 60_000 })
  const nonces = createTrafficNonces()
  const accounts = new Map<number, LocalAccount>()
  let context: TrafficContext | null = null
  let planner: ReturnType<typeof createTrafficPlanner> | null = null
  let nfts: ReturnType<typeof createTrafficNfts> | null = null
  let chain: Chain | null = null
  let furnaceReady = false
  let announced = false
  let creationGas: bigint | null = null
  /** The next plan's number: ticks that never reached the node leave the timetable where it was. */
  let tick = 0
  let ticksRun = 0
  /** The head the last tick planned on. */
  let lastHead: bigint | null = null
  const blobSends = new Set<Promise<void>>()
  const blobSenders = new Set<Address>()
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

  /**
   * The Furnace once per chain, through the CREATE2 factory, before the first plan: burns sent to an
   * address without code would succeed and burn nothing. Found again after a restart by its address.
   */
  async function ensureFurnace(ctx: TrafficContext, onChain: Chain): Promise<void> {
    if ((await client.getCode({ address: ctx.furnace })) === undefined) {
      const artifacts = JSON.parse(fs.readFileSync(scenario.artifacts, 'utf8')) as Artifacts
      const data = furnaceDeployData(artifactOf(artifacts, 'Furnace').bytecode)
      const account = accountOf(roles.traffic[0])
      const hash = await sendClient.sendTransaction({ account, chain: onChain, to: create2Factory, data })
      await options.mine?.()
      const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 }).catch((error: unknown) => {
        throw new Error(`the Furnace's deployment ${hash} was not mined within 30 s: ${describeChainError(error)}`, { cause: error })
      })
      if (receipt.status !== 'success') throw new Error(`the Furnace's deployment ${hash} reverted`)
    }
    furnaceReady = true
  }

  async function send(intent: Intent, baseFee: bigint, onChain: Chain): Promise<Hex> {
    const gas = await gasFor(intent)
    const authorizationList = intent.authorization
      ? [
          await privateKeyToAccount(intent.authorization.authorityKey).signAuthorization({
            address: intent.authorization.delegate,
            chainId: onChain.id,
            // A fresh account: its first authorization takes nonce 0 (after a restart it is spent, and
            // the node skips it; the call then runs the delegation already in place).
            nonce: 0,
          }),
        ]
      : undefined
    const blobParts = intent.blob ? blobPartsFor(intent.blob) : {}
    return (intent.blob ? blobClient : sendClient).sendTransaction({
      account: accountOf(intent.from),
      chain: onChain,
      to: intent.to,
      data: intent.data,
      value: intent.value ?? 0n,
      gas,
      ...blobParts,
      ...feeFields(intent.kind, baseFee, intent.tip, intent.accessList, authorizationList),
    } as Parameters<typeof client.sendTransaction>[0])
  }

  async function runTick(): Promise<void> {
    ticksRun += 1
    context ??= loadContext(scenario, seed)
    planner ??= createTrafficPlanner(seed, context)
    nfts ??= createTrafficNfts(context.nft)
    // Each sender sends at most one transaction per tick, so more than a few ahead of the chain means a gap.
    if (ticksRun % 5 === 0) {
      const dropped = await nonces.dropRunaways(client, 4, blobSenders)
      if (dropped.length > 0) warn(`traffic: ${dropped.length} senders ran ahead of the chain (a restarted node lost their transactions, or a busy one is slow to mine them); nonces read again`)
    }
    const [onChain, head] = await Promise.all([chain ?? chainOf(client), readHead(client), nfts.settle(client)])
    chain = onChain
    lastHead = head.number
    if (!announced) {
      log(`traffic: on, ${kindNames(head.kinds)} (the types the chain's latest header allows); quiet, normal and burst stretches`)
      announced = true
    }
    if (!furnaceReady) {
      // A tick of its own: the next plan builds on the block that holds the Furnace.
      await ensureFurnace(context, onChain)
      return
    }

    const plan = planner.plan(tick, { baseFee: head.baseFee, gasLimit: head.gasLimit, kinds: head.kinds, nfts: nfts.available() })
    tick += 1
    // anvil can take seconds over a blob (the first after it starts): its send goes on by itself (stop()
    // waits for it), so the tick keeps time. Its sender's next nonce is handed out in order all the same.
    for (const intent of plan.filter((intent) => intent.blob)) {
      const sender = devAccount(intent.from).address
      const detached = settle(intent, send(intent, head.baseFee, onChain))
      blobSends.add(detached)
      blobSenders.add(sender)
      void detached.finally(() => {
        blobSends.delete(detached)
        blobSenders.delete(sender)
      })
    }
    // Started together, so their nonce reads leave as one batch and their sends as another.
    await Promise.all(plan.filter((intent) => !intent.blob).map((intent) => settle(intent, send(intent, head.baseFee, onChain))))
  }

  /** Counts a send and learns from it; never rejects. */
  async function settle(intent: Intent, sending: Promise<Hex>): Promise<void> {
    try {
      const hash = await sending
      counts.sent += 1
      if (intent.to === context?.nft) nfts?.watch(hash, intent.nftId)
    } catch (error) {
      // viem's send already reset the sender's nonce: the next tick reads it from the node again.
      counts.refused += 1
      warn(`traffic: ${intent.label} from ${short(devAccount(intent.from).address)} refused: ${describeChainError(error)}`)
    }
  }

  return {
    runTick,
    settled: async () => {
      await Promise.all(blobSends)
    },
    lastHead: () => lastHead,
    ticksRun: () => ticksRun,
    counts,
  }
}

/**
 * Sends transactions every block time until stop(), in seeded stretches: quiet ones of a few cheap
 * transactions, normal ones around the gas target, and bursts of Furnace burns that fill blocks so the
 * base fee climbs. Every transaction type the chain takes, creations, token and NFT moves and failures of
 * every kind come by in turn. A tick never throws out of here: a failure is logged (at most one line per
 * 10 s) and the next tick tries again.
 */
export function startTraffic(options: TrafficOptions): Traffic {
  const { log } = options
  const warn = throttledLog(log)
  const ticker = createTicker(options, warn)
  const intervalMs = options.intervalMs ?? Math.max(1, options.blockTime) * 1000
  const client = createChainClient(options.rpcUrl, { timeoutMs: 10_000 })
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let wake: (() => void) | null = null

  /** Waits `ms`, or less if stop() comes first. */
  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (stopped) return resolve()
      wake = resolve
      timer = setTimeout(resolve, ms)
    })
  }

  /**
   * Until the next tick. With interval mining that is the block after the one the last tick built on: a
   * tick's transactions then share one block, and a burst fills every block of its stretch instead of
   * every other one (a fixed timer drifts against the node's, and on a busy machine two ticks would land in
   * one block and none in the next). Looked for from 70 % of the block time on; a node that stops mining
   * (or answering) still gets a tick every three block times. On demand mining keeps the fixed rate.
   */
  async function untilNextTick(started: number): Promise<void> {
    const built = ticker.lastHead()
    if (options.blockTime <= 0 || built === null) return pause(Math.max(0, intervalMs - (Date.now() - started)))
    await pause(Math.max(0, intervalMs * 0.7 - (Date.now() - started)))
    const deadline = started + intervalMs * 3
    while (!stopped && Date.now() < deadline) {
      const number = await client.getBlockNumber({ cacheTime: 0 }).catch(() => null)
      if (number === null || number > built) return
      await pause(Math.max(25, intervalMs / 10))
    }
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const started = Date.now()
      await ticker.runTick().catch((error: unknown) => warn(`traffic: tick failed: ${describeChainError(error)}`))
      await untilNextTick(started)
    }
  }

  const running = loop()

  return {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      timer = null
      wake?.()
      await running
      await ticker.settled()
      log(`traffic: stopped after ${ticker.ticksRun()} ticks (${ticker.counts.sent} transactions sent, ${ticker.counts.refused} refused)`)
    },
  }
}

/**
 * A history of `ticks` blocks of the same seeded mix, made on the node itself with its automine off (put back
 * after): each tick's transactions are sent, then evm_mine makes them one block, so the same seed gives the
 * same blocks every run. `node` calls the node directly (its control methods, which the gateway refuses).
 * Resolves with the last block's number.
 */
export async function buildHistory(options: Omit<TickerOptions, 'mine'> & { ticks: number; node: NodeCall }): Promise<bigint> {
  const { node } = options
  const mine = async () => void (await node('evm_mine'))
  const ticker = createTicker({ ...options, mine }, throttledLog(options.log))
  const client = createChainClient(options.rpcUrl, { timeoutMs: 10_000 })
  const started = performance.now()
  const head = await withoutAutomine(node, async () => {
    for (let index = 0; index < options.ticks; index++) {
      await ticker.runTick()
      // A blob's send goes on by itself in live traffic; here its tick waits for it, so it lands in its own block.
      await ticker.settled()
      await mine()
    }
    return client.getBlockNumber({ cacheTime: 0 })
  })
  const { sent, refused } = ticker.counts
  options.log(`history: ${options.ticks} blocks of traffic built up to block ${head} (${sent} transactions sent, ${refused} refused) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return head
}
