import { queryOptions } from '@tanstack/react-query'
import { endpointIdentity } from '../../contract/endpoints.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { capabilitiesOf } from './capabilities.ts'
import { clientsFor } from './clients.ts'
import { probeTracing, type Offer, type TracingSupport } from './tracingProbe.ts'

const noEthMethods: Offer = { offered: false, said: 'the network has no eth_* methods' }

/**
 * Which tracers, simulation and overrides the network's node offers (tracingProbe.ts says how it is asked):
 * asked once per network and session, by the panels that need it.
 */
export function tracingSupportQuery(network: Network) {
  return queryOptions({
    queryKey: [network.name, 'tracingSupport', endpointIdentity(network)] as const,
    queryFn: ({ signal }): Promise<TracingSupport> =>
      capabilitiesOf(network).ethMethods
        ? probeTracing(clientsFor(network).http, signal)
        : Promise.resolve({ callTracer: noEthMethods, prestateTracer: noEthMethods, simulateV1: noEthMethods, stateOverrides: noEthMethods, blockOverrides: noEthMethods }),
    staleTime: Infinity,
    gcTime: Infinity,
  })
}
