import type { Blockstore } from 'interface-blockstore'
import type { BlockReading } from './content.ts'
import type { PeerNode } from './peerNode.ts'
import type { BlockStore } from './store.ts'

/**
 * The file store as an IPFS peer: a Helia node whose blocks are the store's own (the same files on disk, by
 * multihash), reachable over libp2p on loopback TCP (peerNode.ts). Other peers fetch what it holds over bitswap,
 * and it fetches from the peers it is connected to (swarm/connect). Nothing reaches off the machine by itself: no
 * bootstrap list, no discovery, no routing, no HTTP gateways; a peer is only ever one a user named.
 *
 * The node starts the first time something needs it (`id`, which is how another peer learns where to dial,
 * `swarm/*`, the pinning service), or with the store when its port is set (CHAINGLASS_SWARM_PORT: the user means
 * to be dialled there). libp2p and bitswap are most of the store's memory and start time, which a store that never
 * meets another peer has no reason to pay.
 */
export type FilePeer = {
  /** The running node, started on the first call; a start that failed is tried again on the next. */
  node(): Promise<PeerNode>
  /** How many peers the node is connected to now: none before it started, and then a missing block is missing. */
  connectedPeers(): number
  /** The store and the connected peers' blocks, once the node runs. */
  networkedBlocks(): Blockstore | null
  stop(): Promise<void>
}

export type FilePeerOptions = {
  store: BlockStore
  /** The peer's key and its libp2p records: `<dir>` (a peer keeps its identity across restarts). */
  dataDir: string
  /** Loopback TCP port for libp2p; 0 lets the OS pick. */
  port: number
  agentVersion: string
}

export function filePeer(options: FilePeerOptions): FilePeer {
  let starting: Promise<PeerNode> | null = null
  let running: PeerNode | null = null
  let stopped = false
  const node = () => {
    if (stopped) return Promise.reject(new Error('the file store is stopping'))
    starting ??= import('./peerNode.ts')
      .then(({ startPeerNode }) => startPeerNode(options))
      .then((started) => (running = started))
      .catch((error: unknown) => {
        starting = null
        throw error
      })
    return starting
  }
  return {
    node,
    connectedPeers: () => running?.connectedPeers() ?? 0,
    networkedBlocks: () => running?.networkedBlocks ?? null,
    async stop() {
      stopped = true
      const started = await starting?.catch(() => null)
      await started?.stop()
    },
  }
}

/** The peer's addresses as others dial it, each naming the peer (`/p2p/<id>`), sorted: what `id` and the pinning API's delegates say. */
export function peerAddresses(node: PeerNode): string[] {
  const { libp2p } = node.helia
  const id = libp2p.peerId.toString()
  return libp2p
    .getMultiaddrs()
    .map(String)
    .map((address) => (address.includes('/p2p/') ? address : `${address}/p2p/${id}`))
    .sort()
}

/** How long a read waits, by default, for the connected peers to send a block the store lacks before it answers 404. */
export const defaultPeerWaitMs = 30_000

/**
 * Where a read finds its blocks: with no peer connected, the store alone (a missing block is a prompt 404, as
 * Kubo's offline mode answers); else the store and the connected peers over bitswap, until `signal` ends (the
 * client went away) or `waitMs` have passed. A block a peer sends is kept, unpinned (storeAsBlockstore).
 */
export function readingBlocks(peer: FilePeer, store: BlockStore, waitMs: number, signal?: AbortSignal): BlockReading {
  const peers = peer.connectedPeers()
  const networked = peer.networkedBlocks()
  // The store's own reads are quick and finish as they always have, even for a client that went away (a pin it
  // asked for is still made).
  if (peers === 0 || !networked) return { blocks: store, peers }
  const waited = AbortSignal.timeout(waitMs)
  return { blocks: networked, peers, signal: signal ? AbortSignal.any([signal, waited]) : waited }
}

/** Aborted when the request's connection closes before its answer is sent: a read it started stops asking peers. */
export function closedSignal(request: { raw: { once(event: 'close', listener: () => void): unknown } }): AbortSignal {
  const controller = new AbortController()
  request.raw.once('close', () => controller.abort())
  return controller.signal
}
