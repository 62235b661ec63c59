import { noise } from '@chainsafe/libp2p-noise'
import { yamux } from '@chainsafe/libp2p-yamux'
import { withBitswap } from '@helia/bitswap'
import { identify } from '@libp2p/identify'
import { tcp } from '@libp2p/tcp'
import { withLibp2pLight, type HeliaWithLibp2p } from '@helia/libp2p'
import type { ServiceMap } from '@libp2p/interface'
import { FsDatastore } from 'datastore-fs'
import { createHeliaLight } from 'helia'
import type { Blockstore } from 'interface-blockstore'
import type { FilePeerOptions } from './peer.ts'
import { storeAsBlockstore } from './storeBlockstore.ts'

/** The running IPFS node (loaded by peer.ts the first time something needs it). */
export type PeerNode = {
  helia: HeliaWithLibp2p<ServiceMap>
  /** The blocks as bitswap reads and fills them: the store's, then the connected peers'. */
  networkedBlocks: Blockstore
  connectedPeers(): number
  stop(): Promise<void>
}

/**
 * Helia's light node with libp2p and bitswap added by hand: `createHelia` adds HTTP routing to delegated-ipfs.dev,
 * public trustless gateways, and libp2p's defaults (bootstrap peers, the DHT, mDNS, UPnP, relays), all of which
 * reach off the machine.
 */
export async function startPeerNode(options: FilePeerOptions): Promise<PeerNode> {
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

