import type { Hex } from 'viem'

/**
 * What nodes' tracers answer (debug_traceTransaction with callTracer or prestateTracer, ots_traceTransaction),
 * as the app's RPC client checks it (src/rpc/tracing.ts) and its EVM code reads it (src/evm/callTree.ts,
 * src/evm/stateChanges.ts).
 */

/** One frame of callTracer's tree. Nodes leave out what does not apply (a STATICCALL's value, a failed CREATE's `to`). */
export type CallFrame = {
  type: string
  from: Hex
  to?: Hex
  value?: Hex
  gas?: Hex
  gasUsed?: Hex
  input: Hex
  output?: Hex
  error?: string
  revertReason?: string
  calls?: CallFrame[]
  /** With tracerConfig withLog: the frame's own logs, `position` among its calls. */
  logs?: Array<{ address: Hex; topics: Hex[]; data: Hex; position?: Hex | number }>
}

/** One entry of ots_traceTransaction's list: the frames in order, each with its depth. */
export type OtsFrame = { type: string; depth: number; from: Hex; to?: Hex | null; value?: Hex | null; input?: Hex | null; output?: Hex | null }

/** An account as prestateTracer gives it: only the fields that apply (in diff mode, that changed). */
export type AccountState = { balance?: Hex; nonce?: number; code?: Hex; storage?: Record<Hex, Hex> }
export type StateDiff = { pre: Record<Hex, AccountState>; post: Record<Hex, AccountState> }

