import { isHex, type Hex } from 'viem'
import { decodeRevert } from '../../../contract/revert.ts'
import { ErrorCode, RpcFailure } from '../jsonrpc.ts'

/**
 * The reason a revert payload decodes to: Error(string) gives its text, Panic(uint256) what the code means (the
 * page's own decoder, so the node's message and the page agree); a custom error or raw bytes give none.
 */
export function decodeRevertReason(data: Hex): string | null {
  const decoded = decodeRevert(data)
  return decoded.kind === 'error' ? decoded.reason : decoded.kind === 'panic' ? decoded.meaning : null
}

/** Looks for the raw revert payload where nodes put it: `data` as hex, or `data.data`. */
function revertPayload(data: unknown): Hex | null {
  if (typeof data === 'string' && isHex(data)) return data
  if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
    const inner = (data as { data: string }).data
    if (isHex(inner)) return inner
  }
  return null
}

/**
 * Rewrites a node's revert error into the spec's form: code 3, message `execution reverted: <reason>`
 * (plain `execution reverted` when the payload carries no decodable reason), data = the raw payload.
 * Any other error passes unchanged.
 */
export function normalizeRevert(failure: RpcFailure): RpcFailure {
  const looksLikeRevert = failure.code === ErrorCode.executionReverted || /^execution reverted/i.test(failure.message)
  if (!looksLikeRevert) return failure
  const payload = revertPayload(failure.data) ?? '0x'
  const reason = decodeRevertReason(payload)
  return new RpcFailure(
    ErrorCode.executionReverted,
    reason === null ? 'execution reverted' : `execution reverted: ${reason}`,
    payload,
  )
}
