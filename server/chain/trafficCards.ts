import { encodeAbiParameters, encodeFunctionData, keccak256, parseEther, parseUnits, type Abi, type AccessList, type Address, type Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { devAccount, devAccountCount, roles } from './devAccounts.ts'
import type { TxKind } from './fees.ts'
import { blobTexts } from './blobs.ts'
import { burnGas } from './furnace.ts'
import { between, pick } from './seededRandom.ts'

/**
 * The variety the traffic deals from: one card, one transaction of one sort. Pure: a seeded random
 * source and what the chain holds now in, the transaction out.
 */

export type TrafficContext = {
  token: Address
  nft: Address
  reverter: Address
  /** The traffic's own gas burner (Furnace.sol), at its CREATE2 address. */
  furnace: Address
  tokenAbi: Abi
  nftAbi: Abi
  reverterAbi: Abi
  furnaceAbi: Abi
  /** Creation code the traffic deploys now and then (a LogEmitter: small, and it does nothing on its own). */
  creationCode: Hex
  /** The token's balanceOf slot, for the access lists of type-1 transfers. */
  balanceSlot: number
  /** Seeds the keys of the accounts the traffic delegates with EIP-7702. */
  seed: number
}

/** What a tick is planned against: the chain as the last block shows it, and the NFTs the traffic may move. */
export type TickConditions = {
  baseFee: bigint
  gasLimit: bigint
  /** The transaction types the chain takes. */
  kinds: readonly TxKind[]
  /** NFT ids each traffic account holds and has no move of in flight. */
  nfts: ReadonlyMap<number, readonly bigint[]>
}

export type Draft = {
  label: string
  to: Address | null
  data?: Hex
  value?: bigint
  /** 'estimate' for contract creations (asked once, then remembered). */
  gas: bigint | 'estimate'
  /** Set when only one type will do (a blob, a delegation); otherwise the planner rotates the types. */
  kind?: TxKind
  accessList?: AccessList
  /** A type-3 transaction's blob, as text: the sender makes the blob and its KZG commitment and proof. */
  blob?: string
  /** A type-4 transaction's authorization: the key of a fresh account that delegates its code to `delegate`. */
  authorization?: { authorityKey: Hex; delegate: Address }
  /** The NFT this moves: the sender stops offering it until the move is mined. */
  nftId?: bigint
}

export type CardName =
  | 'eth'
  | 'token'
  | 'approve'
  | 'mint'
  | 'nftTransfer'
  | 'nftApprove'
  | 'create'
  | 'setValue'
  | 'require'
  | 'revert'
  | 'customError'
  | 'noReason'
  | 'panicAssert'
  | 'panicDivide'
  | 'outOfGas'
  | 'blob'
  | 'delegate'

/** The deck, by how often each card comes up: about one transaction in four fails, each way in turn. */
export const deck: readonly CardName[] = [
  'eth', 'eth', 'eth', 'token', 'token', 'approve', 'mint', 'mint', 'nftTransfer', 'nftTransfer', 'nftApprove', 'create',
  'setValue', 'require', 'revert', 'customError', 'noReason', 'panicAssert', 'panicDivide', 'outOfGas', 'blob', 'delegate',
]

export type CardInput = { random: () => number; tick: number; from: number; context: TrafficContext; conditions: TickConditions }

/** Above the Reverter's limit of 999: mined with status 0x0. */
const failingFloor = 1000n
/** A failing call's gas: explicit, since an estimate of a call that reverts would itself fail. */
const failingGas = 60_000n
/** Below what setValue's two slot writes need after the 21,000 intrinsic gas: it runs out part way. */
const starvedGas = 26_000n

const address = (index: number) => devAccount(index).address

function otherThan(random: () => number, self: number, among: readonly number[]): number {
  return pick(
    random,
    among.filter((index) => index !== self),
  )
}

/** Where a mapping(address => ...) at `slot` keeps `key`'s entry: keccak256(pad32(key) . pad32(slot)). */
export function mappingSlot(key: Address, slot: number): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, BigInt(slot)]))
}

function reverterCall(context: TrafficContext, label: string, functionName: string, args: readonly unknown[], gas = failingGas): Draft {
  return { label, to: context.reverter, data: encodeFunctionData({ abi: context.reverterAbi, functionName, args }), gas }
}

