import * as v from 'valibot'
import type { Hash } from 'viem'
import { parseResult } from './methods.ts'
import { addressSchema, dataSchema, quantitySchema } from './schemas.ts'
import type { CallOptions, RpcTransport } from './transport.ts'
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
