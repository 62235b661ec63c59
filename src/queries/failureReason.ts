import { queryOptions } from '@tanstack/react-query'
import { isHex, type Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { call } from '../rpc/methods.ts'
import { RpcError } from '../rpc/errors.ts'
import { getTransactionError } from '../rpc/otterscan.ts'
import type { Transaction } from '../rpc/schemas.ts'

/**
 * Why a mined transaction failed. A node with Otterscan's methods keeps the revert payload of every
 * transaction (ots_getTransactionError): that is the answer. Any other node is asked to run the same call
 * again (eth_call) on the state the transaction started from, the end of its parent block: the same from,
 * to, value, input and gas. A replay misses what the transactions before it in its own block changed, so
 * it is labelled a replay, and a replay that succeeds says so rather than invent a reason.
 */
export type FailureReason =
  | { source: 'history'; data: Hex }
  | { source: 'replay'; outcome: 'reverted'; message: string; code: number; data: Hex | null; block: Hex }
  | { source: 'replay'; outcome: 'succeeded'; block: Hex }
  | { source: 'replay'; outcome: 'refused'; message: string; code: number; block: Hex }

/** A revert's payload, as nodes put it in the error: `data`, or (some) `data.data`. */
export function revertPayload(data: unknown): Hex | null {
  if (typeof data === 'string' && isHex(data)) return data
  const inner = (data as { data?: unknown } | null)?.data
  return typeof inner === 'string' && isHex(inner) ? inner : null
}

/** A node's word for a revert: code 3 (geth, anvil, the spec), or -32000/-32015 with "revert" in the message. */
export function isRevert(error: RpcError): boolean {
  return error.code === 3 || /revert/i.test(error.message)
}

export function failureReasonQuery(network: Network, transaction: Transaction, viaHistory: boolean) {
  return queryOptions({
    queryKey: [network.name, 'failureReason', transaction.hash.toLowerCase(), viaHistory ? 'history' : 'replay'] as const,
    queryFn: async ({ signal }): Promise<FailureReason> => {
      const http = clientsFor(network).http
      if (viaHistory) return { source: 'history', data: await getTransactionError(http, transaction.hash, { signal }) }
      const parent = `0x${(BigInt(transaction.blockNumber ?? '0x1') - 1n).toString(16)}` as Hex
      const request = { from: transaction.from, to: transaction.to ?? undefined, value: transaction.value, data: transaction.input, gas: transaction.gas }
      try {
        await call(http, request, parent, { signal })
        return { source: 'replay', outcome: 'succeeded', block: parent }
      } catch (error) {
        if (!(error instanceof RpcError)) throw error
        if (isRevert(error)) return { source: 'replay', outcome: 'reverted', message: error.message, code: error.code, data: revertPayload(error.data), block: parent }
        return { source: 'replay', outcome: 'refused', message: error.message, code: error.code, block: parent }
      }
    },
    // A mined transaction's failure does not change: asked once.
    staleTime: Infinity,
  })
}
