import { ErrorCode, RpcFailure } from '../jsonrpc.ts'

/**
 * The largest page ots_searchTransactionsBefore/After may ask for. A node walks blocks until it has that many
 * transactions of the address (or reaches the chain's end), holding its lock: a page of a million on a long
 * chain would keep the node busy for everyone. Otterscan asks for 25; an explorer has no use for more than 100.
 */
export const maxHistoryPageSize = 100

/** Params [address, blockNumber, pageSize]: a page size of 1 to 100, else -32602 naming the limit. */
export function checkHistoryPageSize(method: string, params: unknown[]): void {
  const pageSize = params[2]
  if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxHistoryPageSize) {
    throw new RpcFailure(ErrorCode.invalidParams, `${method}: pageSize must be a whole number from 1 to ${maxHistoryPageSize}`)
  }
}
