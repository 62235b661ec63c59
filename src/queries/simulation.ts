import { queryOptions } from '@tanstack/react-query'
import type { Hex } from 'viem'
import type { CallFrame, StateDiff } from '../../contract/tracing.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { treeFromCallTracer, type CallTree } from '../evm/callTree.ts'
import { isRevertError, revertPayload } from '../evm/failure.ts'
import { clientsFor } from '../networks/clients.ts'
import type { TracingSupport } from '../networks/tracingProbe.ts'
import { RpcError } from '../rpc/errors.ts'
import type { CallRequest, StateBlock } from '../rpc/methods.ts'
import type { Overrides } from '../rpc/overrides.ts'
import { callWithOverrides, simulateCall, traceCallDiff, traceCallTree } from '../rpc/tracing.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * A call simulated, never sent: its outcome from eth_simulateV1 where the node offers it, else eth_call with the
 * overrides as its third and fourth params; its call tree and logs from debug_traceCall (callTracer), its state
 * changes from debug_traceCall (prestateTracer in diff mode), each where offered, all with the same overrides.
 * What the node lacks is said, part by part (the probe's answers: src/networks/tracing.ts).
 */
export type SimulatedLog = { address: Hex; topics: Hex[]; data: Hex }
export type Unavailable = { unavailable: string }

export type Simulation = {
  via: 'eth_simulateV1' | 'eth_call'
  outcome: { status: 'success'; returned: Hex } | { status: 'reverted'; message: string; data: Hex | null }
  gasUsed: bigint | null
  logs: SimulatedLog[] | Unavailable
  trace: CallTree | Unavailable
  diff: StateDiff | Unavailable
}

export class SimulationUnavailable extends ChainglassError {
  override readonly name = 'SimulationUnavailable'
}

const isEmpty = (value: object | undefined) => !value || Object.keys(value).length === 0

/** Why the node cannot simulate this call at all, or null when it can. */
export function simulationRefusal(support: TracingSupport, overrides: Overrides): string | null {
  if (support.simulateV1.offered) return null
  if (!isEmpty(overrides.state) && !support.stateOverrides.offered) return `this node offers neither eth_simulateV1 (${support.simulateV1.said}) nor state overrides on eth_call (${support.stateOverrides.said})`
  if (!isEmpty(overrides.block) && !support.blockOverrides.offered) return `this node offers neither eth_simulateV1 (${support.simulateV1.said}) nor block overrides on eth_call (${support.blockOverrides.said})`
  return null
}

/**
 * Every log the call tree holds, in the order they were emitted: a frame's log at `position` p came before its
 * p-th call (callTracer with withLog). Recursion is bounded by the EVM's call depth (1,024).
 */
function logsOf(frame: CallFrame, into: SimulatedLog[] = []): SimulatedLog[] {
  const calls = frame.calls ?? []
  const logs = frame.logs ?? []
  let next = 0
  for (let index = 0; index <= calls.length; index++) {
    while (next < logs.length && Number(logs[next]!.position ?? calls.length) <= index) {
      const { address, topics, data } = logs[next++]!
      into.push({ address, topics, data })
    }
    if (index < calls.length) logsOf(calls[index]!, into)
  }
  return into
}

function said(error: unknown): Unavailable {
  return { unavailable: error instanceof Error ? error.message : String(error) }
}

async function outcomeByCall(network: Network, request: CallRequest, block: StateBlock, overrides: Overrides, signal: AbortSignal): Promise<Simulation['outcome']> {
  try {
    return { status: 'success', returned: await callWithOverrides(clientsFor(network).http, request, block, overrides, { signal }) }
  } catch (error) {
    if (error instanceof RpcError && isRevertError(error)) return { status: 'reverted', message: error.message, data: revertPayload(error.data) }
    throw error
  }
}

export function simulationQuery(network: Network, request: CallRequest, block: StateBlock, overrides: Overrides, support: TracingSupport | undefined, run: number) {
  return queryOptions({
    queryKey: [network.name, 'simulation', request, block, overrides, run] as const,
    queryFn: async ({ signal }): Promise<Simulation> => {
      if (!support) throw new SimulationUnavailable('the node has not said yet what it offers')
      const refusal = simulationRefusal(support, overrides)
      if (refusal) throw new SimulationUnavailable(refusal)
      const http = clientsFor(network).http
      const options = { signal, alone: true }
      const tracing = support.callTracer.offered ? traceCallTree(http, request, block, overrides, options).then(treeAndLogs, said) : Promise.resolve({ unavailable: support.callTracer.said })
      const diffing = support.prestateTracer.offered ? traceCallDiff(http, request, block, overrides, options).catch(said) : Promise.resolve({ unavailable: support.prestateTracer.said })
      let via: Simulation['via']
      let outcome: Simulation['outcome']
      let gasUsed: bigint | null = null
      let logs: SimulatedLog[] | Unavailable
      if (support.simulateV1.offered) {
        const simulated = await simulateCall(http, request, block, overrides, options)
        via = 'eth_simulateV1'
        outcome = simulated.status === '0x1' ? { status: 'success', returned: simulated.returnData } : { status: 'reverted', message: simulated.error?.message ?? 'execution reverted', data: simulated.returnData === '0x' ? null : simulated.returnData }
        gasUsed = BigInt(simulated.gasUsed)
        logs = simulated.logs.map(({ address, topics, data }) => ({ address, topics, data }))
      } else {
        via = 'eth_call'
        outcome = await outcomeByCall(network, request, block, overrides, signal)
        const traced = await tracing
        logs = 'unavailable' in traced ? { unavailable: `the logs come from the call trace, which ${traced.unavailable}` } : traced.logs
      }
      const traced = await tracing
      return { via, outcome, gasUsed: gasUsed ?? ('unavailable' in traced ? null : traced.tree.rows[0]?.frame.gasUsed ?? null), logs, trace: 'unavailable' in traced ? traced : traced.tree, diff: await diffing }
    },
    staleTime: Infinity,
    retry: false,
  })
}

function treeAndLogs(frame: CallFrame): { tree: CallTree; logs: SimulatedLog[] } {
  return { tree: treeFromCallTracer(frame), logs: logsOf(frame) }
}
