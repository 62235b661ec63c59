import { ConfigError } from '../../contract/runtimeConfig.ts'
import { ErrorCode } from '../../contract/jsonrpc.ts'
import { HttpError, MalformedResponseError, NetworkError, RpcError, isNotRecorded, SocketClosedError, TimeoutError, TransportError } from '../rpc/errors.ts'

/**
 * What went wrong, in words for the page: a title, the specifics, and what to do about it. `revert`: the
 * raw revert payload of a reverted call, which ErrorPanel decodes into the title. Decoding needs viem's ABI
 * code, which this module, in the code every first render loads, does not carry.
 */
export type Explanation = { title: string; detail: string; hint: string; revert?: `0x${string}` }

const hexData = /^0x[0-9a-fA-F]*$/

/** The cause, as a word for tests and styling: rpc (the node answered with an error), http, unreachable, timeout, malformed, … */
export function errorKind(error: unknown): string {
  if (isNotRecorded(error)) return 'not-recorded'
  if (error instanceof RpcError) return 'rpc'
  if (error instanceof TransportError) return error.kind
  if (error instanceof ConfigError) return 'config'
  return 'unknown'
}

/** One place turns each error type into words, so every panel says the same thing for the same cause. */
export function explainError(error: unknown): Explanation {
  if (isNotRecorded(error)) {
    return { title: 'Not in this recording', detail: error.data.detail, hint: 'This recorded sample network answers only for what was recorded; its overview lists what it holds.' }
  }
  if (error instanceof RpcError) {
    const detail = `${error.message} (code ${error.code})`
    // The spec's revert error: code 3, data = the raw revert payload (ErrorPanel decodes it into the title).
    if (error.code === ErrorCode.executionReverted && typeof error.data === 'string' && hexData.test(error.data)) {
      const revert = error.data as `0x${string}`
      return { title: `${error.method} reverted`, detail: `${detail}, data ${revert}`, hint: 'The node ran the call and the contract refused it; nothing was sent to the chain.', revert }
    }
    if (error.code === ErrorCode.methodNotFound) return { title: `This network does not offer ${error.method}`, detail, hint: 'Pick another network, or a page that does not need this method.' }
    if (error.code === ErrorCode.limitExceeded) return { title: `The node limited ${error.method}`, detail, hint: 'Ask for less at once (a smaller block range), or wait a moment and try again.' }
    return { title: `The node refused ${error.method}`, detail, hint: 'The request reached the node, which answered with this error.' }
  }
  if (error instanceof HttpError) {
    const detail = error.rpcError ? `HTTP ${error.status}: ${error.rpcError.message}` : `HTTP ${error.status}`
    if (error.status === 401 || error.status === 403) return { title: 'The project key was refused', detail, hint: 'Check the key configured for this network (CHAINGLASS_KEY for the local service).' }
    if (error.status === 429) return { title: 'Too many requests', detail, hint: 'The provider is rate-limiting this key; the app retries on its own in a moment.' }
    if (error.status >= 500) return { title: 'The service had an internal error', detail, hint: 'Try again in a moment; if it persists, check the service log.' }
    return { title: `The endpoint refused ${error.method}`, detail, hint: 'The request was not accepted by the service.' }
  }
  if (error instanceof NetworkError) {
    return { title: 'The node cannot be reached', detail: `${error.method} got no answer from the endpoint.`, hint: 'Is the service running? For the local one, start it with npm start.' }
  }
  if (error instanceof TimeoutError) {
    return { title: 'The node did not answer in time', detail: `${error.method} waited ${error.timeoutMs / 1000} s.`, hint: 'The node may be busy or far away; the app retries on its own.' }
  }
  if (error instanceof MalformedResponseError) {
    return { title: `The answer to ${error.method} is malformed`, detail: `${error.field}: ${error.detail}`, hint: 'The provider sent something the JSON-RPC spec does not allow; this is its bug, not yours.' }
  }
  if (error instanceof SocketClosedError) {
    return { title: 'The connection dropped', detail: `${error.method} was in flight when the WebSocket closed.`, hint: 'The app reconnects by itself.' }
  }
  if (error instanceof ConfigError) {
    const hint = error.reason === 'invalid'
      ? 'Fix that field in the configuration the server sends.'
      : 'Serve the app with the chainglass service (npm start, or npm run dev), which provides /config.json.'
    return { title: 'The configuration could not be loaded', detail: error.detail, hint }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { title: 'Something went wrong', detail: message, hint: 'Reload the page; if it happens again, the details above help a bug report.' }
}
