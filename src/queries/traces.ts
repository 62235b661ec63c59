import { queryOptions } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Address, type Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { treeFromCallTracer, treeFromOts, type CallTree } from '../evm/callTree.ts'
import { clientsFor } from '../networks/clients.ts'
import type { StateDiff } from '../../contract/tracing.ts'
import { otsTraceTransaction, traceCalls, traceStateDiff } from '../rpc/tracing.ts'
import { queryKeys } from './keys.ts'
import { readNumber } from '../rpc/readNumber.ts'
import { toQuantity } from '../format/hex.ts'

/**
 * A mined transaction's call tree and state changes: asked only when the page's panel is opened (never for the
 * first screen), only for mined transactions (then they never change), and only by a tracer the network's probe
 * found (src/networks/tracing.ts); kept for the default five minutes once unused (a long trace is megabytes). A long trace takes its own request: the page's other reads do not wait for it.
 */
export function callTreeQuery(network: Network, hash: Hash, via: 'callTracer' | 'ots') {
  return queryOptions({
    queryKey: queryKeys.callTree(network, hash, via),
    queryFn: async ({ signal }): Promise<CallTree> => {
      const rpc = clientsFor(network).http
      if (via === 'callTracer') return treeFromCallTracer(await traceCalls(rpc, hash, { signal, alone: true }))
      return treeFromOts(await otsTraceTransaction(rpc, hash, { signal, alone: true }))
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

/**
 * A holder's balanceOf at the block before a transaction's and at its block: what checks the balance change its
 * Transfer logs add up to (other transactions in the same block can move it too). Null where the token refuses.
 */
export function balanceAroundQuery(network: Network, token: Address, holder: Address, blockNumber: bigint) {
  return queryOptions({
    queryKey: [network.name, 'balanceAround', token.toLowerCase(), holder.toLowerCase(), blockNumber.toString()] as const,
    queryFn: async ({ signal }): Promise<{ before: bigint | null; after: bigint | null }> => {
      const http = clientsFor(network).http
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
      const decode = (result: `0x${string}`) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result })
      const [before, after] = await Promise.all([
        blockNumber > 0n ? readNumber(http, token, data, toQuantity(blockNumber - 1n), decode, signal) : Promise.resolve(0n),
        readNumber(http, token, data, toQuantity(blockNumber), decode, signal),
      ])
      return { before, after }
    },
    staleTime: Infinity,
  })
}
