import type { Hash, Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { endpointIdentity } from '../../contract/endpoints.ts'
import { blockTags, type BlockTag } from '../rpc/methods.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * How long each kind of chain data may be served from the cache: the one place that decides it.
 *
 * Immutable: anything addressed by hash, and blocks at or below the finalized head. On the devnet a block
 * 64 or more below the head counts as final (two epochs of 32 slots, as anvil reckons `finalized`).
 * `latest`, `pending`, `safe` and `finalized` name a different block as the chain moves: never immutable.
 * A reorg is handled where it is seen (head.ts invalidates what the replaced blocks touched).
 */

export const finalityDepth = 64n

/** Not immutable but not the head either: a block a few below the head rarely changes. */
export const recentStaleMs = 10_000
/** Something that does not exist yet (a future block, a transaction not yet seen): ask again soon. */
export const missingStaleMs = 2_000
/** Immutable data stays for the session. */
export const immutableGcMs = Infinity
/** Data addressed by number or tag: kept a while after its last user, then dropped. */
export const recentGcMs = 30 * 60_000

/** A block as pages name it: a number, a tag, or a 32-byte hash. */
export type BlockRef = bigint | number | BlockTag | Hex

export type ResolvedBlockRef =
  | { kind: 'number'; number: bigint; param: Hex; key: Hex }
  | { kind: 'tag'; tag: BlockTag; param: BlockTag; key: BlockTag }
  | { kind: 'hash'; hash: Hash; param: Hash; key: Hash }

const hashPattern = /^0x[0-9a-fA-F]{64}$/
const quantityPattern = /^0x[0-9a-fA-F]+$/

export class InvalidBlockRefError extends ChainglassError {
  override readonly name = 'InvalidBlockRefError'
}

/**
 * One canonical form per block reference, so one block has one cache key whatever the input: numbers as
 * hex without leading zeros, hashes in lowercase.
 */
export function resolveBlockRef(ref: BlockRef): ResolvedBlockRef {
  if (typeof ref === 'bigint' || typeof ref === 'number') {
    const number = BigInt(ref)
    if (number < 0n) throw new InvalidBlockRefError(`${ref} is not a block number`)
    const param = `0x${number.toString(16)}` as Hex
    return { kind: 'number', number, param, key: param }
  }
  if ((blockTags as readonly string[]).includes(ref)) {
    const tag = ref as BlockTag
    return { kind: 'tag', tag, param: tag, key: tag }
  }
  if (hashPattern.test(ref)) {
    const hash = ref.toLowerCase() as Hash
    return { kind: 'hash', hash, param: hash, key: hash }
  }
  if (quantityPattern.test(ref)) return resolveBlockRef(BigInt(ref))
  throw new InvalidBlockRefError(`${JSON.stringify(ref)} is neither a block number, a tag nor a block hash`)
}

/** A transaction index or uncle index, canonical. */
export function indexParam(index: bigint | number | Hex): Hex {
  const value = BigInt(index)
  if (value < 0n) throw new InvalidBlockRefError(`${index} is not an index`)
  return `0x${value.toString(16)}`
}

// ---------------------------------------------------------------------------------------------------------
// The head each network is known to have reached: it decides which numbered blocks are final.

const heads = new Map<string, bigint>()

function networkId(network: Network): string {
  return `${network.name}\n${endpointIdentity(network)}`
}

/** Records that the network's chain has reached at least `number` (any mined block seen tells that much). */
export function noteHead(network: Network, number: bigint | Hex): void {
  const value = BigInt(number)
  const id = networkId(network)
  const known = heads.get(id)
  if (known === undefined || value > known) heads.set(id, value)
}

/** Forgets the head (a devnet started afresh has a lower one). */
export function forgetHead(network: Network): void {
  heads.delete(networkId(network))
}

export function knownHead(network: Network): bigint | undefined {
  return heads.get(networkId(network))
}

export function isFinalNumber(network: Network, number: bigint): boolean {
  const head = knownHead(network)
  return head !== undefined && head - number >= finalityDepth
}

/** Whether what a reference names can never change. */
export function isImmutableRef(network: Network, ref: ResolvedBlockRef): boolean {
  if (ref.kind === 'hash') return true
  if (ref.kind === 'tag') return ref.tag === 'earliest'
  return isFinalNumber(network, ref.number)
}

/**
 * The staleTime of data addressed by `ref`: immutable data forever, unless the answer was "none yet"; tags
 * that follow the head never; recent numbered blocks a little while. Evaluated on every use, so a numbered
 * block becomes immutable once the head is far enough past it.
 */
export function staleTimeFor(network: Network, ref: ResolvedBlockRef) {
  return (query: { state: { data: unknown } }): number => {
    if (query.state.data === null) return missingStaleMs
    if (isImmutableRef(network, ref)) return Infinity
    return ref.kind === 'tag' ? 0 : recentStaleMs
  }
}

export function gcTimeFor(ref: ResolvedBlockRef): number {
  return ref.kind === 'hash' ? immutableGcMs : recentGcMs
}
