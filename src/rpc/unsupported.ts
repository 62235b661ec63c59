import { ErrorCode } from '../../contract/jsonrpc.ts'
import { isNotRecorded, RpcError } from './errors.ts'

/**
 * EIP-1474's "Method not supported" (-32004): what Hardhat answers for eth_getBlockReceipts. JSON-RPC 2.0's
 * -32601 "Method not found" is the other code nodes and providers use for a method they do not have.
 */
export const methodNotSupportedCode = -32004

/** Words providers use, with other codes, to say a method is not theirs to answer. */
const unsupportedWords = /\b(not supported|unsupported|does not exist|not available|not implemented|not found|unknown method)\b/i

/**
 * Whether the node said it does not have this method at all (not that this call failed): -32601 or -32004,
 * or another code whose message names the method and says it is unsupported (providers differ). A recorded
 * sample's "not in this recording" is not that: the method exists, the data was not recorded.
 */
export function isMethodUnsupported(error: unknown, method?: string): boolean {
  if (!(error instanceof RpcError) || isNotRecorded(error)) return false
  if (method !== undefined && error.method !== method) return false
  if (error.code === ErrorCode.methodNotFound || error.code === methodNotSupportedCode) return true
  // "block not found" is not about the method: the message must name it.
  return error.message.includes(error.method) && unsupportedWords.test(error.message)
}

/** Words nodes use for a block tag they do not take. */
const refusedTagWords = /\b(not supported|unsupported|invalid|unknown|not allowed|not accepted|not available|not implemented|cannot|can't)\b/i

/**
 * Whether the node refused the block tag `tag` (not that the block was missing): an error that names the tag
 * and says it is not taken. The spec's networks that do not support `safe` "say so per method".
 */
export function isTagRefused(error: unknown, tag: string): boolean {
  if (!(error instanceof RpcError) || isNotRecorded(error)) return false
  const names = new RegExp(`(^|[^a-z])${tag}([^a-z]|$)`, 'i')
  return names.test(error.message) && refusedTagWords.test(error.message)
}
