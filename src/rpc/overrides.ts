import type { Hex } from 'viem'
import type { CallRequest, StateBlock } from './methods.ts'

/**
 * What a simulation changes before it runs: per account its balance, nonce, code and storage slots (only the
 * slots named: `stateDiff`), and the block's fields (number, time, base fee…). The shapes eth_call's third and
 * fourth params, debug_traceCall's options and eth_simulateV1's block state calls all take.
 */
export type StateOverrides = Record<Hex, { balance?: Hex; nonce?: Hex; code?: Hex; stateDiff?: Record<Hex, Hex> }>
export type BlockOverrides = { number?: Hex; time?: Hex; baseFeePerGas?: Hex; gasLimit?: Hex; feeRecipient?: Hex; prevRandao?: Hex }
export type Overrides = { state?: StateOverrides; block?: BlockOverrides }

export const nonEmpty = <T extends object>(value: T | undefined) => (value && Object.keys(value).length > 0 ? value : undefined)

/** eth_call's (and eth_estimateGas's) params: the call, the block, then the state and block overrides when there are any. */
export function callParams(request: CallRequest, block: StateBlock, overrides: Overrides = {}): unknown[] {
  const params: unknown[] = [request, block]
  if (nonEmpty(overrides.state) || nonEmpty(overrides.block)) params.push(overrides.state ?? {})
  if (nonEmpty(overrides.block)) params.push(overrides.block)
  return params
}

/** eth_simulateV1's params for one call in a block of its own, the overrides applied, nothing checked or traced. */
export function simulateParams(request: CallRequest, block: StateBlock, overrides: Overrides = {}): unknown[] {
  const blockStateCall = { ...(nonEmpty(overrides.state) && { stateOverrides: overrides.state }), ...(nonEmpty(overrides.block) && { blockOverrides: overrides.block }), calls: [request] }
  return [{ blockStateCalls: [blockStateCall], validation: false, traceTransfers: false }, block]
}
