import type { Hex } from 'viem'

/**
 * A transaction's outcome as a receipt records it. Since Byzantium a receipt has `status` (0x1 success,
 * 0x0 failed); before, it has the post-transaction state `root` instead, and success is not recorded.
 * No receipt at all (null) means the transaction is still pending.
 */
export type ReceiptStatus = 'success' | 'failed' | 'pending' | 'pre-byzantium' | 'unknown'

export function receiptStatus(receipt: { status?: Hex | null; root?: Hex | null } | null): ReceiptStatus {
  if (receipt === null) return 'pending'
  if (receipt.status != null) {
    const status = BigInt(receipt.status)
    return status === 1n ? 'success' : status === 0n ? 'failed' : 'unknown'
  }
  return receipt.root != null ? 'pre-byzantium' : 'unknown'
}
