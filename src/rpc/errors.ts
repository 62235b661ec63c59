import type { JsonRpcErrorObject } from '../../contract/jsonrpc.ts'
import { isNotRecordedData, type NotRecordedData } from '../../contract/sampleContents.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * Everything a JSON-RPC call can fail with, typed by cause so the UI can say what happened and what to do.
 * Messages never carry the endpoint URL: it holds the project key.
 */


/** The provider answered the call with a JSON-RPC error: the request arrived and was refused or failed. */
export class RpcError extends ChainglassError {
  override readonly name = 'RpcError'
  readonly code: number
  readonly data: unknown
  readonly method: string

  constructor(method: string, error: JsonRpcErrorObject) {
    super(error.message)
    this.method = method
    this.code = error.code
    this.data = error.data
  }
}

/**
 * A recorded sample network's answer that the data asked for is not in its recording: the node worked, the
 * recording is simply smaller than a chain. Told by the error's `data`, never by its wording.
 */
export function isNotRecorded(error: unknown): error is RpcError & { data: NotRecordedData } {
  return error instanceof RpcError && isNotRecordedData(error.data)
}

/** The call did not get a usable answer; subclasses say why. */
export abstract class TransportError extends ChainglassError {
  abstract readonly kind: 'http' | 'unreachable' | 'timeout' | 'malformed' | 'socket-closed'
  readonly method: string

  constructor(method: string, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.method = method
  }
}

/** The endpoint answered with an HTTP status other than 2xx (wrong key, rate limit, body too large, ...). */
export class HttpError extends TransportError {
  override readonly name = 'HttpError'
  readonly kind = 'http'
  readonly status: number
  /** The JSON-RPC error the provider put in the body, when it sent one. */
  readonly rpcError: JsonRpcErrorObject | null

  constructor(method: string, status: number, rpcError: JsonRpcErrorObject | null) {
    super(method, `${method}: the endpoint answered HTTP ${status}${rpcError ? ` (${rpcError.message})` : ''}`)
    this.status = status
    this.rpcError = rpcError
  }
}

/** No HTTP answer at all: the endpoint is down, unreachable, or refused the connection (CORS included). */
export class NetworkError extends TransportError {
  override readonly name = 'NetworkError'
  readonly kind = 'unreachable'

  constructor(method: string, cause: unknown) {
    super(method, `${method}: the endpoint could not be reached`, { cause })
  }
}

export class TimeoutError extends TransportError {
  override readonly name = 'TimeoutError'
  readonly kind = 'timeout'
  readonly timeoutMs: number

  constructor(method: string, timeoutMs: number) {
    super(method, `${method}: no answer within ${timeoutMs} ms`)
    this.timeoutMs = timeoutMs
  }
}

/** An answer arrived but is not what the method promises; `field` is the dotted path of the first bad field. */
export class MalformedResponseError extends TransportError {
  override readonly name = 'MalformedResponseError'
  readonly kind = 'malformed'
  readonly field: string
  readonly detail: string

  constructor(method: string, field: string, detail: string) {
    super(method, `${method}: malformed answer at ${field}: ${detail}`)
    this.field = field
    this.detail = detail
  }
}

/** The WebSocket closed while the call was in flight; whether the node ran it is unknown. */
export class SocketClosedError extends TransportError {
  override readonly name = 'SocketClosedError'
  readonly kind = 'socket-closed'

  constructor(method: string) {
    super(method, `${method}: the WebSocket closed before the answer arrived`)
  }
}

/** Worth trying again later: the node may answer next time. An RpcError or a malformed answer will not change. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 429 || error.status >= 500
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof SocketClosedError
}

/** The reason an AbortSignal carries, or a standard AbortError when it has none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('the call was aborted', 'AbortError')
}
