import { experimental_streamedQuery as streamedQuery, queryOptions } from '@tanstack/react-query'
import { useCallback, useMemo, useSyncExternalStore } from 'react'
import { createFilesClient, type FilesClient, type FolderEntry } from '../files/client.ts'
import { configuredCredentials, credentialsFromSnapshot, storedCredentialsSnapshot, subscribeFilesCredentials, type FilesCredentials } from '../files/credentials.ts'
import { FilesError } from '../files/errors.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { queryKeys } from './keys.ts'
import { knownFilesSnapshot, subscribeKnownFiles, type KnownFiles } from '../files/knownFiles.ts'

/**
 * Query option factories for the file store, and the hooks that give the panel its client. Credentials are
 * not in the keys (they hold the secret): a serial number of the client is, so new credentials (a new client)
 * ask again instead of reusing a refusal.
 */

/** A preview reads at most this much unless the user asks for all. */
export const previewBytes = 1024 * 1024

const clientSerials = new WeakMap<FilesClient, number>()
let nextSerial = 1

function clientSerial(client: FilesClient): number {
  let serial = clientSerials.get(client)
  if (serial === undefined) {
    serial = nextSerial++
    clientSerials.set(client, serial)
  }
  return serial
}

const filesKey = (network: Network, client: FilesClient) => queryKeys.files(network, clientSerial(client))

/** Only a store that did not answer may answer next time; a refusal (4xx) will not change by itself. */
const retryUnreachable = (failureCount: number, error: unknown) =>
  failureCount < 2 && error instanceof FilesError && (error.kind === 'unreachable' || (error.status !== null && error.status >= 500))

export function pinsQuery(network: Network, client: FilesClient) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'pins'] as const,
    queryFn: ({ signal }) => client.pinLs({ signal }),
    staleTime: 5_000,
    retry: retryUnreachable,
  })
}

export function versionQuery(network: Network, client: FilesClient) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'version'] as const,
    queryFn: ({ signal }) => client.version({ signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  })
}

/** Entries merged into a list kept in name order (as Kubo's non-streamed listings sort): `batch` comes in any order. */
export function mergeByName(sorted: readonly FolderEntry[], batch: readonly FolderEntry[]): FolderEntry[] {
  const incoming = [...batch].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const merged: FolderEntry[] = []
  let i = 0
  let j = 0
  while (i < sorted.length || j < incoming.length) {
    if (j >= incoming.length || (i < sorted.length && sorted[i]!.name <= incoming[j]!.name)) merged.push(sorted[i++]!)
    else merged.push(incoming[j++]!)
  }
  return merged
}

/**
 * A directory's listing as it streams in (Kubo's `ls --stream`): the first entries show while the rest are read,
 * so a folder of 10,000 is on screen within tens of milliseconds, not after the whole listing (the list is
 * virtualized: DataTable). A refetch keeps the listing on view until the new one is whole.
 */
const streamedListing = (list: (signal: AbortSignal) => AsyncIterable<FolderEntry[]>) =>
  streamedQuery<FolderEntry[], FolderEntry[]>({ streamFn: ({ signal }) => list(signal), reducer: mergeByName, initialValue: [], refetchMode: 'replace' })

/** A folder of the node's tree: its CID (files/stat), then that directory's listing, streamed. Changes only when this app changes it (each change invalidates the folders). */
export function folderQuery(network: Network, client: FilesClient, path: string) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'folder', path] as const,
    queryFn: streamedListing(async function* (signal) {
      yield* client.listDirectory(await client.folderCid(path, { signal }), { signal })
    }),
    staleTime: 5_000,
    retry: retryUnreachable,
  })
}

/** The key every folder's query starts with: what a change to the tree invalidates. */
export const foldersKey = (network: Network, client: FilesClient) => [...filesKey(network, client), 'folder'] as const

/**
 * The network's pin list or folder listings as every client reads them. An upload outlives the client it was sent
 * with (a new client is made when the network's settings or credentials change, and the upload queue is the
 * network's): what it changed is refreshed for whichever client the page reads with by then.
 */
