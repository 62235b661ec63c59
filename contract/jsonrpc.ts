/**
 * The JSON-RPC 2.0 shapes and error codes both sides speak: the service answers with these codes
 * (server/gateway/) and the app reads them to say what happened (src/rpc/, src/ui/explainError.ts).
 */

/** The `error` member of a reply. */
export type JsonRpcErrorObject = { code: number; message: string; data?: unknown }

/** A call; the app numbers its ids, the service echoes whatever id it was sent. */
export type JsonRpcRequest<Id = number> = { jsonrpc: '2.0'; id: Id; method: string; params: readonly unknown[] }

/** An answer to one call. */
export type JsonRpcReply<Id = number> = { jsonrpc: '2.0'; id: Id; result: unknown } | { jsonrpc: '2.0'; id: Id; error: JsonRpcErrorObject }

export const ErrorCode = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  /** The spec's code for eth_getLogs limits; also used (as providers do) for the rate limit. */
  limitExceeded: -32005,
  /** The spec's code for an EVM REVERT in eth_call / eth_estimateGas. */
  executionReverted: 3,
  unauthorized: -32001,
} as const
