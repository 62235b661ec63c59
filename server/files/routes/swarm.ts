import { multiaddr, type Multiaddr } from '@multiformats/multiaddr'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { argValues, type Query } from '../args.ts'
import { jsonType } from '../context.ts'
import { badRequest, FileStoreError } from '../errors.ts'
import { peerAddresses, type FilePeer } from '../peer.ts'

/** How long `swarm/connect` tries one peer before it says it failed. */
export const connectTimeoutMs = 10_000


/** `id`: the node's peer ID, public key (base64 protobuf), listen addresses with /p2p/, agent and protocols, sorted as Kubo sorts them. */
export function idRoute(peer: FilePeer, agentVersion: string) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const node = await peer.node()
    const { libp2p } = node.helia
    // Loaded with the node (libp2p uses it): nothing of libp2p is loaded before a peer is asked for (peer.ts).
    const { publicKeyToProtobuf } = await import('@libp2p/crypto/keys')
    const id = libp2p.peerId.toString()
    return reply
      .code(200)
      .header('content-type', jsonType)
      .send({
        ID: id,
        PublicKey: libp2p.peerId.publicKey ? Buffer.from(publicKeyToProtobuf(libp2p.peerId.publicKey)).toString('base64') : '',
        Addresses: peerAddresses(node),
        AgentVersion: agentVersion,
        Protocols: libp2p.getProtocols().sort(),
      })
  }
}

/** A peer's address as Kubo takes it: a multiaddr that names the peer (`/p2p/<id>`), and that peer's ID. */
function peerAddress(text: string): { address: Multiaddr; peer: string } {
  let address: Multiaddr
  try {
    address = multiaddr(text)
  } catch (error) {
    throw badRequest(`invalid peer address "${text}": ${(error as Error).message}`)
  }
  const peer = address.getComponents().findLast((component) => component.name === 'p2p')?.value
  if (peer === undefined) throw badRequest(`invalid peer address "${text}": it names no peer (/p2p/<peer id>)`)
  return { address, peer }
}

/** `swarm/connect`: dials each address; Kubo's `connect <id> success` lines, or its `connect <id> failure: <why>`. */
export function swarmConnectRoute(peer: FilePeer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const addresses = argValues(request.query as Query)
    if (addresses.length === 0) throw badRequest('argument "address" is required')
    const parsed = addresses.map(peerAddress)
    const lines: string[] = []
    for (const { address, peer: id } of parsed) {
      const line = `connect ${id}`
      try {
        await (await peer.node()).helia.libp2p.dial(address, { signal: AbortSignal.timeout(connectTimeoutMs) })
      } catch (error) {
        throw new FileStoreError(500, `${line} failure: ${(error as Error).message}`)
      }
      lines.push(`${line} success`)
    }
    return reply.code(200).header('content-type', jsonType).send({ Strings: lines })
  }
}

/** `swarm/peers`: the open connections, sorted by address; Kubo's fields without its verbose options (Identify empty). */
export function swarmPeersRoute(peer: FilePeer) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    const connections = (await peer.node()).helia.libp2p.getConnections().filter((connection) => connection.status === 'open')
    const peers = connections
      .map((connection) => ({
        Addr: connection.remoteAddr.decapsulateCode(421).toString(),
        Peer: connection.remotePeer.toString(),
        Identify: { ID: '', PublicKey: '', Addresses: null, AgentVersion: '', Protocols: null },
      }))
      .sort((a, b) => (a.Addr < b.Addr ? -1 : a.Addr > b.Addr ? 1 : 0))
    return reply.code(200).header('content-type', jsonType).send({ Peers: peers.length === 0 ? null : peers })
  }
}
