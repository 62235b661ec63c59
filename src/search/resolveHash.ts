import type { QueryClient } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { blockQuery } from '../queries/blocks.ts'
import { transactionQuery } from '../queries/transactions.ts'

/** What a 32-byte hash turned out to name on a network. */
export type HashMatch = { kind: 'block'; hash: Hash } | { kind: 'transaction'; hash: Hash } | { kind: 'none'; hash: Hash }

/**
 * Decides from the two lookups: a block wins (it is tried first), then a transaction. A lookup that failed
 * matters only when the other found nothing — then the failure is the answer (thrown), since "no such hash"
 * would be a guess.
 */
export function pickHashMatch(hash: Hash, block: PromiseSettledResult<unknown>, transaction: PromiseSettledResult<unknown>): HashMatch {
  if (block.status === 'fulfilled' && block.value != null) return { kind: 'block', hash }
  if (transaction.status === 'fulfilled' && transaction.value != null) return { kind: 'transaction', hash }
  if (block.status === 'rejected') throw block.reason
  if (transaction.status === 'rejected') throw transaction.reason
  return { kind: 'none', hash }
}

/**
 * Looks a hash up as a block (eth_getBlockByHash), then as a transaction (eth_getTransactionByHash). Both
 * are asked in the same tick, so they leave as one batch (one round trip), and through the pages' own
 * query factories, so the page the search opens finds its data already cached.
 */
export async function resolveHash(client: QueryClient, network: Network, hash: Hash): Promise<HashMatch> {
  const [block, transaction] = await Promise.allSettled([client.fetchQuery(blockQuery(network, hash)), client.fetchQuery(transactionQuery(network, hash))])
  return pickHashMatch(hash, block, transaction)
}
