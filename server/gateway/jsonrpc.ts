/** JSON-RPC 2.0 envelope types and the error codes the gateway answers with (codes and shapes: contract/jsonrpc.ts). */
import { ErrorCode, type JsonRpcErrorObject, type JsonRpcReply } from '../../contract/jsonrpc.ts'
import { ExactId } from './exactIds.ts'
import { ChainglassError } from '../../contract/errors.ts'

/** ExactId: a numeric id a double would change, kept as its JSON text (exactIds.ts). */
export type JsonRpcId = string | number | null | ExactId

/** A reply as the gateway writes it: the id is echoed exactly as it came. */
export type GatewayReply = JsonRpcReply<JsonRpcId>

/** A call as the gateway takes it: without an id it is a notification, answered with nothing. */
export type IncomingCall = { jsonrpc: '2.0'; id?: JsonRpcId; method: string; params: unknown[] }

export { ErrorCode }

/** An error that should reach the client as a JSON-RPC error object, never as a stack trace. */
export class RpcFailure extends ChainglassError {
  override name = 'RpcFailure'
  readonly code: number
  readonly data: unknown
  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }

  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export function errorReply(id: JsonRpcId, error: JsonRpcErrorObject | RpcFailure): GatewayReply {
  return { jsonrpc: '2.0', id, error: error instanceof RpcFailure ? error.toJSON() : error }
}

export function resultReply(id: JsonRpcId, result: unknown): GatewayReply {
  return { jsonrpc: '2.0', id, result }
}

/**
 * A node's result as the JSON bytes it came in, passed on to the client without decoding, parsing and
 * re-serialising it (a block's receipts or a full eth_getLogs answer are megabytes of JSON; a block header is
 * most of a small call's cost). Kept as bytes: a reply built as a string around a large result had to be
 * flattened, measured (Buffer.byteLength) and encoded again on the way out. Only results the gateway does not
 * look into travel this way.
 */
export class RawResult {
  readonly bytes: Buffer
  constructor(bytes: Buffer) {
    this.bytes = bytes
  }

  /** The JSON text (decodes the bytes: for checks and tests, not for the way out). */
  get json(): string {
    return this.bytes.toString('utf8')
  }
}

/** Appends one reply's text to `parts`: strings, and a RawResult's bytes as they are. */
function serializeOne(reply: GatewayReply, parts: Array<string | Buffer>): void {
  const raw = 'result' in reply && reply.result instanceof RawResult
  if (!raw && !(reply.id instanceof ExactId)) return void parts.push(JSON.stringify(reply))
  const id = reply.id instanceof ExactId ? reply.id.text : JSON.stringify(reply.id)
  if ('error' in reply) return void parts.push(`{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(reply.error)}}`)
  const result = reply.result instanceof RawResult ? reply.result.bytes : (JSON.stringify(reply.result) ?? 'null')
  parts.push(`{"jsonrpc":"2.0","id":${id},"result":`, result, '}')
}

/**
 * The text of a reply or a batch of them; what every transport sends. A string, or its UTF-8 bytes when a
 * result came as RawResult (send those as text: they are JSON).
 */
export function serializeReply(reply: GatewayReply | GatewayReply[]): string | Buffer {
  const parts: Array<string | Buffer> = []
  if (Array.isArray(reply)) {
    parts.push('[')
    reply.forEach((one, index) => {
      if (index > 0) parts.push(',')
      serializeOne(one, parts)
    })
    parts.push(']')
  } else serializeOne(reply, parts)
  if (parts.every((part) => typeof part === 'string')) return parts.join('')
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part)))
}

export function isValidId(id: unknown): id is JsonRpcId {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) || id instanceof ExactId
}

/**
 * The longest error message passed on from a node. anvil echoes a parameter it cannot read in its message, so a
 * 2 MB parameter made a 2 MB error; the gateway's own messages are all far shorter.
 */
export const maxErrorMessageChars = 1024

/** `failure` with its message cut to maxErrorMessageChars, saying that it was cut and how long it was. */
export function capMessage(failure: RpcFailure): RpcFailure {
  const { message } = failure
  if (message.length <= maxErrorMessageChars) return failure
  const cut = `${message.slice(0, maxErrorMessageChars)}… (message cut: ${message.length} characters in all)`
  return new RpcFailure(failure.code, cut, failure.data)
}
