import type { Hex } from 'viem'
import type { AccountState, StateDiff } from '../../contract/tracing.ts'

/**
 * What a transaction changed, per account, from prestateTracer in diff mode. The tracer's rules (geth's, which
 * anvil follows): `pre` holds each changed account as it was (a zero nonce and empty code left out), `post`
 * only the fields that changed; a storage slot in `pre` and not in `post` was set to zero, one only in `post`
 * was zero before; an account in `pre` and not in `post` was destroyed.
 */
export type Change<T> = { before: T; after: T }

export type AccountChange = {
  address: Hex
  balance: Change<bigint> | null
  nonce: Change<number> | null
  code: Change<Hex> | null
  storage: Array<{ slot: Hex } & Change<Hex>>
  /** In `pre` and gone from `post`: self-destructed (in the transaction that created it, since Cancun). */
  destroyed: boolean
}

const zeroWord: Hex = `0x${'0'.repeat(64)}`

function changed<T>(before: T, after: T | undefined): Change<T> | null {
  return after === undefined || after === before ? null : { before, after }
}

function accountChange(address: Hex, pre: AccountState | undefined, post: AccountState | undefined): AccountChange {
  const destroyed = post === undefined
  const after: AccountState = destroyed ? { balance: '0x0', nonce: 0, code: '0x', storage: {} } : post
  const before = pre ?? {}
  const balanceBefore = BigInt(before.balance ?? '0x0')
  const balanceAfter = after.balance === undefined ? undefined : BigInt(after.balance)
  const slots = new Set([...Object.keys(before.storage ?? {}), ...Object.keys(after.storage ?? {})] as Hex[])
  const storage = [...slots].flatMap((slot) => {
    const was = before.storage?.[slot] ?? zeroWord
    const is = after.storage?.[slot] ?? zeroWord
    return BigInt(was) === BigInt(is) ? [] : [{ slot, before: was, after: is }]
  })
  storage.sort((x, y) => (BigInt(x.slot) < BigInt(y.slot) ? -1 : 1))
  return {
    address,
    balance: changed(balanceBefore, balanceAfter),
    nonce: changed(before.nonce ?? 0, after.nonce),
    code: changed<Hex>(before.code ?? '0x', after.code),
    storage,
    destroyed,
  }
}

/** Every account the transaction changed, in the order `first` lists (the sender, the recipient), then by address. */
export function stateChanges(diff: StateDiff, first: readonly Hex[] = []): AccountChange[] {
  const addresses = [...new Set([...Object.keys(diff.pre), ...Object.keys(diff.post)].map((address) => address.toLowerCase() as Hex))]
  const find = (side: Record<Hex, AccountState>, address: Hex) => side[address] ?? Object.entries(side).find(([key]) => key.toLowerCase() === address)?.[1]
  const rank = (address: Hex) => {
    const at = first.findIndex((wanted) => wanted.toLowerCase() === address)
    return at < 0 ? first.length : at
  }
  addresses.sort((x, y) => rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0))
  return addresses
    .map((address) => accountChange(address, find(diff.pre, address), find(diff.post, address)))
    .filter((change) => change.destroyed || change.balance || change.nonce || change.code || change.storage.length > 0)
}
