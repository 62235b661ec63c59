import type { TxKind } from './fees.ts'

/** The header fields that tell which hardfork a block was built under (each fork added its own). */
export type ForkMarks = { baseFeePerGas?: bigint | null; blobGasUsed?: bigint | null; requestsHash?: string | null }

/**
 * The transaction types a chain takes, read from its latest header rather than from a fork name: London
 * added the base fee (type 2), Cancun the blob gas fields (type 3), Prague the requests hash (type 4).
 * Types 0 and 1 are older than all three.
 */
export function txKindsOf(head: ForkMarks): TxKind[] {
  const kinds: TxKind[] = ['legacy', 'eip2930']
  if (head.baseFeePerGas !== undefined && head.baseFeePerGas !== null) kinds.push('eip1559')
  if (head.blobGasUsed !== undefined && head.blobGasUsed !== null) kinds.push('eip4844')
  if (head.requestsHash !== undefined && head.requestsHash !== null) kinds.push('eip7702')
  return kinds
}

/** The short names the log line uses: legacy/2930/1559/4844/7702. */
export function kindNames(kinds: readonly TxKind[]): string {
  return kinds.map((kind) => (kind === 'legacy' ? 'legacy' : kind.slice(3))).join('/')
}
