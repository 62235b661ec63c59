import {
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  parseEther,
  parseGwei,
  parseUnits,
  type Abi,
  type AccessList,
  type Address,
  type Hex,
} from 'viem'
import { devAccount, devAccountCount, roles } from './devAccounts.ts'
import type { TxKind } from './fees.ts'

/**
 * What one traffic tick sends, as data (pure: a seeded random source in, intents out). Every traffic
 * account sends exactly one transaction per tick, so nonces never race inside a tick.
 *
 * Traffic touches only its own accounts' tokens and NFTs, so the scenario's recorded holders,
 * allowances and emitter logs stay true while it runs.
 */

export type TrafficContext = {
  token: Address
  nft: Address
  reverter: Address
  tokenAbi: Abi
  nftAbi: Abi
  reverterAbi: Abi
  /** Creation code the traffic deploys now and then (a LogEmitter: small, and it does nothing on its own). */
  creationCode: Hex
  /** The token's balanceOf slot, for the access lists of type-1 transfers. */
  balanceSlot: number
}

export type Intent = {
  /** Dev account index of the sender. */
  from: number
  label: string
  to: Address | null
  data?: Hex
  value?: bigint
  /** 'estimate' for contract creations (asked once, then remembered). */
  gas: bigint | 'estimate'
  kind: TxKind
  accessList?: AccessList
  tip: bigint
}

const kinds: TxKind[] = ['legacy', 'eip2930', 'eip1559']
/** Above the Reverter's limit of 999: mined with status 0x0. */
const failingFloor = 1000n

/** Small, fast, seedable (mulberry32): the same seed gives the same mix of transactions. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!
const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1))
const address = (index: number) => devAccount(index).address

function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/** Where a mapping(address => ...) at `slot` keeps `key`'s entry: keccak256(pad32(key) . pad32(slot)). */
export function mappingSlot(key: Address, slot: number): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, BigInt(slot)]))
}

function otherThan(random: () => number, self: number, among: readonly number[]): number {
  return pick(
    random,
    among.filter((index) => index !== self),
  )
}

/**
 * One tick: an ETH transfer, a token transfer, a token approval, an NFT mint, and a fifth that
 * rotates through a contract creation, a call that fails on chain, and one that succeeds.
 * Types rotate too, so every tick carries legacy, EIP-2930 and EIP-1559 transactions.
 */
export function planTick(tick: number, random: () => number, context: TrafficContext): Intent[] {
  const [ethSender, tokenSender, approver, minter, rotating] = shuffled(random, roles.traffic) as [number, number, number, number, number]
  const tip = () => parseGwei(String(between(random, 5, 200) / 100))
  const intents: Array<Omit<Intent, 'kind' | 'tip'>> = []

  const ethTo = otherThan(random, ethSender, Array.from({ length: devAccountCount }, (_, index) => index))
  intents.push({
    from: ethSender,
    label: 'ETH transfer',
    to: address(ethTo),
    value: parseEther(String(between(random, 1, 500) / 1000)),
    gas: 21_000n,
  })

  const tokenTo = otherThan(random, tokenSender, roles.traffic)
  intents.push({
    from: tokenSender,
    label: 'token transfer',
    to: context.token,
    data: encodeFunctionData({
      abi: context.tokenAbi,
      functionName: 'transfer',
      args: [address(tokenTo), parseUnits(String(between(random, 1, 5000) / 100), 18)],
    }),
    gas: 90_000n,
    // Type 1's reason to exist: name the two balance slots the transfer reads and writes.
    accessList: [
      {
        address: context.token,
        storageKeys: [mappingSlot(address(tokenSender), context.balanceSlot), mappingSlot(address(tokenTo), context.balanceSlot)],
      },
    ],
  })

  intents.push({
    from: approver,
    label: 'token approval',
    to: context.token,
    data: encodeFunctionData({
      abi: context.tokenAbi,
      functionName: 'approve',
      args: [address(otherThan(random, approver, roles.traffic)), parseUnits(String(between(random, 1, 1000)), 18)],
    }),
    gas: 70_000n,
  })

  intents.push({
    from: minter,
    label: 'NFT mint',
    to: context.nft,
    data: encodeFunctionData({ abi: context.nftAbi, functionName: 'mint', args: [address(pick(random, roles.traffic))] }),
    gas: 120_000n,
  })

  switch (tick % 3) {
    case 0:
      intents.push({ from: rotating, label: 'contract creation', to: null, data: context.creationCode, gas: 'estimate' })
      break
    case 1:
      intents.push({
        from: rotating,
        label: 'failing call',
        to: context.reverter,
        data: encodeFunctionData({ abi: context.reverterAbi, functionName: 'setValue', args: [failingFloor + BigInt(between(random, 0, 9000))] }),
        // Explicit: an estimate of a call that reverts would itself fail.
        gas: 90_000n,
      })
      break
    default:
      intents.push({
        from: rotating,
        label: 'reverter setValue',
        to: context.reverter,
        data: encodeFunctionData({ abi: context.reverterAbi, functionName: 'setValue', args: [BigInt(between(random, 0, 999))] }),
        gas: 90_000n,
      })
  }

  return intents.map(({ accessList, ...intent }, index) => {
    const kind = kinds[(tick + index) % kinds.length]!
    const list = accessListFor(kind, intent.to, accessList)
    const gas = intent.gas === 'estimate' || !list ? intent.gas : intent.gas + accessListGas(list)
    return { ...intent, gas, kind, tip: tip(), accessList: list }
  })
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
  if (kind === 'legacy') return undefined
  if (kind === 'eip1559') return given
  return given ?? (to ? [{ address: to, storageKeys: [] }] : [])
}
