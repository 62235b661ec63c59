import { adviceFor } from './rangeHint.ts'
import { ScanError } from './scanLogs.ts'
import { RpcError } from '../rpc/errors.ts'
import { BlockLimitError, EmptyRangeError } from './logSearch.ts'

/** What a failed log search means to the user, in words: the logs tool's own failures (not the node's in general). */

export type LogErrorExplanation = { kind: string; title: string; detail: string; hint: string }

const remedy = 'The spec’s remedy for -32005: narrow the filter — add a contract address, or a topic — so one block’s answer fits under the 10,000-result limit.'

function providerWords(cause: unknown): string {
  if (cause instanceof RpcError) return `${cause.message} (code ${cause.code})`
  if (cause && typeof cause === 'object' && 'message' in cause) {
    const code = (cause as { code?: unknown }).code
    return `${String((cause as { message: unknown }).message)}${typeof code === 'number' ? ` (code ${code})` : ''}`
  }
  return String(cause)
}

/**
 * What only the logs tool knows about its failures: a block too big to split further (the provider's own
 * -32005 message is shown), a range with nothing in it. Null: an ordinary failure, for the shared ErrorPanel
 * (which explains it by cause).
 */
export function explainLogError(error: unknown): LogErrorExplanation | null {
  if (error instanceof ScanError) {
    const [from, to] = error.range
    // The scanner wraps every failure in a ScanError; only a limit (too many results, too slow) on a single
    // block is this one. Anything else the node said is explained by its own cause.
    const advice = adviceFor(error.cause as { code?: number; message?: string; data?: unknown }, from)
    if (from !== to || (advice.kind !== 'too-many' && advice.kind !== 'timeout')) return null
    return {
      kind: 'log-limit',
      title: `Block ${from.toLocaleString('en-US')} alone holds more logs than the provider returns`,
      detail: `eth_getLogs for block ${from}: ${providerWords(error.cause)}`,
      hint: `The range was split down to this single block and the node still refused it; a block cannot be split further. ${remedy}`,
    }
  }
  if (error instanceof BlockLimitError) {
    return { kind: 'log-limit', title: 'This block holds more logs than the provider returns', detail: `eth_getLogs by blockHash: ${providerWords(error.cause)}`, hint: `A blockHash query is one block: it cannot be split. ${remedy}` }
  }
  if (error instanceof EmptyRangeError) {
    return { kind: 'empty-range', title: 'Nothing to search', detail: error.message, hint: error.hint }
  }
  return null
}
