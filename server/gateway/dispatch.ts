import type { ServiceConfig } from '../config.ts'
import { isAllowedMethod, isSampleMethod, subscriptionKinds } from './allowlist.ts'
import {
  ErrorCode,
  RawResult,
  RpcFailure,
  capMessage,
  errorReply,
  isValidId,
  resultReply,
  type JsonRpcId,
  type GatewayReply,
  type IncomingCall,
} from './jsonrpc.ts'
import { prepareBlockReceiptsParams } from './rules/blockReceiptsParam.ts'
import { callHasGas, capCallGas } from './rules/callGasCap.ts'
import { checkHistoryPageSize } from './rules/historyPageSize.ts'
import { checkLogsResult, prepareLogsFilter, queryTimeoutMessage } from './rules/logsFilter.ts'
import { normalizeRevert } from './rules/revert.ts'
import { checkTraceOptions, opcodeTraceTooLarge, traceTimedOut, type TraceMethod } from './rules/traceOptions.ts'
import { UpstreamUnavailable, type NodeClient } from './upstream.ts'

/** What a WebSocket connection offers the dispatcher: subscriptions belong to the socket they came in on. */
export type SubscriptionSession = {
  subscribe(params: unknown[]): Promise<string>
  unsubscribe(id: string): Promise<boolean>
}

export type DispatchContext = { transport: 'http' } | { transport: 'ws'; session: SubscriptionSession }

/** What differs between the networks one gateway serves. */
export type NetworkRules = {
  /** Hex: some chain ids (Starknet's "SN_MAIN") do not fit a JS number. */
  chainId: string
  /** The layer-2 methods are answered only where the network offers them. */
  offersL2a: boolean
  offersL2b: boolean
  /** The spec's gas cap needs the node's head block; a recorded sample has none to read. */
  capCallGas: boolean
  /** A recorded sample network: it also answers chainglass_sampleContents, which no other network offers. */
  recordedSample: boolean
}

export const devnetRules: NetworkRules = { chainId: '0x7a69', offersL2a: false, offersL2b: false, capCallGas: true, recordedSample: false }

export type DispatchOptions = {
  config: ServiceConfig
  network?: NetworkRules
  node: NodeClient
  /** The partner provider for eth_estimateGas failover, when one is configured. */
  partner: NodeClient | null
  /** Logs what went wrong inside the gateway; never sent to clients. */
  onInternalError?: (error: unknown) => void
}

type Validated = { request: IncomingCall; notification: boolean } | { reply: GatewayReply }

/** Turns JSON-RPC bodies (single or batch) into replies. Transport-free: HTTP and WebSocket share it. */
export class Dispatcher {
  readonly #options: DispatchOptions
  #gasLimit: { value: bigint; at: number } | null = null

  constructor(options: DispatchOptions) {
    this.#options = options
  }

