import { parseResult } from './methods.ts'
import { l2aRawTransactionsSchema, l2bPendingTransactionsSchema, type L2aRawTransaction, type L2bPendingTransaction } from './l2Schemas.ts'
import type { CallOptions, RpcTransport } from './transport.ts'

/**
 * The spec's two network-specific methods, called by exactly these names. Beside methods.ts rather than in
 * it, so the layer-2 shapes stay in one place (l2Schemas.ts).
 */

/** The raw transactions of a block. The block number is a JSON integer here, not hex (spec: "integer, required"). */
export async function getRawBlockTransactions(rpc: RpcTransport, block: number, options?: CallOptions): Promise<L2aRawTransaction[]> {
  if (!Number.isSafeInteger(block) || block < 0) throw new RangeError(`${block} is not a block number`)
  return parseResult('l2a_getRawBlockTransactions', l2aRawTransactionsSchema, await rpc.request('l2a_getRawBlockTransactions', [block], options))
}

/** The network's pending transactions; the params are an empty array. */
export async function pendingTransactions(rpc: RpcTransport, options?: CallOptions): Promise<L2bPendingTransaction[]> {
  return parseResult('l2b_pendingTransactions', l2bPendingTransactionsSchema, await rpc.request('l2b_pendingTransactions', [], options))
}
