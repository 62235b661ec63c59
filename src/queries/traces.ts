import { queryOptions } from '@tanstack/react-query'
import type { Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { treeFromCallTracer, treeFromOts, type CallTree, type TraceFrame } from '../evm/callTree.ts'
import { clientsFor } from '../networks/clients.ts'
import type { StateDiff } from '../../contract/tracing.ts'
import { otsTraceTransaction, traceCalls, traceStateDiff } from '../rpc/tracing.ts'
import { queryKeys } from './keys.ts'

/**
 * A mined transaction's call tree and state changes: asked only when the page's panel is opened (never for the
 * first screen), only for mined transactions (then they never change), and only by a tracer the network's probe
 * found (src/networks/tracing.ts); kept for the default five minutes once unused (a long trace is megabytes). A long trace takes its own request: the page's other reads do not wait for it.
 */
export function callTreeQuery(network: Network, hash: Hash, via: 'callTracer' | 'ots', top: TraceFrame | null) {
  return queryOptions({
    queryKey: queryKeys.callTree(network, hash, via),
    queryFn: async ({ signal }): Promise<CallTree> => {
      const rpc = clientsFor(network).http
      if (via === 'callTracer') return treeFromCallTracer(await traceCalls(rpc, hash, { signal, alone: true }))
      if (!top) throw new Error('the transaction itself is needed to place Otterscan’s frames under it')
      return treeFromOts(await otsTraceTransaction(rpc, hash, { signal, alone: true }), top)
    },
    staleTime: Infinity,
  })
}

export function stateDiffQuery(network: Network, hash: Hash) {
  return queryOptions({
    queryKey: queryKeys.stateDiff(network, hash),
    queryFn: ({ signal }): Promise<StateDiff> => traceStateDiff(clientsFor(network).http, hash, { signal, alone: true }),
    staleTime: Infinity,
  })
}
