import { MalformedResponseError, RpcError } from './errors.ts'
import type { JsonRpcErrorObject, JsonRpcRequest } from '../../contract/jsonrpc.ts'

/**
 * The JSON-RPC 2.0 envelope, transport-free: how a call is written and how an answer becomes a value or an
 * error. HTTP and WebSocket share these, so both read answers by the same rules.
 */

/** The app numbers its own calls (contract/jsonrpc.ts's JsonRpcRequest defaults to a number id). */
export type RequestId = number

export type Settled = { ok: true; value: unknown } | { ok: false; error: Error }

export type CallRef = { id: RequestId; method: string }

export function encodeRequest(id: RequestId, method: string, params: readonly unknown[]): JsonRpcRequest {
  return { jsonrpc: '2.0', id, method, params }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads an `error` member; a broken one is itself a malformed answer. */
function readError(method: string, error: unknown): Settled {
  if (!isObject(error)) return { ok: false, error: new MalformedResponseError(method, 'error', 'expected an object with code and message') }
  if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
    return { ok: false, error: new MalformedResponseError(method, 'error.code', 'expected an integer') }
  }
  if (typeof error.message !== 'string') {
    return { ok: false, error: new MalformedResponseError(method, 'error.message', 'expected a string') }
  }
  const object: JsonRpcErrorObject = 'data' in error
    ? { code: error.code, message: error.message, data: error.data }
    : { code: error.code, message: error.message }
  return { ok: false, error: new RpcError(method, object) }
}

/**
 * One reply for one call. A reply whose id is null may only carry an error: providers answer that way when
 * they could not read the request at all.
 */
export function settleReply(call: CallRef, reply: unknown): Settled {
  const { method } = call
  if (!isObject(reply)) return { ok: false, error: new MalformedResponseError(method, 'body', 'expected a JSON-RPC reply object') }
  if (reply.id === null && 'error' in reply) return readError(method, reply.error)
  if (reply.id !== call.id) {
    return { ok: false, error: new MalformedResponseError(method, 'id', `expected ${call.id}, got ${JSON.stringify(reply.id)}`) }
  }
  if ('error' in reply && reply.error !== undefined && reply.error !== null) return readError(method, reply.error)
  if (!('result' in reply)) return { ok: false, error: new MalformedResponseError(method, 'result', 'the reply has neither result nor error') }
  return { ok: true, value: reply.result }
}

/**
 * The replies to a batch, in the order of `calls`. Providers may answer in any order, so replies are
 * matched by id; a call with no reply is malformed. A single error object with a null id refuses the whole
 * batch (too large, unreadable) and becomes that error for every call.
 */
export function settleBatch(calls: readonly CallRef[], body: unknown): Settled[] {
  if (isObject(body) && body.id === null && 'error' in body) return calls.map((call) => readError(call.method, body.error))
  if (!Array.isArray(body)) {
    return calls.map((call) => ({ ok: false, error: new MalformedResponseError(call.method, 'body', 'expected an array of replies to a batch') }))
  }
  const byId = new Map<unknown, unknown>()
  for (const reply of body) {
    if (isObject(reply) && !byId.has(reply.id)) byId.set(reply.id, reply)
  }
  return calls.map((call) => {
    const reply = byId.get(call.id)
    if (reply === undefined) {
      return { ok: false, error: new MalformedResponseError(call.method, 'id', `the batch answer has no reply with id ${call.id}`) }
    }
    return settleReply(call, reply)
  })
}

/** A subscription notification, or null when the message is something else. */
export function readNotification(message: unknown): { subscription: string; result: unknown } | null {
  if (!isObject(message) || message.method !== 'eth_subscription' || !isObject(message.params)) return null
  const { subscription, result } = message.params
  return typeof subscription === 'string' ? { subscription, result } : null
}

/** The id of a reply (to route it to its call), or undefined when the message has none we could have sent. */
export function replyId(message: unknown): RequestId | null | undefined {
  if (!isObject(message)) return undefined
  if (message.id === null) return null
  return typeof message.id === 'number' ? message.id : undefined
}
