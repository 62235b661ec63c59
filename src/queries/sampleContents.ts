import { queryOptions } from '@tanstack/react-query'
import type { SampleContents } from '../../contract/sampleContents.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { getSampleContents } from '../rpc/sampleMethods.ts'
import { queryKeys } from './keys.ts'

/** A recording never changes while the service runs: read once per network and kept. */
export function sampleContentsQuery(network: Network) {
  return queryOptions({
    queryKey: queryKeys.sampleContents(network.name),
    queryFn: ({ signal }): Promise<SampleContents> => getSampleContents(clientsFor(network).http, { signal }),
    staleTime: Infinity,
    enabled: network.kind === 'sample',
  })
}
