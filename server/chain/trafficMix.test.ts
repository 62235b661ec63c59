import { encodeAbiParameters, keccak256, parseAbi, parseGwei, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { devAccount, roles } from './devAccounts.ts'
import type { TxKind } from './fees.ts'
import { createTrafficPlanner, mappingSlot, normalFill, steadyBaseFee, type Intent, type TickConditions, type TrafficContext } from './trafficMix.ts'
import { createPhaseSchedule } from './trafficPhases.ts'

const context: TrafficContext = {
  token: '0x00000000000000000000000000000000000000a1',
  nft: '0x00000000000000000000000000000000000000a2',
  reverter: '0x00000000000000000000000000000000000000a3',
  furnace: '0x00000000000000000000000000000000000000a4',
  tokenAbi: parseAbi(['function transfer(address,uint256) returns (bool)', 'function approve(address,uint256) returns (bool)']),
  nftAbi: parseAbi(['function mint(address) returns (uint256)', 'function transferFrom(address,address,uint256)', 'function approve(address,uint256)', 'function setApprovalForAll(address,bool)']),
  reverterAbi: parseAbi([
    'function setValue(uint256)',
    'function revertWithReason()',
    'function revertWithCustomError()',
    'function revertWithoutReason()',
    'function panicAssert()',
    'function panicDivide(uint256,uint256) returns (uint256)',
  ]),
  furnaceAbi: parseAbi(['function burn(uint256) returns (bytes32)']),
  creationCode: '0x6000',
  balanceSlot: 0,
  seed: 7,
}

const allKinds: TxKind[] = ['legacy', 'eip2930', 'eip1559', 'eip4844', 'eip7702']
const gasLimit = 30_000_000n
/** Every traffic account but the first holds one NFT, so NFT moves are planned too. */
const nfts = new Map(roles.traffic.slice(1).map((index, n) => [index, [BigInt(100 + n)]]))
const conditions = (baseFee = steadyBaseFee, kinds = allKinds): TickConditions => ({ baseFee, gasLimit, kinds, nfts })

/** What a planned transaction would use: a burn all but the room left for a first burn, the rest at most 60,000. */
const usedBy = (intent: Intent) => (intent.label === 'furnace burn' ? (intent.gas as bigint) - 45_000n : 60_000n)

/** A cycle's worth of ticks, with the base fee moved as EIP-1559 moves it after each (as if one tick made one block). */
function simulate(seed: number, ticks: number, start = steadyBaseFee) {
  const planner = createTrafficPlanner(seed, { ...context, seed })
  const plans: Intent[][] = []
  const baseFees: bigint[] = []
  let baseFee = start
  for (let tick = 0; tick < ticks; tick++) {
    const plan = planner.plan(tick, conditions(baseFee))
    plans.push(plan)
    baseFees.push(baseFee)
    const used = plan.reduce((sum, intent) => sum + usedBy(intent), 0n)
    const target = gasLimit / 2n
    const delta = (baseFee * (used > target ? used - target : target - used)) / target / 8n
    baseFee = used > target ? baseFee + (delta > 0n ? delta : 1n) : baseFee - delta
  }
  return { plans, baseFees }
}

describe('createTrafficPlanner', () => {
  const { plans } = simulate(7, 120)

  it('sends at most one transaction per traffic account per tick, so nonces never race', () => {
    for (const intents of plans) {
      const senders = intents.map((intent) => intent.from)
      expect(new Set(senders).size).toBe(senders.length)
      expect(senders.every((from) => (roles.traffic as readonly number[]).includes(from))).toBe(true)
    }
  })

  it('is repeatable from its seed', () => {
    expect(simulate(7, 120).plans).toEqual(plans)
    expect(simulate(8, 120).plans).not.toEqual(plans)
  })

  it('over a cycle sends every sort of transaction and every type the chain takes', () => {
    const labels = new Set(plans.flat().map((intent) => intent.label))
    for (const label of [
      'ETH transfer', 'token transfer', 'token approval', 'NFT mint', 'NFT transfer', 'NFT approval', 'contract creation', 'reverter setValue',
      'furnace burn', 'blob transaction', 'EIP-7702 delegation', 'failing call: require', 'failing call: revert', 'failing call: custom error',
      'failing call: no reason', 'failing call: panic (assert)', 'failing call: panic (division by zero)', 'failing call: out of gas',
    ]) {
      expect(labels, label).toContain(label)
    }
    expect(new Set(plans.flat().map((intent) => intent.kind))).toEqual(new Set(allKinds))
  })

  it('leaves out the types a chain does not take', () => {
    const planner = createTrafficPlanner(7, context)
    const before = Array.from({ length: 60 }, (_, tick) => planner.plan(tick, conditions(steadyBaseFee, ['legacy', 'eip2930', 'eip1559']))).flat()
    expect(new Set(before.map((intent) => intent.kind))).toEqual(new Set(['legacy', 'eip2930', 'eip1559']))
  })

  it('fills burst blocks well above the gas target, and keeps quiet ones nearly empty', () => {
    const schedule = createPhaseSchedule(7)
    plans.forEach((plan, tick) => {
      const planned = plan.reduce((sum, intent) => sum + (typeof intent.gas === 'bigint' ? intent.gas : 0n), 0n)
      const phase = schedule.at(tick).phase
      expect(plan.every((intent) => intent.phase === phase)).toBe(true)
      if (phase === 'burst') {
        expect(planned, `tick ${tick}`).toBeGreaterThan((gasLimit * 85n) / 100n)
        expect(planned, `tick ${tick}`).toBeLessThanOrEqual(gasLimit)
      }
      if (phase === 'quiet') expect(planned, `tick ${tick}`).toBeLessThan(gasLimit / 50n)
    })
  })

  it('leaves at least three senders for the mix in every busy tick', () => {
    const schedule = createPhaseSchedule(7)
    plans.forEach((plan, tick) => {
      if (schedule.at(tick).phase !== 'quiet') expect(plan.filter((intent) => intent.label !== 'furnace burn').length).toBeGreaterThanOrEqual(3)
    })
  })

  it('keeps every transaction under EIP-7825’s cap of 16,777,216 gas', () => {
    const { plans: low } = simulate(7, 60, 7n)
    for (const intent of [...plans, ...low].flat()) if (typeof intent.gas === 'bigint') expect(intent.gas).toBeLessThan(16_777_216n)
  })

  it('lets the base fee rise in bursts and fall in quiet stretches, and brings it back toward 1 gwei', () => {
    const { baseFees } = simulate(11, 600)
    const low = baseFees.reduce((a, b) => (a < b ? a : b))
    const high = baseFees.reduce((a, b) => (a > b ? a : b))
    expect(low).toBeGreaterThan(parseGwei('0.05'))
    expect(high).toBeLessThan(parseGwei('20'))
    // From the 7 wei a long-idle chain sits at, the normal stretches climb back within 500 blocks.
    const recovered = simulate(11, 600, 7n).baseFees
    expect(recovered.slice(500).every((fee) => fee > parseGwei('0.05'))).toBe(true)
  })

  it('moves tokens and NFTs only between traffic accounts', () => {
    const traffic = new Set<Address>(roles.traffic.map((index) => devAccount(index).address.toLowerCase() as Address))
    for (const intent of plans.flat()) {
      if (intent.to !== context.token && intent.to !== context.nft) continue
      // The first address argument: the recipient, spender or operator; for transferFrom the sender, then the recipient.
      const first = `0x${intent.data!.slice(34, 74)}` as Address
      expect(traffic.has(first), intent.label).toBe(true)
      if (intent.label === 'NFT transfer') expect(traffic.has(`0x${intent.data!.slice(98, 138)}` as Address)).toBe(true)
    }
  })

  it('pays for the access list in the gas limit (EIP-2930 intrinsic cost)', () => {
    for (const intent of plans.flat()) {
      if (intent.label !== 'ETH transfer') continue
      const listed = intent.accessList?.length ?? 0
      expect(intent.gas, intent.kind).toBe(21_000n + 2_400n * BigInt(listed))
    }
    expect(plans.flat().filter((intent) => intent.kind === 'legacy').every((intent) => intent.accessList === undefined)).toBe(true)
    expect(plans.flat().filter((intent) => intent.kind === 'eip2930').every((intent) => Array.isArray(intent.accessList))).toBe(true)
  })
})

describe('normalFill', () => {
  it('aims a little over the gas target at 1 gwei, fuller below, emptier above', () => {
    expect(normalFill(steadyBaseFee)).toBe(0.6)
    expect(normalFill(parseGwei('0.25'))).toBeGreaterThan(0.7)
    expect(normalFill(parseGwei('8'))).toBeLessThan(0.3)
  })
})

describe('mappingSlot', () => {
  it('follows Solidity: keccak256 of the padded key then the padded slot', () => {
    const holder: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const expected = keccak256(`0x${'0'.repeat(24)}${holder.slice(2).toLowerCase()}${'0'.repeat(63)}1`)
    expect(mappingSlot(holder, 1)).toBe(expected)
    expect(mappingSlot(holder, 1)).toBe(keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n])))
  })
})
