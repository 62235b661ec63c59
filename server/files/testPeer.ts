import { noise } from '@chainsafe/libp2p-noise'
import { yamux } from '@chainsafe/libp2p-yamux'
import { withBitswap } from '@helia/bitswap'
import { withLibp2pLight, type HeliaWithLibp2p } from '@helia/libp2p'
import { identify } from '@libp2p/identify'
import type { ServiceMap } from '@libp2p/interface'
import { tcp } from '@libp2p/tcp'
import { MemoryBlockstore } from 'blockstore-core'
import { MemoryDatastore } from 'datastore-core'
import { createHeliaLight } from 'helia'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { balanced } from 'ipfs-unixfs-importer/layout'

/** For the peer tests: another IPFS node, made apart from the store's code, and Kubo's import settings. */

/** Kubo's defaults for `add`, which the store's own add also follows: its CIDs are Kubo's. */
export const kuboImport = { cidVersion: 0 as const, rawLeaves: false, chunker: fixedSize({ chunkSize: 262_144 }), layout: balanced({ maxChildrenPerNode: 174 }), reduceSingleLeafToSelf: true }

export type OtherNode = HeliaWithLibp2p<ServiceMap>

/** An independent Helia node in memory (TCP on loopback, noise, yamux, bitswap), as any IPFS user's would be, and nothing that leaves the machine. */
export async function otherNode(): Promise<OtherNode> {
  const helia = withBitswap(
    withLibp2pLight(createHeliaLight({ blockstore: new MemoryBlockstore(), datastore: new MemoryDatastore(), blockBrokers: [], routers: [] }), {
      addresses: { listen: ['/ip4/127.0.0.1/tcp/0'] },
      transports: [tcp()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: { identify: identify() },
      peerDiscovery: [],
    }),
  )
  await helia.start()
  return helia
}
