import type { Hash, Hex } from 'viem'
import { tokenTransfers, type TokenTransfer } from '../../evm/tokenTransfers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { Block, Receipt, Transaction } from '../../rpc/schemas.ts'
import { carriedBlockTimestamp } from '../../queries/transactions.ts'

/**
 * Everything a transaction page shows, as loaded so far: `undefined` while loading, `null` when the node
 * has none (a pending transaction has no receipt; a recorded sample may hold the receipt but not the
 * transaction).
 */
export type TransactionData = {
  network: AppNetwork
  hash: Hash
  transaction: Transaction | null | undefined
  /** Why the transaction could not be read (the receipt may still be shown). */
  transactionError: unknown
  receipt: Receipt | null | undefined
  receiptError: unknown
  /** The block the transaction is in: its time and base fee. */
  block: Block | null | undefined
  /** The chain head's number, for confirmations. */
  head: bigint | undefined
}

/** Known to the node, not in a block yet. */
export function isPending(data: TransactionData): boolean {
  return data.transaction != null && data.transaction.blockHash === null && !data.receipt
}

/** Where the transaction is, from the transaction or (when it could not be read) its receipt. */
export function placement(data: TransactionData): { blockHash: Hash; blockNumber: Hex; transactionIndex: Hex } | null {
  const source = data.transaction?.blockHash ? data.transaction : data.receipt
  if (!source || source.blockHash === null || source.blockNumber === null || source.transactionIndex === null) return null
  return { blockHash: source.blockHash, blockNumber: source.blockNumber, transactionIndex: source.transactionIndex }
}

/** The block time: from the block, or the blockTimestamp the transaction or its receipt carries. */
export function blockTimestamp(data: TransactionData): Hex | null {
  if (data.block?.timestamp) return data.block.timestamp
  return carriedBlockTimestamp(data.transaction, data.receipt)
}

/** The receipt is on its way (not failed, not known to be absent). */
export function receiptLoading(data: TransactionData): boolean {
  return data.receipt === undefined && data.receiptError == null
}

/**
 * The token movements the receipt's logs record (ERC-20/721 Transfer, ERC-1155 TransferSingle/Batch), in log
 * order; undefined until the receipt is here. A reorg's removed logs moved nothing.
 */
export function tokenMovements(data: TransactionData): TokenTransfer[] | undefined {
  if (!data.receipt) return undefined
  return data.receipt.logs.filter((log) => !log.removed).flatMap((log) => tokenTransfers(log))
}