/** The transaction a card stands for, or null when this chain or this sender cannot send it now. */
export function draw(card: CardName, input: CardInput): Draft | null {
  const { random, from, context, conditions } = input
  const traffic = roles.traffic
  switch (card) {
    case 'eth':
      return {
        label: 'ETH transfer',
        to: address(otherThan(random, from, Array.from({ length: devAccountCount }, (_, index) => index))),
        // Small amounts: half the transfers leave the traffic's accounts for good.
        value: parseEther(String(between(random, 1, 500) / 10_000)),
        gas: 21_000n,
      }
    case 'token': {
      const to = otherThan(random, from, traffic)
      return {
        label: 'token transfer',
        to: context.token,
        data: encodeFunctionData({ abi: context.tokenAbi, functionName: 'transfer', args: [address(to), parseUnits(String(between(random, 1, 5000) / 100), 18)] }),
        gas: 90_000n,
        // Type 1's reason to exist: name the two balance slots the transfer reads and writes.
        accessList: [{ address: context.token, storageKeys: [mappingSlot(address(from), context.balanceSlot), mappingSlot(address(to), context.balanceSlot)] }],
      }
    }
    case 'approve':
      return {
        label: 'token approval',
        to: context.token,
        data: encodeFunctionData({
          abi: context.tokenAbi,
          functionName: 'approve',
          args: [address(otherThan(random, from, traffic)), parseUnits(String(between(random, 1, 1000)), 18)],
        }),
        gas: 70_000n,
      }
    case 'mint':
      return mint(input)
    case 'nftTransfer': {
      const id = conditions.nfts.get(from)?.[0]
      // Nothing of its own to move yet: mint instead, and move it on a later draw.
      if (id === undefined) return mint(input)
      return {
        label: 'NFT transfer',
        to: context.nft,
        data: encodeFunctionData({ abi: context.nftAbi, functionName: 'transferFrom', args: [address(from), address(otherThan(random, from, traffic)), id] }),
        gas: 90_000n,
        nftId: id,
      }
    }
    case 'nftApprove': {
      const id = conditions.nfts.get(from)?.[0]
      const other = address(otherThan(random, from, traffic))
      if (id === undefined) {
        return {
          label: 'NFT operator approval',
          to: context.nft,
          data: encodeFunctionData({ abi: context.nftAbi, functionName: 'setApprovalForAll', args: [other, random() < 0.7] }),
          gas: 70_000n,
        }
      }
      return { label: 'NFT approval', to: context.nft, data: encodeFunctionData({ abi: context.nftAbi, functionName: 'approve', args: [other, id] }), gas: 70_000n }
    }
    case 'create':
      return { label: 'contract creation', to: null, data: context.creationCode, gas: 'estimate' }
    case 'setValue':
      return reverterCall(context, 'reverter setValue', 'setValue', [BigInt(between(random, 0, 999))], 90_000n)
    case 'require':
      return reverterCall(context, 'failing call: require', 'setValue', [failingFloor + BigInt(between(random, 0, 9000))])
    case 'revert':
      return reverterCall(context, 'failing call: revert', 'revertWithReason', [])
    case 'customError':
      return reverterCall(context, 'failing call: custom error', 'revertWithCustomError', [])
    case 'noReason':
      return reverterCall(context, 'failing call: no reason', 'revertWithoutReason', [])
    case 'panicAssert':
      return reverterCall(context, 'failing call: panic (assert)', 'panicAssert', [])
    case 'panicDivide':
      return reverterCall(context, 'failing call: panic (division by zero)', 'panicDivide', [BigInt(between(random, 1, 1000)), 0n])
    case 'outOfGas':
      return reverterCall(context, 'failing call: out of gas', 'setValue', [BigInt(between(random, 0, 999))], starvedGas)
    case 'blob':
      if (!conditions.kinds.includes('eip4844')) return null
      return { label: 'blob transaction', to: address(otherThan(random, from, traffic)), gas: 21_000n, kind: 'eip4844', blob: pick(random, blobTexts) }
    case 'delegate':
      return conditions.kinds.includes('eip7702') ? delegation(input) : null
  }
}

function mint({ random, context }: CardInput): Draft {
  return {
    label: 'NFT mint',
    to: context.nft,
    data: encodeFunctionData({ abi: context.nftAbi, functionName: 'mint', args: [address(pick(random, roles.traffic))] }),
    gas: 120_000n,
  }
}

/** What EIP-7702 charges per authorization when the authority has no account yet (part of the intrinsic gas). */
const perAuthorizationGas = 25_000n

/**
 * A fresh account (its key from the seed and the tick, so unfunded and never used before) delegates its
 * code to the Furnace, and the same transaction calls burn on it: the Furnace's code runs in the new
 * account's own storage. The sender pays; the authority only signs.
 */
function delegation({ random, tick, context }: CardInput): Draft {
  const authorityKey = keccak256(encodeAbiParameters([{ type: 'string' }, { type: 'uint256' }, { type: 'uint256' }], ['authority', BigInt(context.seed), BigInt(tick)]))
  const rounds = BigInt(between(random, 10, 400))
  return {
    label: 'EIP-7702 delegation',
    to: privateKeyToAddress(authorityKey),
    data: encodeFunctionData({ abi: context.furnaceAbi, functionName: 'burn', args: [rounds] }),
    gas: burnGas(rounds) + perAuthorizationGas,
    kind: 'eip7702',
    authorization: { authorityKey, delegate: context.furnace },
  }
}
