import type { Address } from 'viem'
import type { TokenTransfer } from './tokenTransfers.ts'

/**
 * What a transaction's token movements did to each holder's balance: the net of its ERC-20 Transfers, and of
 * its ERC-721 Transfers as a count of tokens (what balanceOf says for either). Mints and burns leave the zero
 * address out: it holds nothing. ERC-1155 balances are per id, which balanceOf(holder) cannot check: left out.
 */
export type TokenDelta = { token: Address; standard: 'ERC-20' | 'ERC-721'; holder: Address; delta: bigint }

const zero = '0x0000000000000000000000000000000000000000'

export function tokenDeltas(transfers: readonly TokenTransfer[]): TokenDelta[] {
  const deltas = new Map<string, TokenDelta>()
  const add = (token: Address, standard: TokenDelta['standard'], holder: Address, amount: bigint) => {
    if (holder.toLowerCase() === zero) return
    const key = `${token.toLowerCase()}:${holder.toLowerCase()}`
    const entry = deltas.get(key) ?? { token, standard, holder, delta: 0n }
    entry.delta += amount
    deltas.set(key, entry)
  }
  for (const transfer of transfers) {
    if (transfer.standard === 'ERC-1155') continue
    const amount = transfer.standard === 'ERC-20' ? transfer.value : 1n
    add(transfer.token, transfer.standard, transfer.from, -amount)
    add(transfer.token, transfer.standard, transfer.to, amount)
  }
  return [...deltas.values()].filter((entry) => entry.delta !== 0n)
}
