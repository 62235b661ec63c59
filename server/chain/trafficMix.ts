import { encodeFunctionData, parseGwei, type AccessList, type Address } from 'viem'
import { roles } from './devAccounts.ts'
import type { TxKind } from './fees.ts'
import { burnGas, roundsWithin } from './furnace.ts'
import { between, seededRandom, shuffled } from './seededRandom.ts'
import { deck, draw, type CardName, type Draft, type TickConditions, type TrafficContext } from './trafficCards.ts'
import { createPhaseSchedule, type PhaseName } from './trafficPhases.ts'

export { mappingSlot, type TickConditions, type TrafficContext } from './trafficCards.ts'

/**
 * What one traffic tick sends, as data: seeded, so the same seed and the same chain conditions give the
 * same transactions. Every traffic account sends at most one transaction per tick, so nonces never race
 * inside a tick.
 *
 * Traffic touches only its own accounts' tokens and NFTs, so the scenario's recorded holders,
 * allowances and emitter logs stay true while it runs.
 */

export type Intent = Omit<Draft, 'kind'> & {
  /** Dev account index of the sender. */
  from: number
  kind: TxKind
  tip: bigint
  phase: PhaseName
}

/** The base fee the traffic steers toward in its normal stretches: mainnet-like, not the 7 wei floor. */
export const steadyBaseFee = parseGwei('1')
/** How full a burst fills each block: a full block lifts the base fee 12.5 %, this one about 10.5 %. */
const burstFill = 0.92
/**
 * The most one burn asks for: under EIP-7825's cap of 16,777,216 a transaction, and large enough that two
 * burns fill a burst block, leaving three of the five senders for the rest of the mix.
 */
const burnCeiling = 14_000_000n
/** Gas left to the tick's other transactions when burns fill a block. */
const varietyRoom = 400_000n

/**
 * How full a normal stretch fills blocks: fuller when the base fee is below 1 gwei, emptier above it, so
 * after quiet and burst stretches it comes back. At 1 gwei a bit over the target (60 %, +2.5 % a block):
 * a cycle's quiet stretch takes more off (about -72 %) than its burst puts on (about +90 %), and the normal
 * stretches between make up the rest (filled to the target itself, the fee settled well below 1 gwei).
 */
export function normalFill(baseFee: bigint): number {
  if (baseFee <= 0n) return 0.6
  const octaves = Math.log2(Number(steadyBaseFee) / Number(baseFee))
  return Math.min(0.9, Math.max(0.15, 0.6 + 0.15 * octaves))
}

const rotatingKinds: readonly TxKind[] = ['legacy', 'eip2930', 'eip1559']

export type TrafficPlanner = { plan(tick: number, conditions: TickConditions): Intent[] }

export function createTrafficPlanner(seed: number, context: TrafficContext): TrafficPlanner {
  const random = seededRandom(seed)
  const schedule = createPhaseSchedule(seed)
  let cards: CardName[] = []

  /** Dealt from a shuffled deck, so every card comes up once per pass through it. */
  function nextCard(): CardName {
    if (cards.length === 0) cards = shuffled(random, deck)
    return cards.pop()!
  }

  function burns(fill: number, conditions: TickConditions, senders: number): Draft[] {
    const budget = BigInt(Math.floor(fill * Number(conditions.gasLimit))) - varietyRoom
    if (budget < 200_000n || senders === 0) return []
    const count = Math.min(senders, Number((budget + burnCeiling - 1n) / burnCeiling))
    const rounds = roundsWithin(budget / BigInt(count))
    return Array.from({ length: count }, () => ({
      label: 'furnace burn',
      to: context.furnace,
      data: encodeFunctionData({ abi: context.furnaceAbi, functionName: 'burn', args: [rounds] }),
      gas: burnGas(rounds),
    }))
  }

  return {
    plan(tick, conditions) {
      const phase = schedule.at(tick).phase
      const senders = shuffled(random, roles.traffic)
      const drafts: Draft[] = []
      if (phase === 'burst') drafts.push(...burns(burstFill, conditions, senders.length - 1))
      if (phase === 'normal') drafts.push(...burns(normalFill(conditions.baseFee), conditions, senders.length - 1))
      // Quiet stretches send one to three; busy ones give every sender left over a card.
      const variety = phase === 'quiet' ? between(random, 1, 3) : senders.length - drafts.length
      const tip = () => parseGwei(String(between(random, 5, 200) / 100))

      const intents: Intent[] = []
      drafts.forEach((draft, index) => intents.push(finish(draft, senders[index]!, tick + index, tip(), phase)))
      for (let slot = drafts.length; slot < drafts.length + variety; slot++) {
        const from = senders[slot]!
        let draft: Draft | null = null
        // A card this chain cannot take (a blob before Cancun) goes back under: draw again.
        for (let tries = 0; draft === null && tries < deck.length; tries++) {
          draft = draw(nextCard(), { random, tick, from, context, conditions })
        }
        if (draft) intents.push(finish(draft, from, tick + slot, tip(), phase))
      }
      return intents
    },
  }
}

/** Types rotate over the intents that take any of them; an access list is paid for in the gas limit. */
function finish(draft: Draft, from: number, turn: number, tip: bigint, phase: PhaseName): Intent {
  const { kind: fixed, accessList: given, ...rest } = draft
  const kind = fixed ?? rotatingKinds[turn % rotatingKinds.length]!
  const accessList = accessListFor(kind, draft.to, given)
  const gas = rest.gas === 'estimate' || !accessList ? rest.gas : rest.gas + accessListGas(accessList)
  return { ...rest, from, gas, kind, tip, phase, ...(accessList ? { accessList } : {}) }
}

/**
 * What an access list adds to the intrinsic gas (EIP-2930: 2,400 per address, 1,900 per key). A plain
 * transfer with a one-address list needs 23,400, not 21,000; anvil takes one with 21,000 into its pool
 * and then silently drops it when mining, which leaves a nonce gap behind.
 */
export function accessListGas(list: AccessList): bigint {
  return list.reduce((sum, entry) => sum + 2_400n + 1_900n * BigInt(entry.storageKeys.length), 0n)
}

/** Legacy cannot carry one; type 1 always does (naming at least the callee); type 2 keeps one when given. */
function accessListFor(kind: TxKind, to: Address | null, given: AccessList | undefined): AccessList | undefined {
  if (kind === 'legacy' || kind === 'eip4844' || kind === 'eip7702') return undefined
  if (kind === 'eip1559') return given
  return given ?? (to ? [{ address: to, storageKeys: [] }] : [])
}
