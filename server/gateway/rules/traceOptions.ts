import { ErrorCode, RpcFailure } from '../jsonrpc.ts'

/**
 * Read-only tracing, bounded. The node runs a tracer inside its EVM: a JavaScript tracer is code a client
 * would run on the node, and an unknown tracer may be anything a node adds, so only the two built-in tracers an
 * explorer needs pass (callTracer: the call tree; prestateTracer: the state touched, or changed in diff mode),
 * plus the default opcode logger, whose answer grows with every step and is therefore capped in size.
 */
export const traceMethods = ['debug_traceTransaction', 'debug_traceCall', 'debug_traceBlockByNumber', 'debug_traceBlockByHash'] as const

export const allowedTracers = ['callTracer', 'prestateTracer'] as const

export type TraceMethod = (typeof traceMethods)[number]

/** Where a trace method's options object sits: after the call and its block for debug_traceCall, else after the subject. */
function optionsIndex(method: TraceMethod): number {
  return method === 'debug_traceCall' ? 2 : 1
}

/** What a trace call asks for: one of the allowed tracers, or the opcode logger (no tracer named). */
export type TraceKind = { tracer: (typeof allowedTracers)[number] | null }

/** The tracer a trace call names, checked: -32602 for any other tracer (a JavaScript one above all) or malformed options. */
export function checkTraceOptions(method: TraceMethod, params: unknown[]): TraceKind {
  const options = params[optionsIndex(method)]
  if (options === undefined || options === null) return { tracer: null }
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new RpcFailure(ErrorCode.invalidParams, `${method}: the trace options must be an object`)
  }
  const tracer = (options as Record<string, unknown>).tracer
  if (tracer === undefined || tracer === null || tracer === '') return { tracer: null }
  if (typeof tracer === 'string' && (allowedTracers as readonly string[]).includes(tracer)) return { tracer: tracer as (typeof allowedTracers)[number] }
  const named = typeof tracer === 'string' && tracer.length <= 40 && /^\w+$/.test(tracer) ? `the tracer ${tracer}` : 'a JavaScript or unnamed tracer'
  throw new RpcFailure(ErrorCode.invalidParams, `${method}: ${named} is not offered; use callTracer or prestateTracer, or no tracer for the opcode log`)
}

/** -32005 for a trace that took longer than the gateway lets one run. */
export function traceTimedOut(method: string, timeoutMs: number): RpcFailure {
  return new RpcFailure(ErrorCode.limitExceeded, `${method}: the trace took longer than ${timeoutMs} ms; trace less at once (one transaction, or callTracer with onlyTopCall)`)
}

/** -32005 for an opcode log larger than the gateway sends. */
export function opcodeTraceTooLarge(method: string, bytes: number, limitBytes: number): RpcFailure {
  return new RpcFailure(
    ErrorCode.limitExceeded,
    `${method}: the opcode log is ${bytes} bytes, more than the ${limitBytes} this service sends; use callTracer or prestateTracer, or disable memory, stack and storage`,
    { limit_bytes: limitBytes },
  )
}