  get #network(): NetworkRules {
    return this.#options.network ?? devnetRules
  }

  /** How many calls a body holds, for the rate limit: a batch costs one per element. */
  static callCount(payload: unknown): number {
    return Array.isArray(payload) ? Math.max(1, payload.length) : 1
  }

  /** Replies for a parsed body; null when nothing is to be sent (only notifications). */
  async handlePayload(payload: unknown, context: DispatchContext): Promise<GatewayReply | GatewayReply[] | null> {
    if (!Array.isArray(payload)) return this.handleOne(payload, context)
    const { maxBatch } = this.#options.config
    if (payload.length === 0) {
      return errorReply(null, { code: ErrorCode.invalidRequest, message: 'empty batch' })
    }
    if (payload.length > maxBatch) {
      return errorReply(null, {
        code: ErrorCode.invalidRequest,
        message: `batch of ${payload.length} calls is larger than the maximum of ${maxBatch}`,
      })
    }
    const replies = await Promise.all(payload.map((item) => this.handleOne(item, context)))
    const sent = replies.filter((reply): reply is GatewayReply => reply !== null)
    return sent.length > 0 ? sent : null
  }

  async handleOne(item: unknown, context: DispatchContext): Promise<GatewayReply | null> {
    const validated = validateRequest(item)
    if ('reply' in validated) return validated.reply
    const { request, notification } = validated
    const id: JsonRpcId = request.id ?? null
    try {
      const result = await this.#execute(request, context)
      return notification ? null : resultReply(id, result)
    } catch (error) {
      return notification ? null : errorReply(id, capMessage(this.#toFailure(error)))
    }
  }

  #toFailure(error: unknown): RpcFailure {
    if (error instanceof RpcFailure) return error
    if (error instanceof UpstreamUnavailable) {
      return new RpcFailure(ErrorCode.internal, `node unavailable: ${error.message}`)
    }
    this.#options.onInternalError?.(error)
    return new RpcFailure(ErrorCode.internal, 'internal error')
  }

  async #execute(request: IncomingCall, context: DispatchContext): Promise<unknown> {
    const { method, params } = request
    const { config, node } = this.#options
    if (!isAllowedMethod(method) && !(this.#network.recordedSample && isSampleMethod(method))) {
      throw new RpcFailure(ErrorCode.methodNotFound, `the method ${method} does not exist/is not available`)
    }
    switch (method) {
      case 'eth_subscribe': {
        if (context.transport !== 'ws') {
          throw new RpcFailure(ErrorCode.methodNotFound, 'notifications not supported: eth_subscribe needs the WebSocket endpoint')
        }
        const kind = params[0]
        if (typeof kind !== 'string' || !(subscriptionKinds as readonly string[]).includes(kind)) {
          throw new RpcFailure(ErrorCode.invalidParams, `eth_subscribe: subscription must be one of ${subscriptionKinds.join(', ')}`)
        }
        if (kind === 'logs' && params[1] !== undefined) prepareLogsFilter([params[1]], config.logsMaxParams)
        return context.session.subscribe(params)
      }
      case 'eth_unsubscribe': {
        if (context.transport !== 'ws') {
          throw new RpcFailure(ErrorCode.methodNotFound, 'notifications not supported: eth_unsubscribe needs the WebSocket endpoint')
        }
        if (typeof params[0] !== 'string') throw new RpcFailure(ErrorCode.invalidParams, 'eth_unsubscribe: expected a subscription id')
        return context.session.unsubscribe(params[0])
      }
      case 'eth_getLogs': {
        const filter = prepareLogsFilter(params, config.logsMaxParams)
        let result: unknown
        try {
          // Raw where the node client can: the answer is counted in its bytes and passed on unparsed.
          result = await this.#passOn(node, method, filter, config.logsTimeoutMs)
        } catch (error) {
          if (error instanceof UpstreamUnavailable && error.reason === 'timeout') {
            throw new RpcFailure(ErrorCode.limitExceeded, queryTimeoutMessage)
          }
          throw error
        }
        return checkLogsResult(result, config.logsMaxResults)
      }
      case 'eth_getBlockReceipts':
        return this.#passOn(node, method, prepareBlockReceiptsParams(params))
      case 'ots_searchTransactionsBefore':
      case 'ots_searchTransactionsAfter':
        checkHistoryPageSize(method, params)
        return this.#passOn(node, method, params)
      case 'eth_call':
        return this.#callWithRevert(node, method, await this.#withGasCap(params))
      case 'debug_traceTransaction':
      case 'debug_traceCall':
      case 'debug_traceBlockByNumber':
      case 'debug_traceBlockByHash':
        return this.#trace(method, params)
      case 'eth_simulateV1':
        return this.#heavy(method, params)
      case 'eth_estimateGas':
        return this.#estimateGas(params)
      case 'l2a_getRawBlockTransactions':
      case 'l2b_pendingTransactions': {
        const { offersL2a, offersL2b, chainId } = this.#network
        if (method === 'l2a_getRawBlockTransactions' ? !offersL2a : !offersL2b) {
          throw new RpcFailure(ErrorCode.methodNotFound, `the method ${method} is not offered on this network (chain ${chainId})`)
        }
        return this.#passOn(node, method, params)
      }
      default:
        return this.#passOn(node, method, params)
    }
  }

  /**
   * A call whose result goes to the client as the node gave it: as raw JSON bytes where the node client can.
   * `timeoutMs`: a deadline of its own (the call then goes alone).
   */
  #passOn(upstream: NodeClient, method: string, params: unknown[], timeoutMs?: number): Promise<unknown> {
    if (upstream.callRaw) return upstream.callRaw(method, params, timeoutMs)
    return timeoutMs === undefined ? upstream.call(method, params) : upstream.callAlone(method, params, timeoutMs)
  }

  /**
   * A trace: only the allowed tracers (rules/traceOptions.ts), a debug_traceCall's gas capped as eth_call's is,
   * within the trace deadline; an opcode log no larger than the cap. At the node it takes a client's turn
   * as any call does (fairShare.ts), so one client's traces never hold the node for another.
   */
  async #trace(method: TraceMethod, params: unknown[]): Promise<unknown> {
    const { tracer } = checkTraceOptions(method, params)
    const sent = method === 'debug_traceCall' ? await this.#withGasCap(params) : params
    const result = await this.#heavy(method, sent)
    const limit = this.#options.config.maxOpcodeTraceBytes
    if (tracer === null) {
      const bytes = result instanceof RawResult ? result.bytes.length : (JSON.stringify(result)?.length ?? 0)
      if (bytes > limit) throw opcodeTraceTooLarge(method, bytes, limit)
    }
    return result
  }

  /** A call that can keep the node busy (a trace, a simulation): within the trace deadline, else -32005. */
  async #heavy(method: string, params: unknown[]): Promise<unknown> {
    const { node, config } = this.#options
    try {
      return await this.#passOn(node, method, params, config.traceTimeoutMs)
    } catch (error) {
      if (error instanceof UpstreamUnavailable && error.reason === 'timeout') throw traceTimedOut(method, config.traceTimeoutMs)
      throw error
    }
  }

  async #estimateGas(params: unknown[]): Promise<unknown> {
    const { node, partner, config } = this.#options
    let capped = params
    try {
      capped = await this.#withGasCap(params)
      return await this.#callWithRevert(node, 'eth_estimateGas', capped)
    } catch (error) {
      // Failover (spec: "What the service does"): only eth_estimateGas, only when forwarding is enabled,
      // only when the primary cannot answer at all — a revert or bad params is an answer.
      if (error instanceof UpstreamUnavailable && config.estimateGasFailover.enabled && partner) {
        return this.#callWithRevert(partner, 'eth_estimateGas', capped)
      }
      throw error
    }
  }

  async #callWithRevert(upstream: NodeClient, method: string, params: unknown[]): Promise<unknown> {
    try {
      return await this.#passOn(upstream, method, params)
    } catch (error) {
      throw error instanceof RpcFailure ? normalizeRevert(error) : error
    }
  }

  async #withGasCap(params: unknown[]): Promise<unknown[]> {
    if (!this.#network.capCallGas || !callHasGas(params)) return params
    const cap = (await this.#blockGasLimit()) * BigInt(this.#options.config.gasCapMultiplier)
    return capCallGas(params, cap)
  }

  /** The current block gas limit, read at most once a second (it changes rarely; the cap needs no more). */
  async #blockGasLimit(): Promise<bigint> {
    const now = Date.now()
    if (this.#gasLimit && now - this.#gasLimit.at < 1000) return this.#gasLimit.value
    const block = (await this.#options.node.call('eth_getBlockByNumber', ['latest', false])) as { gasLimit?: string } | null
    if (!block?.gasLimit) throw new RpcFailure(ErrorCode.internal, 'node unavailable: no latest block to read the gas limit from')
    this.#gasLimit = { value: BigInt(block.gasLimit), at: now }
    return this.#gasLimit.value
  }
}

/** No spec method's params nest more than a few levels (a filter's topic alternatives are the deepest). */
const maxParamsDepth = 16

/** Walks without recursion: a hostile body can nest arrays thousands deep. */
function nestedDeeperThan(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (typeof value !== 'object' || value === null) continue
    if (depth > limit) return true
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1])
  }
  return false
}

