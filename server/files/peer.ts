import { noise } from '@chainsafe/libp2p-noise'
import { yamux } from '@chainsafe/libp2p-yamux'
import { withBitswap } from '@helia/bitswap'
import { identify } from '@libp2p/identify'
import { tcp } from '@libp2p/tcp'
import { withLibp2pLight, type HeliaWithLibp2p } from '@helia/libp2p'
import type { ServiceMap } from '@libp2p/interface'
import { FsDatastore } from 'datastore-fs'
import { createHeliaLight } from 'helia'
import type { Blockstore, InputPair, Pair } from 'interface-blockstore'
import type { CID } from 'multiformats/cid'
import type { BlockReading } from './content.ts'
import { blockKey, type BlockStore } from './store.ts'

/**
 * The file store as an IPFS peer: a Helia node whose blocks are the store's own (the same files on disk, by
 * multihash), reachable over libp2p on loopback TCP. Other peers fetch what it holds over bitswap, and it
 * fetches from the peers it is connected to (swarm/connect). Nothing reaches off the machine by itself: no
 * bootstrap list, no discovery, no routing, no HTTP gateways; a peer is only ever one a user named.
 */
export type FilePeer = {
  helia: HeliaWithLibp2p<ServiceMap>
  /** The blocks as bitswap reads and fills them: the store's, then the connected peers'. */
  networkedBlocks: Blockstore
  /** How many peers the node is connected to now: with none, a missing block is missing (no one to ask). */
  connectedPeers(): number
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

/**
 * The store seen through interface-blockstore, as Helia reads and writes it: a block bitswap brings is written
 * as an add writes one (one writer per block, whole or absent), unpinned, so `repo gc` may remove it as Kubo's would.
 */
export function storeAsBlockstore(store: BlockStore): Blockstore {
  const blockstore: Blockstore = {
    has: (cid) => store.has(cid),
    put: async (cid, bytes) => {
      await store.write(cid, bytes instanceof Uint8Array ? bytes : await collect(bytes))
      return cid
    },
    async *putMany(source: Iterable<InputPair> | AsyncIterable<InputPair>) {
      for await (const { cid, bytes } of source) yield await blockstore.put(cid, bytes)
    },
    get: (cid, options) => store.get(cid, options),
    async *getMany(source: Iterable<CID> | AsyncIterable<CID>, options) {
      for await (const cid of source) yield { cid, bytes: store.get(cid, options) } satisfies Pair
    },
    delete: async (cid) => {
      await store.delete(blockKey(cid), () => true)
    },
    async *deleteMany(source: Iterable<CID> | AsyncIterable<CID>) {
      for await (const cid of source) {
        await blockstore.delete(cid)
        yield cid
      }
    },
    // Helia walks every block only for its own gc and pins, which this service does not use (pins.ts, gc.ts).
    // eslint-disable-next-line require-yield
    async *getAll() {
      throw new Error('the file store lists its blocks itself (BlockStore.keys)')
    },
  }
  return blockstore
}

async function collect(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

/**
 * Helia's light node with libp2p and bitswap added by hand: `createHelia` adds HTTP routing to delegated-ipfs.dev,
 * public trustless gateways, and libp2p's defaults (bootstrap peers, the DHT, mDNS, UPnP, relays), all of which
 * reach off the machine.
 */
export async function startFilePeer(options: FilePeerOptions): Promise<FilePeer> {
  const light = createHeliaLight({
    blockstore: storeAsBlockstore(options.store),
    datastore: new FsDatastore(options.dataDir),
    blockBrokers: [],
    routers: [],
  })
  const helia = withBitswap(withLibp2pLight(light, {
    addresses: { listen: [`/ip4/127.0.0.1/tcp/${options.port}`] },
    transports: [tcp()],
    connectionEncrypters: [noise()],
    streamMuxers: [yamux()],
    services: { identify: identify() },
    peerDiscovery: [],
    nodeInfo: { userAgent: options.agentVersion },
  }))
  await helia.start()
  return {
    helia,
    networkedBlocks: helia.blockstore,
    connectedPeers: () => helia.libp2p.getPeers().length,
    stop: async () => {
      await helia.stop()
    },
  }
}

/** The peer's addresses as others dial it, each naming the peer (`/p2p/<id>`), sorted: what `id` and the pinning API's delegates say. */
export function peerAddresses(peer: FilePeer): string[] {
  const { libp2p } = peer.helia
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
  // The store's own reads are quick and finish as they always have, even for a client that went away (a pin it
  // asked for is still made).
  if (peers === 0) return { blocks: store, peers }
  const waited = AbortSignal.timeout(waitMs)
  return { blocks: peer.networkedBlocks, peers, signal: signal ? AbortSignal.any([signal, waited]) : waited }
}

/** Aborted when the request's connection closes before its answer is sent: a read it started stops asking peers. */
export function closedSignal(request: { raw: { once(event: 'close', listener: () => void): unknown } }): AbortSignal {
  const controller = new AbortController()
  request.raw.once('close', () => controller.abort())
  return controller.signal
}
