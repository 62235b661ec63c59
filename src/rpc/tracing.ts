import * as v from 'valibot'
import type { Hash, Hex } from 'viem'
import { MalformedResponseError } from './errors.ts'
import { parseResult, type CallRequest, type StateBlock } from './methods.ts'
import { addressSchema, dataSchema, quantitySchema } from './schemas.ts'
import type { CallOptions, RpcTransport } from './transport.ts'
import { callParams, nonEmpty, simulateParams, type Overrides } from './overrides.ts'
import type { CallFrame, OtsFrame, StateDiff } from '../../contract/tracing.ts'

/**
 * The node's own tracers, read-only: debug_traceTransaction with geth's built-in callTracer (the call tree)
 * and prestateTracer in diff mode (the state the transaction changed), and Otterscan's ots_traceTransaction
 * (the call tree without gas or errors) where only that is offered. What a network offers is probed first
 * (src/networks/tracing.ts).
 */

const callFrameSchema: v.GenericSchema<CallFrame> = v.looseObject({
  type: v.string(),
  from: addressSchema,
  to: v.optional(addressSchema),
  value: v.optional(quantitySchema),
  gas: v.optional(quantitySchema),
  gasUsed: v.optional(quantitySchema),
  input: dataSchema,
  output: v.optional(dataSchema),
  error: v.optional(v.string()),
  revertReason: v.optional(v.string()),
  calls: v.optional(v.array(v.lazy(() => callFrameSchema))),
  logs: v.optional(v.array(v.looseObject({ address: addressSchema, topics: v.array(dataSchema), data: dataSchema }))),
}) as v.GenericSchema<CallFrame>

const accountStateSchema = v.looseObject({
  balance: v.optional(quantitySchema),
  nonce: v.optional(v.pipe(v.number(), v.integer())),
  code: v.optional(dataSchema),
  storage: v.optional(v.record(dataSchema, dataSchema)),
})
const stateDiffSchema = v.object({ pre: v.record(addressSchema, accountStateSchema), post: v.record(addressSchema, accountStateSchema) })

/** ots_traceTransaction: the frames in order, each with its depth. */
const otsFrameSchema: v.GenericSchema<OtsFrame> = v.looseObject({
  type: v.string(),
  depth: v.pipe(v.number(), v.integer()),
  from: addressSchema,
  to: v.nullish(addressSchema),
  value: v.nullish(quantitySchema),
  input: v.nullish(dataSchema),
  output: v.nullish(dataSchema),
}) as v.GenericSchema<OtsFrame>

export function traceCalls(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<CallFrame> {
  return rpc.request('debug_traceTransaction', [hash, { tracer: 'callTracer' }], options).then((value) => parseResult('debug_traceTransaction', callFrameSchema, value))
}

export function traceStateDiff(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<StateDiff> {
  return rpc
    .request('debug_traceTransaction', [hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }], options)
    .then((value) => parseResult('debug_traceTransaction', stateDiffSchema, value) as StateDiff)
}

export function otsTraceTransaction(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<OtsFrame[]> {
  return rpc.request('ots_traceTransaction', [hash], options).then((value) => parseResult('ots_traceTransaction', v.array(otsFrameSchema), value))
}

/** debug_traceCall's options for a tracer, with the overrides (geth's names: stateOverrides, blockOverrides). */
function traceCallOptions(tracer: object, overrides: Overrides): object {
  return { ...tracer, ...(nonEmpty(overrides.state) && { stateOverrides: overrides.state }), ...(nonEmpty(overrides.block) && { blockOverrides: overrides.block }) }
}

/** The call tree of a call that is not sent (debug_traceCall with callTracer, its logs too). */
export function traceCallTree(rpc: RpcTransport, request: CallRequest, block: StateBlock, overrides: Overrides, options?: CallOptions): Promise<CallFrame> {
  return rpc
    .request('debug_traceCall', [request, block, traceCallOptions({ tracer: 'callTracer', tracerConfig: { withLog: true } }, overrides)], options)
    .then((value) => parseResult('debug_traceCall', callFrameSchema, value))
}

/** The state a call that is not sent would change (debug_traceCall with prestateTracer in diff mode). */
export function traceCallDiff(rpc: RpcTransport, request: CallRequest, block: StateBlock, overrides: Overrides, options?: CallOptions): Promise<StateDiff> {
  return rpc
    .request('debug_traceCall', [request, block, traceCallOptions({ tracer: 'prestateTracer', tracerConfig: { diffMode: true } }, overrides)], options)
    .then((value) => parseResult('debug_traceCall', stateDiffSchema, value) as StateDiff)
}

/** eth_call with the overrides as its third and fourth params (left out when empty: a node without them still answers). */
export function callWithOverrides(rpc: RpcTransport, request: CallRequest, block: StateBlock, overrides: Overrides, options?: CallOptions): Promise<Hex> {
  return rpc.request('eth_call', callParams(request, block, overrides), options).then((value) => parseResult('eth_call', dataSchema, value))
}

const simulatedLogSchema = v.looseObject({ address: addressSchema, topics: v.array(dataSchema), data: dataSchema })
const simulatedCallSchema = v.looseObject({
  status: quantitySchema,
  returnData: dataSchema,
  gasUsed: quantitySchema,
  logs: v.array(simulatedLogSchema),
  error: v.optional(v.looseObject({ code: v.number(), message: v.string(), data: v.optional(dataSchema) })),
})
export type SimulatedCall = v.InferOutput<typeof simulatedCallSchema>

/** One call simulated with eth_simulateV1 in a block of its own, the overrides applied: its outcome and logs. */
export async function simulateCall(rpc: RpcTransport, request: CallRequest, block: StateBlock, overrides: Overrides, options?: CallOptions): Promise<SimulatedCall> {
  const answer = await rpc.request('eth_simulateV1', simulateParams(request, block, overrides), options)
  const blocks = parseResult('eth_simulateV1', v.pipe(v.array(v.looseObject({ calls: v.array(simulatedCallSchema) })), v.minLength(1)), answer)
  const call = blocks[0]!.calls[0]
  if (!call) throw new MalformedResponseError('eth_simulateV1', 'calls', 'expected the one call simulated')
  return call
}
