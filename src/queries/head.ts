import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { clientsFor } from '../networks/clients.ts'
import { useConnectionStatus } from '../networks/NetworkContext.tsx'
import type { Network } from '../networks/runtimeConfig.ts'
import { getBlockByNumber, subscribeNewHeads } from '../rpc/methods.ts'
import { isMined, type BlockHeader } from '../rpc/schemas.ts'

/** Poll over HTTP at this pace while the WebSocket is down, so the head keeps moving. */
const pollWhileDisconnectedMs = 3_000

/**
 * The chain head's header: fetched once over HTTP, then kept current by newHeads (useHeadSubscription).
 * null on a network with no latest block (a recorded sample).
 */
export function headQuery(network: Network) {
  return queryOptions({
    queryKey: [network.name, 'head'] as const,
    queryFn: async ({ signal, client, queryKey }): Promise<BlockHeader | null> => {
      const block = await getBlockByNumber(clientsFor(network).http, 'latest', { signal })
      const fetched = block && isMined(block) ? block : null
      // A newHeads notification may have landed while this was in flight: never step back.
      const cached = client.getQueryData<BlockHeader | null>(queryKey)
      return cached && fetched && BigInt(cached.number) > BigInt(fetched.number) ? cached : (fetched ?? cached ?? null)
    },
    staleTime: Infinity,
  })
}

/** Subscribes to newHeads for as long as the calling component is mounted and writes each into headQuery. */
export function useHeadSubscription(network: Network): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      subscribeNewHeads(
        clientsFor(network).socket,
        (head) => queryClient.setQueryData(headQuery(network).queryKey, head),
        // A bad header is skipped; the next one, or the HTTP poll, brings the head back.
        () => {},
      ),
    [network, queryClient],
  )
}

/** The live head for display: from the subscription while the socket is open, polled while it is not. */
export function useHead(network: Network) {
  const status = useConnectionStatus(network)
  return useQuery({ ...headQuery(network), refetchInterval: status.state === 'open' ? false : pollWhileDisconnectedMs })
}
