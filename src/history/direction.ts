import type { Address } from 'viem'
import type { HistoryRow } from '../queries/addressHistory.ts'

export type Direction = 'out' | 'in' | 'self' | 'create'

/** Which way the transaction went for this address: sent by it, to it, both, or a deployment it sent. */
export function directionOf(row: HistoryRow, address: Address): Direction {
  const from = row.transaction.from.toLowerCase() === address.toLowerCase()
  const to = row.transaction.to?.toLowerCase() === address.toLowerCase()
  if (row.transaction.to === null) return from ? 'create' : 'in'
  return from && to ? 'self' : from ? 'out' : 'in'
}
