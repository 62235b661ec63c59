import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Hash, Hex } from 'viem'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { getTransactionByBlockHashAndIndex, getTransactionByBlockNumberAndIndex, getTransactionByHash, getTransactionReceipt } from '../rpc/methods.ts'
import type { Receipt, Transaction } from '../rpc/schemas.ts'
import { gcTimeFor, immutableGcMs, indexParam, missingStaleMs, resolveBlockRef, staleTimeFor, type BlockRef } from './cachePolicy.ts'
import { queryKeys } from './keys.ts'
import { receiptFromBlockReceipts, seedTransaction } from './seed.ts'

/**
 * Query options for transactions and receipts. Addressed by hash they are immutable once mined (a reorg
 * that moves one is invalidated where it is seen, in head.ts); a pending transaction, or a receipt not
 * there yet, is asked for again after a moment.
 */

const hashPattern = /^0x[0-9a-fA-F]{64}$/

function checkHash(hash: Hash): Hash {
  if (!hashPattern.test(hash)) throw new TypeError(`${JSON.stringify(hash)} is not a 32-byte transaction hash`)
  return hash
}

/** Immutable once mined; pending or unknown: soon asked again. */
function transactionStaleTime(query: { state: { data: unknown } }): number {
  const transaction = query.state.data as Transaction | null | undefined
  return transaction && transaction.blockHash !== null ? Infinity : missingStaleMs
}

/** The transaction (eth_getTransactionByHash): pending ones have null block fields; null when the node knows none. */
export function transactionQuery(network: Network, hash: Hash) {
  checkHash(hash)
  return queryOptions({
    queryKey: queryKeys.transaction(network, hash),
    queryFn: async ({ signal, client }): Promise<Transaction | null> => {
      const transaction = await getTransactionByHash(clientsFor(network).http, hash, { signal })
      if (transaction) seedTransaction(client, network, transaction)
      return transaction
    },
    staleTime: transactionStaleTime,
    gcTime: immutableGcMs,
  })
}

/** The transaction at `index` of a block given by number, tag or hash (eth_getTransactionBy…AndIndex). */
export function transactionByIndexQuery(network: Network, blockId: BlockRef, index: bigint | number | Hex) {
  const ref = resolveBlockRef(blockId)
  const position = indexParam(index)
  return queryOptions({
    queryKey: queryKeys.transactionByIndex(network, ref, position),
    queryFn: async ({ signal, client }): Promise<Transaction | null> => {
      const http = clientsFor(network).http
      const transaction =
        ref.kind === 'hash'
          ? await getTransactionByBlockHashAndIndex(http, ref.hash, position, { signal })
          : await getTransactionByBlockNumberAndIndex(http, ref.param, position, { signal })
      if (transaction) seedTransaction(client, network, transaction)
      return transaction
    },
    staleTime: staleTimeFor(network, ref),
    gcTime: gcTimeFor(ref),
  })
}

/** The receipt (eth_getTransactionReceipt); null while the transaction is pending or unknown. */
export function receiptQuery(network: Network, hash: Hash) {
  checkHash(hash)
  return queryOptions({
    queryKey: queryKeys.receipt(network, hash),
    queryFn: ({ signal, client }): Promise<Receipt | null> => {
      const known = receiptFromBlockReceipts(client, network, hash)
      return known ? Promise.resolve(known) : getTransactionReceipt(clientsFor(network).http, hash, { signal })
    },
    staleTime: (query) => (query.state.data ? Infinity : missingStaleMs),
    gcTime: immutableGcMs,
  })
}

export function prefetchTransaction(client: QueryClient, network: Network, hash: Hash): Promise<void> {
  return client.prefetchQuery(transactionQuery(network, hash))
}

export function prefetchReceipt(client: QueryClient, network: Network, hash: Hash): Promise<void> {
  return client.prefetchQuery(receiptQuery(network, hash))
}

/** A transaction page's data: the transaction and its receipt in the same tick, so one HTTP round trip. */
export async function prefetchTransactionPage(client: QueryClient, network: Network, hash: Hash): Promise<void> {
  await Promise.all([prefetchTransaction(client, network, hash), prefetchReceipt(client, network, hash)])
}

/**
 * The blockTimestamp some nodes (anvil, newer geth) add to transactions and receipts, from either; null
 * without. Where it is, a transaction's page needs no read of its block (its time is all it reads there).
 */
export function carriedBlockTimestamp(transaction: unknown, receipt: unknown): Hex | null {
  for (const source of [transaction, receipt]) {
    const extra = (source as { blockTimestamp?: unknown } | null | undefined)?.blockTimestamp
    if (typeof extra === 'string' && /^0x[0-9a-fA-F]+$/.test(extra)) return extra as Hex
  }
  return null
}
