import { encodeAbiParameters, keccak256, parseAbi, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { devAccount, roles } from './devAccounts.ts'
import { mappingSlot, planTick, seededRandom, type TrafficContext } from './trafficMix.ts'

const context: TrafficContext = {
  token: '0x00000000000000000000000000000000000000a1',
  nft: '0x00000000000000000000000000000000000000a2',
  reverter: '0x00000000000000000000000000000000000000a3',
  tokenAbi: parseAbi(['function transfer(address,uint256) returns (bool)', 'function approve(address,uint256) returns (bool)']),
  nftAbi: parseAbi(['function mint(address) returns (uint256)']),
  reverterAbi: parseAbi(['function setValue(uint256)']),
  creationCode: '0x6000',
  balanceSlot: 0,
}

describe('planTick', () => {
  const random = seededRandom(7)
  const ticks = Array.from({ length: 6 }, (_, tick) => planTick(tick, random, context))

  it('sends one transaction per traffic account per tick, so nonces never race', () => {
    for (const intents of ticks) {
      expect(intents.map((intent) => intent.from).sort()).toEqual([...roles.traffic].sort())
    }
  })

  it('carries legacy, EIP-2930 and EIP-1559 transactions in every tick', () => {
    for (const intents of ticks) expect(new Set(intents.map((intent) => intent.kind))).toEqual(new Set(['legacy', 'eip2930', 'eip1559']))
    const all = ticks.flat()
    expect(all.filter((intent) => intent.kind === 'legacy').every((intent) => intent.accessList === undefined)).toBe(true)
    expect(all.filter((intent) => intent.kind === 'eip2930').every((intent) => Array.isArray(intent.accessList))).toBe(true)
  })

  it('creates a contract and sends a failing call within any three ticks', () => {
    for (let start = 0; start + 3 <= ticks.length; start++) {
      const window = ticks.slice(start, start + 3).flat()
      expect(window.some((intent) => intent.to === null)).toBe(true)
      expect(window.some((intent) => intent.label === 'failing call' && typeof intent.gas === 'bigint')).toBe(true)
    }
  })

  it('moves tokens and NFTs only between traffic accounts', () => {
    const traffic = new Set<Address>(roles.traffic.map((index) => devAccount(index).address.toLowerCase() as Address))
    for (const intent of ticks.flat()) {
      if (intent.to === context.token || intent.to === context.nft) {
        const argument = `0x${intent.data!.slice(34, 74)}` as Address
        expect(traffic.has(argument), intent.label).toBe(true)
      }
    }
  })

  it('pays for the access list in the gas limit (EIP-2930 intrinsic cost)', () => {
    for (const intent of ticks.flat()) {
      if (intent.label !== 'ETH transfer') continue
      const listed = intent.accessList?.length ?? 0
      expect(intent.gas, intent.kind).toBe(21_000n + 2_400n * BigInt(listed))
    }
  })

  it('is repeatable from its seed', () => {
    const again = seededRandom(7)
    expect(Array.from({ length: 6 }, (_, tick) => planTick(tick, again, context))).toEqual(ticks)
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
