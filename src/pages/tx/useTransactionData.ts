import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Hash } from 'viem'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { blockQuery } from '../../queries/blocks.ts'
import { useHead } from '../../queries/head.ts'
import { carriedBlockTimestamp, receiptQuery } from '../../queries/transactions.ts'
import type { Transaction } from '../../rpc/schemas.ts'
import type { TransactionData } from './model.ts'

/** While a transaction is pending, its receipt (and the transaction itself) are asked for this often. */
export const pendingPollMs = 1_000

const placeholderHash = `0x${'0'.repeat(64)}` as Hash

/** Poll while the transaction is known but not mined: the moment it is, the page shows it mined. */
export function pendingRefetch(query: { state: { data: Transaction | null | undefined } }): number | false {
  const transaction = query.state.data
  return transaction && transaction.blockHash === null ? pendingPollMs : false
}

/**
 * The receipt and the including block for a transaction page, given the transaction's query: the receipt
 * is polled while missing (pending, or mined a moment ago), the block read by hash (cached: a by-number
 * or by-tag fetch has already seeded it) when its time is not already in the transaction or receipt.
 */
export function useTransactionData(network: AppNetwork, hash: Hash | null, transaction: UseQueryResult<Transaction | null>): {
  data: TransactionData | null
  receipt: UseQueryResult<unknown>
} {
  const known = transaction.data != null
  const receipt = useQuery({
    ...receiptQuery(network, hash ?? placeholderHash),
    enabled: hash !== null,
    refetchInterval: (query) => (query.state.data == null && known ? pendingPollMs : false),
  })
  const receiptData = hash !== null ? receipt.data : undefined
  const blockHash = transaction.data?.blockHash ?? receiptData?.blockHash ?? null
  // The block is read for its time alone: not when the transaction or its receipt carries it (one round trip
  // fewer on anvil and newer geth, as the transaction page's data start, App.tsx).
  const timeCarried = carriedBlockTimestamp(transaction.data, receiptData) !== null
  const block = useQuery({ ...blockQuery(network, blockHash ?? placeholderHash), enabled: blockHash !== null && !timeCarried })
  const head = useHead(network).data

  // The receipt arrived while the transaction still reads pending: read the transaction again now.
  const stillPending = transaction.data != null && transaction.data.blockHash === null
  const refetchTransaction = transaction.refetch
  useEffect(() => {
    if (receiptData && stillPending) void refetchTransaction()
  }, [receiptData, stillPending, refetchTransaction])

  if (hash === null) return { data: null, receipt }
  return {
    data: {
      network,
      hash,
      // A transaction that could not be read is "not available" (null), not loading: its receipt may still say a lot.
      transaction: transaction.data !== undefined ? transaction.data : transaction.error ? null : undefined,
      transactionError: transaction.data === undefined ? transaction.error : null,
      receipt: receiptData,
      receiptError: receipt.error,
      block: blockHash === null ? null : block.data,
      head: head ? BigInt(head.number) : undefined,
    },
    receipt,
  }
}

