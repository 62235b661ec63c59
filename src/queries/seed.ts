import { notifyManager, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { Hash, Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { isMined, type Block, type BlockWithTransactions, type Receipt, type Transaction } from '../rpc/schemas.ts'
import { indexParam, noteHead, resolveBlockRef, type ResolvedBlockRef } from './cachePolicy.ts'
import { queryKeys } from './keys.ts'

/**
 * What one answer also tells about other queries, written into the cache so the same data is never fetched
 * twice: a block by number is the block by hash too, a block's full transactions are those transactions,
 * a block's receipts are each transaction's receipt.
 *
 * Data addressed by hash is written always (it cannot differ). Data addressed by number is written only
 * when the answer was addressed by number or tag too (so it is the canonical block), or when nothing is
 * cached there yet.
 */

function write(client: QueryClient, key: QueryKey, data: unknown, onlyIfEmpty: boolean): void {
  if (onlyIfEmpty && client.getQueryData(key) !== undefined) return
  client.setQueryData(key, data)
}

/**
 * The references a mined block is known by besides the one it was fetched with. The `pending` block is
 * known by none: some nodes (anvil) give it a number and a hash, but it is not that block yet.
 */
function otherRefs(block: { number: Hex | null; hash: Hash | null }, fetchedBy: ResolvedBlockRef): Array<{ ref: ResolvedBlockRef; canonical: boolean }> {
  if (!isMined(block) || (fetchedBy.kind === 'tag' && fetchedBy.tag === 'pending')) return []
  const byHash = resolveBlockRef(block.hash)
  const byNumber = resolveBlockRef(BigInt(block.number))
  const canonical = fetchedBy.kind !== 'hash'
  return [
    ...(fetchedBy.kind === 'hash' ? [] : [{ ref: byHash, canonical: true }]),
    ...(fetchedBy.kind === 'number' ? [] : [{ ref: byNumber, canonical }]),
  ]
}

export function seedBlock(client: QueryClient, network: Network, block: Block, fetchedBy: ResolvedBlockRef): void {
  if (block.number !== null && !(fetchedBy.kind === 'tag' && fetchedBy.tag === 'pending')) noteHead(network, block.number)
  for (const { ref, canonical } of otherRefs(block, fetchedBy)) write(client, queryKeys.block(network, ref), block, !canonical)
}

export function seedTransaction(client: QueryClient, network: Network, transaction: Transaction): void {
  write(client, queryKeys.transaction(network, transaction.hash), transaction, false)
  if (transaction.blockHash !== null && transaction.transactionIndex !== null) {
    write(client, queryKeys.transactionByIndex(network, resolveBlockRef(transaction.blockHash), indexParam(transaction.transactionIndex)), transaction, false)
  }
}

/** A block with full transactions is also the block with hashes, and each of its transactions. */
export function seedBlockWithTransactions(client: QueryClient, network: Network, block: BlockWithTransactions, fetchedBy: ResolvedBlockRef): void {
  notifyManager.batch(() => {
    const withHashes: Block = { ...block, transactions: block.transactions.map((transaction) => transaction.hash) }
    write(client, queryKeys.block(network, fetchedBy), withHashes, false)
    // The pending block's transactions are not in a block yet, whatever a node writes in their block fields.
    if (fetchedBy.kind === 'tag' && fetchedBy.tag === 'pending') return
    seedBlock(client, network, withHashes, fetchedBy)
    const numberRef = block.number !== null && fetchedBy.kind !== 'hash' ? resolveBlockRef(BigInt(block.number)) : null
    for (const transaction of block.transactions) {
      seedTransaction(client, network, transaction)
      if (numberRef && transaction.transactionIndex !== null) {
        write(client, queryKeys.transactionByIndex(network, numberRef, indexParam(transaction.transactionIndex)), transaction, false)
      }
    }
    for (const { ref, canonical } of otherRefs(block, fetchedBy)) write(client, queryKeys.blockWithTransactions(network, ref), block, !canonical)
  })
}

/**
 * A block's receipts are the receipts of that block by its other name. They are each transaction's receipt
 * too, but that is found when a receipt is asked for (receiptFromBlockReceipts), not copied here: a cache entry
 * per receipt made a 1,000-transaction block page's first render markedly slower (docs/benchmarks.md).
 */
export function seedBlockReceipts(client: QueryClient, network: Network, receipts: Receipt[], fetchedBy: ResolvedBlockRef): void {
  notifyManager.batch(() => {
    const first = receipts[0]
    if (!first) return
    noteHead(network, first.blockNumber)
    for (const { ref, canonical } of otherRefs({ number: first.blockNumber, hash: first.blockHash }, fetchedBy)) {
      write(client, queryKeys.blockReceipts(network, ref), receipts, !canonical)
    }
  })
}

/**
 * The receipt of transaction `hash` if a block's receipts in the cache hold it (and were not marked stale by a
 * reorg): a transaction opened from a block page needs no request of its own.
 */
export function receiptFromBlockReceipts(client: QueryClient, network: Network, hash: Hash): Receipt | undefined {
  const wanted = hash.toLowerCase()
  for (const query of client.getQueryCache().findAll({ queryKey: [network.name, 'blockReceipts'] })) {
    if (query.state.isInvalidated) continue
    const found = (query.state.data as Receipt[] | null | undefined)?.find((receipt) => receipt.transactionHash.toLowerCase() === wanted)
    if (found) return found
  }
  return undefined
}
