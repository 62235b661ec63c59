import { queryOptions } from '@tanstack/react-query'
import type { Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { call, estimateGas, type CallRequest, type StateBlock } from '../rpc/methods.ts'
import { queryKeys } from './keys.ts'

export type ConsoleMethod = 'eth_call' | 'eth_estimateGas'

/**
 * One run of the call console: keyed by everything sent and the run count, so Run again asks again. Never
 * retried: a revert is an answer, and a run the user did not ask for twice is not sent twice.
 */
export function consoleQuery(network: Network, method: ConsoleMethod, request: CallRequest, block: StateBlock, run: number) {
  return queryOptions({
    queryKey: queryKeys.callConsole(network, method, request, block, run),
    queryFn: ({ signal }): Promise<Hex> =>
      method === 'eth_call' ? call(clientsFor(network).http, request, block, { signal }) : estimateGas(clientsFor(network).http, request, block, { signal }),
    staleTime: Infinity,
    retry: false,
  })
}
