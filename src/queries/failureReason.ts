import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { isRevertError, replayOf, revertPayload, type FailureReason, type ReplayOutcome, type ReplaySource } from '../evm/failure.ts'
import { clientsFor } from '../networks/clients.ts'
import { historyMethodsQuery, type HistoryMethods } from '../networks/otterscan.ts'
import { RpcError } from '../rpc/errors.ts'
import { call } from '../rpc/methods.ts'
import { getTransactionError } from '../rpc/otterscan.ts'
import type { CallOptions } from '../rpc/transport.ts'
import { immutableGcMs } from './cachePolicy.ts'
import { queryKeys } from './keys.ts'

async function replay(network: Network, transaction: ReplaySource | null, otsRefused: string | null, options: CallOptions): Promise<FailureReason> {
  if (!transaction) return { via: 'none', why: 'the transaction itself could not be read, so there is nothing to replay', otsRefused }
  const plan = replayOf(transaction)
  if (!plan) return { via: 'none', why: 'the transaction has no parent block to replay it on', otsRefused }
  try {
    const result = await call(clientsFor(network).http, plan.request, plan.block, options)
    return { via: 'replay', replay: plan, outcome: { kind: 'succeeded', result }, otsRefused }
  } catch (error) {
    // Transport failures are the query's error (worth a retry); a JSON-RPC error is the node's answer.
    if (!(error instanceof RpcError)) throw error
    const reverted = isRevertError(error)
    const outcome: ReplayOutcome = reverted
      ? { kind: 'reverted', message: error.message, code: error.code, data: revertPayload(error.data) }
      : { kind: 'refused', message: error.message, code: error.code }
    return { via: 'replay', replay: plan, outcome, otsRefused }
  }
}

/**
 * Why a mined, failed transaction failed. With `via: 'ots'` (the network answered ots_getApiLevel) the
 * node's own record of the revert payload; when the node refuses that, or with `via: 'replay'`, the
 * transaction replayed as eth_call on its parent block, which the page labels as a replay. Both are
 * fixed once the transaction is mined: cached for good. The node's record needs only the hash; a replay
 * needs the transaction (null when it could not be read).
 */
export function failureReasonQuery(network: Network, hash: Hash, transaction: ReplaySource | null, via: 'ots' | 'replay') {
  return queryOptions({
    queryKey: queryKeys.failureReason(network, hash, via),
    queryFn: async ({ signal }): Promise<FailureReason> => {
      if (via === 'replay') return replay(network, transaction, null, { signal })
      try {
        return { via: 'ots', data: await getTransactionError(clientsFor(network).http, hash, { signal }) }
      } catch (error) {
        if (!(error instanceof RpcError)) throw error
        return replay(network, transaction, `${error.method}: ${error.message}`, { signal })
      }
    },
    staleTime: Infinity,
    gcTime: immutableGcMs,
  })
}

/**
 * A failed transaction's reason, started with its page's data (App.tsx's transaction handle), from where the
 * page reads it (FailurePanel): the node's record where it offers ots_, a replay where it does not or could not
 * be asked. So the page the server renders has the panel whole, not a three-line placeholder that a 330 px
 * panel pushes the page down from when the browser reads it.
 */
export async function prefetchFailureReason(client: QueryClient, network: Network, hash: Hash, transaction: ReplaySource | null): Promise<void> {
  const history = await client.fetchQuery(historyMethodsQuery(network)).catch(() => null)
  await client.prefetchQuery(failureReasonQuery(network, hash, transaction, failureSource(history)))
}

/** Where a failed transaction's reason is read: the node's record where it offers ots_, else (not offered, or the node could not be asked: null) a replay. */
export function failureSource(history: HistoryMethods | null): 'ots' | 'replay' {
  return history?.offered ? 'ots' : 'replay'
}
