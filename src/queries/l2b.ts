import { queryOptions } from '@tanstack/react-query'
import { clientsFor } from '../networks/clients.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { pendingTransactions } from '../rpc/l2Methods.ts'
import type { L2bPendingTransaction } from '../rpc/l2Schemas.ts'
import { queryKeys } from './keys.ts'

/** How often the pending list is asked again while the page is open. */
export const pendingRefreshMs = 5_000

/** l2b_pendingTransactions: the pool changes all the time, so it is never fresh for long. */
export function pendingQuery(network: Network) {
  return queryOptions({
    queryKey: queryKeys.l2bPending(network),
    queryFn: ({ signal }): Promise<L2bPendingTransaction[]> => pendingTransactions(clientsFor(network).http, { signal }),
    staleTime: 0,
    gcTime: 60_000,
  })
}