/** The JSON-RPC 2.0 request object rules; the spec's params are positional, so an object is refused. */
export function validateRequest(item: unknown): Validated {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return { reply: errorReply(null, { code: ErrorCode.invalidRequest, message: 'invalid request: expected a JSON-RPC request object' }) }
  }
  const object = item as Record<string, unknown>
  const hasId = 'id' in object
  const id = hasId && isValidId(object.id) ? (object.id as JsonRpcId) : null
  if (hasId && !isValidId(object.id)) {
    return { reply: errorReply(null, { code: ErrorCode.invalidRequest, message: 'invalid request: id must be a string, a number or null' }) }
  }
  if (object.jsonrpc !== '2.0') {
    return { reply: errorReply(id, { code: ErrorCode.invalidRequest, message: 'invalid request: jsonrpc must be "2.0"' }) }
  }
  if (typeof object.method !== 'string' || object.method.length === 0) {
    return { reply: errorReply(id, { code: ErrorCode.invalidRequest, message: 'invalid request: method must be a non-empty string' }) }
  }
  if (object.method.length > 256) {
    return { reply: errorReply(id, { code: ErrorCode.methodNotFound, message: 'the method does not exist/is not available' }) }
  }
  const params = object.params ?? []
  if (!Array.isArray(params)) {
    return { reply: errorReply(id, { code: ErrorCode.invalidParams, message: 'invalid params: params must be an array (positional)' }) }
  }
  if (nestedDeeperThan(params, maxParamsDepth)) {
    return { reply: errorReply(id, { code: ErrorCode.invalidParams, message: `invalid params: nested deeper than ${maxParamsDepth} levels` }) }
  }
  return {
    request: { jsonrpc: '2.0', id, method: object.method, params },
    notification: !hasId,
  }
}
