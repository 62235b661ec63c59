import { ErrorCode, RpcFailure } from '../jsonrpc.ts'

/**
 * eth_getBlockReceipts takes a decimal integer block number as well as hex and tags (spec: Block tag),
 * and `pending` answers as `latest`. The node speaks hex only, so decimals are rewritten here.
 */
export function prepareBlockReceiptsParams(params: unknown[]): [unknown] {
  if (params.length !== 1) {
    throw new RpcFailure(ErrorCode.invalidParams, `eth_getBlockReceipts takes one block parameter, got ${params.length}`)
  }
  const block = params[0]
  if (typeof block === 'number') {
    if (!Number.isSafeInteger(block) || block < 0) {
      throw new RpcFailure(ErrorCode.invalidParams, `eth_getBlockReceipts: ${block} is not a block number`)
    }
    return ['0x' + block.toString(16)]
  }
  if (typeof block === 'string') {
    if (/^\d+$/.test(block)) return ['0x' + BigInt(block).toString(16)]
    if (block === 'pending') return ['latest']
  }
  return [block]
}
