import type { AddSessions } from './addSessions.ts'
import type { GcLock } from './gcLock.ts'
import type { Folders } from './folders.ts'
import type { FilePeer } from './peer.ts'
import type { PinSet } from './pins.ts'
import type { PinRequests } from './pinning/requests.ts'
import type { BlockStore } from './store.ts'

/** What every route works on: one block store, the peer it is to others, one pin set, the adds under way, and the service's limits. */
export type FilesContext = {
  store: BlockStore
  peer: FilePeer
  /** The node's folder tree (Kubo's MFS): its root, and its reader and editor loaded on first use. */
  folders: Folders
  pins: PinSet
  /** The Pinning Service API's requests: the gc keeps the DAGs of the pinned ones. */
  requests: PinRequests
  sessions: AddSessions
  gcLock: GcLock
  maxUploadBytes: number
  /** How long a read waits for connected peers to send a block the store lacks (peer.ts readingBlocks). */
  peerWaitMs: number
  log: (line: string) => void
}

export const jsonType = 'application/json'
