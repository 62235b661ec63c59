import { queryOptions, useQuery } from '@tanstack/react-query'
import { endpointIdentity } from '../../contract/endpoints.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { RpcError } from '../rpc/errors.ts'
import { getApiLevel, otterscanApiLevel } from '../rpc/otterscan.ts'
import { capabilitiesOf } from './capabilities.ts'
import { clientsFor } from './clients.ts'

/**
 * Whether a network serves Otterscan's ots_* history methods, found by asking it (ots_getApiLevel) once per
 * network and session. A refusal is an answer ("no"); a network that cannot be reached is an error, asked again.
 */
export type HistoryMethods = { offered: true; level: number } | { offered: false; reason: string }

export function historyMethodsQuery(network: Network) {
  return queryOptions({
    queryKey: [network.name, 'historyMethods', endpointIdentity(network)] as const,
    queryFn: async ({ signal }): Promise<HistoryMethods> => {
      if (!capabilitiesOf(network).ethMethods) return { offered: false, reason: 'the network has no eth_* methods' }
      try {
        const level = await getApiLevel(clientsFor(network).http, { signal })
        if (level < otterscanApiLevel) return { offered: false, reason: `the node's ots_ API level is ${level}; chainglass needs ${otterscanApiLevel}` }
        return { offered: true, level }
      } catch (error) {
        if (error instanceof RpcError) return { offered: false, reason: `the node refused ots_getApiLevel (${error.message})` }
        throw error
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
  })
}

/** The answer for the page's network; undefined while asking. */
export function useHistoryMethods(network: Network): HistoryMethods | undefined {
  return useQuery(historyMethodsQuery(network)).data
}
