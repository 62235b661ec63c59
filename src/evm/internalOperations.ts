import type { Address, Hex } from 'viem'

/** An ots_getInternalOperations entry: 0 transfer, 1 self-destruct, 2 CREATE, 3 CREATE2. */
export type InternalOperationLike = { type: 0 | 1 | 2 | 3; from: Address; to: Address; value: Hex }

export const operationKinds = { 0: 'transfer', 1: 'self-destruct', 2: 'create', 3: 'create2' } as const
export type OperationKind = (typeof operationKinds)[keyof typeof operationKinds]

/** What the transaction itself did at the top level: call `to` with `value`, or create (`to` null). */
export type TopLevel = { from: Address; to: Address | null; value: Hex; contractAddress: Address | null }

const same = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase()

/**
 * The operations that happened inside the transaction, without the transaction's own top-level action.
 * anvil lists that action first (a type-0 transfer for a call with value, a type-2 CREATE for a
 * deployment); Otterscan's Erigon implementation lists only the internal ones. Shown as they come, the
 * top-level transfer would read as an "internal" one.
 * The first entry is dropped only when it *is* the top-level action: the same sender, target and value.
 * The sender test alone is near certain: internal operations come from contracts, and the transaction's
 * sender is an account that signs. Every later entry is kept, even one with the same fields.
 */
export function internalOnly<T extends InternalOperationLike>(operations: readonly T[], transaction: TopLevel): T[] {
  const [first, ...rest] = operations
  if (!first) return []
  const sameValue = BigInt(first.value) === BigInt(transaction.value)
  const topLevel =
    same(first.from, transaction.from) &&
    sameValue &&
    (transaction.to !== null
      ? first.type === 0 && same(first.to, transaction.to)
      : first.type === 2 && (transaction.contractAddress === null || same(first.to, transaction.contractAddress)))
  return topLevel ? rest : [first, ...rest]
}
