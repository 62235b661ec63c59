import { decodeErrorResult, isHex, type Hex } from 'viem'
import { panicMeanings } from '../../../src/evm/revert.ts'
import { ErrorCode, RpcFailure } from '../jsonrpc.ts'

/** The reason a revert payload decodes to: Error(string) gives its text, Panic(uint256) what the code means. */
export function decodeRevertReason(data: Hex): string | null {
  if (data.length < 10) return null
  try {
    const decoded = decodeErrorResult({ abi: [], data })
    if (decoded.errorName === 'Error') return String(decoded.args?.[0] ?? '')
    if (decoded.errorName === 'Panic') {
      const code = Number(decoded.args?.[0] ?? -1)
      // The Panic(uint256) wording is the page's own (src/evm/revert.ts), so the node's message and the page agree.
      return panicMeanings[code] ?? `unknown panic code: 0x${code.toString(16)}`
    }
  } catch {
    // a custom error or raw bytes: no reason the node could know
  }
  return null
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
