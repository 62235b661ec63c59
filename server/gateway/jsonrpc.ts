/** JSON-RPC 2.0 envelope types and the error codes the gateway answers with. */

export type JsonRpcId = string | number | null

export type JsonRpcError = { code: number; message: string; data?: unknown }

export type JsonRpcReply =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError }

export type JsonRpcRequest = { jsonrpc: '2.0'; id?: JsonRpcId; method: string; params: unknown[] }

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

/** An error that should reach the client as a JSON-RPC error object, never as a stack trace. */
export class RpcFailure extends Error {
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  toJSON(): JsonRpcError {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export function errorReply(id: JsonRpcId, error: JsonRpcError | RpcFailure): JsonRpcReply {
  return { jsonrpc: '2.0', id, error: error instanceof RpcFailure ? error.toJSON() : error }
}

export function resultReply(id: JsonRpcId, result: unknown): JsonRpcReply {
  return { jsonrpc: '2.0', id, result }
}

/**
 * A node's result as the JSON text it came in, passed on to the client without parsing and re-serialising
 * it (a block's receipts are a megabyte of JSON; a block header is most of a small call's cost). Only results
 * the gateway does not look into travel this way.
 */
export class RawResult {
  readonly json: string
  constructor(json: string) {
    this.json = json
  }
}

function serializeOne(reply: JsonRpcReply): string {
  if ('result' in reply && reply.result instanceof RawResult) {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(reply.id)},"result":${reply.result.json}}`
  }
  return JSON.stringify(reply)
}

/** The text of a reply or a batch of them; what every transport sends. */
export function serializeReply(reply: JsonRpcReply | JsonRpcReply[]): string {
  return Array.isArray(reply) ? `[${reply.map(serializeOne).join(',')}]` : serializeOne(reply)
}

export function isValidId(id: unknown): id is JsonRpcId {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))
}
