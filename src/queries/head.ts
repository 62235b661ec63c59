import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { clientsFor, type NetworkClients } from '../networks/clients.ts'
import { useConnectionStatus } from './connectionStatus.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { createHeadStream, type HeadEvent, type HeadStream } from '../rpc/headStream.ts'
import { blockTags, getBlockByNumber } from '../rpc/methods.ts'
import { isMined, type BlockHeader } from '../rpc/schemas.ts'
import { noteHead, resolveBlockRef } from './cachePolicy.ts'
import { seedBlock } from './seed.ts'
import { queryKeys } from './keys.ts'

/** Poll over HTTP at this pace while the WebSocket is down, so the head keeps moving. */
export const pollWhileDisconnectedMs = 3_000

/**
 * The chain head's header: fetched once over HTTP, then kept current by the head stream
 * (useHeadSubscription). null on a network with no latest block (a recorded sample).
 */
export function headQuery(network: Network) {
  return queryOptions({
    queryKey: queryKeys.head(network),
    queryFn: async ({ signal, client, queryKey }): Promise<BlockHeader | null> => {
      const block = await getBlockByNumber(clientsFor(network).http, 'latest', false, { signal })
      const mined = block && isMined(block) ? block : null
      // The head read over HTTP is the block with its transaction hashes: its summary by hash (the home page's
      // newest row asks for it) and by number, and the head noted.
      if (mined) seedBlock(client, network, mined, resolveBlockRef('latest'))
      const fetched = mined as BlockHeader | null
      // A newHeads notification may have landed while this was in flight: never step back.
      const cached = client.getQueryData<BlockHeader | null>(queryKey)
      return cached && fetched && BigInt(cached.number) > BigInt(fetched.number) ? cached : (fetched ?? cached ?? null)
    },
    staleTime: Infinity,
  })
}

const streams = new WeakMap<NetworkClients, HeadStream>()

/**
 * The network's live head stream (rpc/headStream.ts): one per network, on the network's shared socket and
 * HTTP transport; it runs while anything listens.
 */
export function headStreamFor(network: Network): HeadStream {
  const clients = clientsFor(network)
  let stream = streams.get(clients)
  if (!stream) {
    stream = createHeadStream({ socket: clients.socket, http: clients.http })
    streams.set(clients, stream)
  }
  return stream
}

const numberKey = (number: bigint | string) => `0x${BigInt(number).toString(16)}`

/**
 * After a reorg, marks stale what the replaced blocks touched, and nothing else: data addressed by their
 * numbers or by a tag, transactions and receipts that were in them, lists that cover them, account state
 * read at `latest`. A block addressed by hash is still that block: left alone.
 */
export function invalidateReplaced(client: QueryClient, network: Network, removed: readonly BlockHeader[]): Promise<void> {
  const numbers = new Set(removed.map((block) => numberKey(block.number)))
  const hashes = new Set(removed.map((block) => block.hash.toLowerCase()))
  const lowest = removed.reduce((low, block) => (BigInt(block.number) < low ? BigInt(block.number) : low), BigInt(removed[0]?.number ?? 0))
  const byNumberOrTag = (key: unknown) => typeof key === 'string' && (numbers.has(key) || (blockTags as readonly string[]).includes(key))
  return client.invalidateQueries({
    queryKey: queryKeys.network(network),
    predicate: (query) => {
      const [, kind, key, extra] = query.queryKey as readonly unknown[]
      switch (kind) {
        case 'block':
        case 'blockReceipts':
        case 'uncle':
        case 'transactionByIndex':
          return byNumberOrTag(key)
        case 'account':
          // [name, 'account', address, block]
          return byNumberOrTag(extra)
        case 'transaction':
        case 'receipt': {
          const blockHash = (query.state.data as { blockHash?: string | null } | null | undefined)?.blockHash
          return typeof blockHash === 'string' && hashes.has(blockHash.toLowerCase())
        }
        case 'recentBlocks':
          // [name, 'recentBlocks', to, count]: the list covers to - count + 1 .. to.
          return typeof key === 'string' && typeof extra === 'number' && BigInt(key) >= lowest
        default:
          return false
      }
    },
  })
}

/**
 * Follows the head for as long as the calling component is mounted: each head goes into headQuery, and a
 * reorg invalidates what it replaced. Mounted once, by the app frame.
 */
export function useHeadSubscription(network: Network): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const stream = headStreamFor(network)
    // A head the page already has (the server's first screen) starts the stream, so the window of blocks the
    // home page read below it stays its window: the stream backfills from there to the node's head.
    const known = queryClient.getQueryData(headQuery(network).queryKey)
    if (known) stream.seed(known)
    return stream.subscribe((event: HeadEvent) => {
        if (event.type === 'head') {
          noteHead(network, event.head.number)
          queryClient.setQueryData(headQuery(network).queryKey, event.head)
        } else if (event.type === 'replaced') {
          void invalidateReplaced(queryClient, network, event.removed)
        }
      // 'error': the stream retries by itself; the connection banner shows the socket's state.
    })
  }, [network, queryClient])
}

/** The live head for display: from the subscription while the socket is open, polled while it is not. */
export function useHead(network: Network) {
  const status = useConnectionStatus(network)
  return useQuery({ ...headQuery(network), refetchInterval: status.state === 'open' && !status.subscriptionsRefused ? false : pollWhileDisconnectedMs })
}

/**
 * The recent canonical heads, oldest first, gap-free and linked, re-rendering on every change (a new
 * head, a reorg). For live lists: the newest is last.
 */
export function useLiveHeads(network: Network): readonly BlockHeader[] {
  const stream = headStreamFor(network)
  const subscribe = useCallback((onChange: () => void) => stream.subscribe(() => onChange()), [stream])
  return useSyncExternalStore(subscribe, () => stream.heads, () => stream.heads)
}
