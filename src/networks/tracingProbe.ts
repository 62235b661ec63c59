import type { Hex } from 'viem'
import { RpcError } from '../rpc/errors.ts'
import type { RpcTransport } from '../rpc/transport.ts'

/**
 * Which of the deeper reads a network's node offers, found by asking it once per network and session, in one
 * batch that changes nothing: debug_traceCall of an empty call with each tracer, eth_simulateV1 of no calls,
 * and eth_call against code put in place by a state override (and at a block number set by a block override),
 * whose answer shows whether the override was applied. anvil offers all; a Hardhat node only the opcode log and
 * state overrides; a hosted provider what its plan allows. A refusal is an answer ("no", with what the node
 * said); a node that cannot be reached is an error, asked again.
 */
export type Offer = { offered: true } | { offered: false; said: string }

export type TracingSupport = {
  callTracer: Offer
  prestateTracer: Offer
  simulateV1: Offer
  stateOverrides: Offer
  blockOverrides: Offer
}

/** An address no account uses, for the override probes. */
const probeAddress = '0x00000000000000000000000000000000c6a1e5a5'
/** Code that returns the number 42 as one word (PUSH1 42, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN). */
const returnsFortyTwo: Hex = '0x602a60005260206000f3'
/** Code that returns its block's number (NUMBER, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN). */
const returnsBlockNumber: Hex = '0x4360005260206000f3'
const emptyCall = { to: probeAddress, data: '0x' }

async function offer(asking: Promise<unknown>, answered: (result: unknown) => boolean): Promise<Offer> {
  try {
    const result = await asking
    return answered(result) ? { offered: true } : { offered: false, said: `the node answered ${JSON.stringify(result)?.slice(0, 80)}` }
  } catch (error) {
    if (error instanceof RpcError) return { offered: false, said: error.message }
    throw error
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

export async function probeTracing(rpc: RpcTransport, signal?: AbortSignal): Promise<TracingSupport> {
  const ask = (method: string, params: unknown[]) => rpc.request(method, params, { signal })
  // Asked in the same tick: one batch.
  const [callTracer, prestateTracer, simulateV1, stateOverrides, blockOverrides] = await Promise.all([
    offer(ask('debug_traceCall', [emptyCall, 'latest', { tracer: 'callTracer' }]), (result) => isObject(result) && typeof result.type === 'string'),
    offer(ask('debug_traceCall', [emptyCall, 'latest', { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }]), (result) => isObject(result) && isObject(result.pre) && isObject(result.post)),
    offer(ask('eth_simulateV1', [{ blockStateCalls: [{ calls: [] }] }, 'latest']), (result) => Array.isArray(result)),
    offer(ask('eth_call', [emptyCall, 'latest', { [probeAddress]: { code: returnsFortyTwo } }]), (result) => typeof result === 'string' && result !== '0x' && BigInt(result) === 42n),
    offer(ask('eth_call', [emptyCall, 'latest', { [probeAddress]: { code: returnsBlockNumber } }, { number: '0x2a' }]), (result) => typeof result === 'string' && result !== '0x' && BigInt(result) === 42n),
  ])
  return { callTracer, prestateTracer, simulateV1, stateOverrides, blockOverrides }
}
