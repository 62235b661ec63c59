import { queryOptions } from '@tanstack/react-query'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { getRawBlockTransactions } from '../rpc/l2Methods.ts'
import type { L2aRawTransaction } from '../rpc/l2Schemas.ts'
import { queryKeys } from './keys.ts'

/**
 * l2a_getRawBlockTransactions of one block. A block with transactions is sealed: cached for the session.
 * An empty answer may be a block not produced yet: asked again after a few seconds.
 */
export function rawBlockQuery(network: Network, block: number) {
  return queryOptions({
    queryKey: queryKeys.l2aRawBlock(network, block),
    queryFn: ({ signal }): Promise<L2aRawTransaction[]> => getRawBlockTransactions(clientsFor(network).http, block, { signal }),
    staleTime: (query) => ((query.state.data?.length ?? 0) > 0 ? Infinity : 5_000),
  })
}