export function anyClientFilesQueries(network: Network, kind: 'pins' | 'folder') {
  // The files key without its client serial (its last part), then the kind right after the serial.
  const prefix = queryKeys.files(network, 0).slice(0, -1)
  return {
    predicate: ({ queryKey }: { queryKey: readonly unknown[] }) => prefix.every((part, index) => queryKey[index] === part) && queryKey[prefix.length + 1] === kind,
  }
}

/** A directory by CID, streamed: content-addressed, never stale. */
export function directoryQuery(network: Network, client: FilesClient, cid: string) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'directory', cid] as const,
    queryFn: streamedListing((signal) => client.listDirectory(cid, { signal })),
    staleTime: Infinity,
    retry: retryUnreachable,
  })
}

/** A block by CID, for the DAG explorer: its decoded node (dag/get) and bytes (block/get), whose length is its size. Content-addressed: never stale. */
export function blockQuery(network: Network, client: FilesClient, cid: string) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'block', cid] as const,
    queryFn: async ({ signal }) => {
      const [node, bytes] = await Promise.all([client.dagGet(cid, { signal }), client.blockGet(cid, { signal })])
      return { size: bytes.length, node, bytes }
    },
    staleTime: Infinity,
    gcTime: 60_000,
    retry: retryUnreachable,
  })
}

/** The whole DAG under a CID (dag/stat walks every block): asked for apart, as it can take a while. */
export function dagSizeQuery(network: Network, client: FilesClient, cid: string) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'dag-stat', cid] as const,
    queryFn: ({ signal }) => client.dagStat(cid, { signal }),
    staleTime: Infinity,
    retry: retryUnreachable,
  })
}

/** The store's IPFS peer (its ID and addresses), for the store card. */
export function peerQuery(network: Network, client: FilesClient) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'id'] as const,
    queryFn: ({ signal }) => client.id({ signal }),
    staleTime: 60_000,
    retry: retryUnreachable,
  })
}

export type ContentRead = { bytes: Uint8Array<ArrayBuffer>; truncated: boolean }

/**
 * Content by CID: the first MiB (one byte more is asked for, to know whether there is more), or all of it.
 * Content-addressed, so never stale.
 */
export function contentQuery(network: Network, client: FilesClient, cid: string, whole: boolean) {
  return queryOptions({
    queryKey: [...filesKey(network, client), 'cat', cid, whole ? 'all' : previewBytes] as const,
    queryFn: async ({ signal }): Promise<ContentRead> => {
      if (whole) return { bytes: await client.cat(cid, { signal }), truncated: false }
      const bytes = await client.cat(cid, { length: previewBytes + 1, signal })
      return bytes.length > previewBytes ? { bytes: bytes.slice(0, previewBytes), truncated: true } : { bytes, truncated: false }
    },
    staleTime: Infinity,
    gcTime: 60_000,
    retry: retryUnreachable,
  })
}

/** The credentials in force for a network's file store (configured, or entered), following changes. */
export function useFilesCredentials(network: Network): FilesCredentials | null {
  const snapshot = useSyncExternalStore(
    subscribeFilesCredentials,
    useCallback(() => storedCredentialsSnapshot(network.name), [network.name]),
  )
  const { endpoint, key, secret } = network
  return useMemo(() => configuredCredentials({ endpoint, key, secret }) ?? credentialsFromSnapshot(snapshot), [endpoint, key, secret, snapshot])
}

/** One client per (network, credentials); null when the network has no file store or no credentials yet. */
export function useFilesClient(network: Network, credentials: FilesCredentials | null): FilesClient | null {
  const url = network.ipfsUrl
  const key = credentials?.key
  const secret = credentials?.secret
  // Empty key and secret: the app server adds the deployment's (configuredCredentials).
  return useMemo(() => (url && key !== undefined && secret !== undefined ? createFilesClient({ url, key, secret }) : null), [url, key, secret])
}

export function useKnownFiles(network: Network): KnownFiles {
  return useSyncExternalStore(
    subscribeKnownFiles,
    useCallback(() => knownFilesSnapshot(network.name), [network.name]),
  )
}
