import { unixfs } from '@helia/unixfs'
import { multiaddr } from '@multiformats/multiaddr'
import { CID } from 'multiformats/cid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kuboImport, otherNode, type OtherNode } from './testPeer.ts'
import { patternBytes, startTestFiles, type TestFiles } from './testing.ts'

/**
 * The file store as an IPFS peer (peer.ts): an independent Helia node, made as any IPFS user's would be
 * (TCP on loopback, noise, yamux, bitswap; testPeer.ts), fetches what the store holds by CID, and the store fetches what
 * that node holds once connected to it; two services do the same between them.
 */

type Identity = { ID: string; PublicKey: string; Addresses: string[]; AgentVersion: string; Protocols: string[] }

async function identityOf(files: TestFiles): Promise<Identity> {
  const reply = await files.post('/api/v0/id')
  expect(reply.status).toBe(200)
  return reply.json as Identity
}

async function catBytes(node: OtherNode, cid: CID): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of unixfs(node).cat(cid, { signal: AbortSignal.timeout(20_000) })) chunks.push(chunk)
  return Buffer.concat(chunks)
}

let files: TestFiles
let other: OtherNode

beforeAll(async () => {
  files = await startTestFiles()
  other = await otherNode()
})

afterAll(async () => {
  await other?.stop()
  await files?.close()
})

describe('the file store as an IPFS peer', () => {
  it('says who it is as Kubo does: a peer ID, its key, loopback addresses that name it, its protocols', async () => {
    const id = await identityOf(files)
    expect(id.ID).toMatch(/^12D3KooW/)
    expect(id.Addresses.length).toBeGreaterThan(0)
    for (const address of id.Addresses) expect(address).toMatch(new RegExp(`^/ip4/127\\.0\\.0\\.1/tcp/\\d+/p2p/${id.ID}$`))
    expect(id.Protocols).toContain('/ipfs/bitswap/1.2.0')
    expect(id.Protocols).toEqual([...id.Protocols].sort())
    // The key is the peer ID's: an Ed25519 key's protobuf, whose identity multihash is the ID.
    const connection = await other.libp2p.dial(multiaddr(id.Addresses[0]!))
    expect(connection.remotePeer.toString()).toBe(id.ID)
    expect(Buffer.from(id.PublicKey, 'base64').length).toBe(36)
  })

  it('serves what was added through /api/v0/add to another node, by CID over bitswap', async () => {
    const bytes = patternBytes(1_500_000, 7)
    const added = await files.addOne(bytes, '', 'pattern.bin')
    const id = await identityOf(files)
    await other.libp2p.dial(multiaddr(id.Addresses[0]!))
    const fetched = await catBytes(other, CID.parse(added.Hash))
    expect(fetched.equals(bytes)).toBe(true)
  })

  it('reads with /api/v0/cat what another node holds once swarm/connect reached it, and lists it in swarm/peers', async () => {
    const bytes = Buffer.from(`held only by the other node ${other.libp2p.peerId.toString()}\n`)
    const cid = await unixfs(other).addBytes(bytes, kuboImport)
    const address = `${other.libp2p.getMultiaddrs()[0]!.toString()}`
    expect(address).toContain(`/p2p/${other.libp2p.peerId.toString()}`)

    const connect = await files.post(`/api/v0/swarm/connect?arg=${encodeURIComponent(address)}`)
    expect(connect.status).toBe(200)
    expect(connect.json).toEqual({ Strings: [`connect ${other.libp2p.peerId.toString()} success`] })

    const peers = (await files.post('/api/v0/swarm/peers')).json as { Peers: Array<{ Addr: string; Peer: string }> }
    expect(peers.Peers.map((peer) => peer.Peer)).toContain(other.libp2p.peerId.toString())
    // Only the peers named to it, on loopback: it dials nothing of its own (no bootstrap list, no routing).
    for (const peer of peers.Peers) expect(peer.Addr).toMatch(/^\/ip4\/127\.0\.0\.1\/tcp\/\d+$/)

    const cat = await files.cat(cid.toString())
    expect(cat.status).toBe(200)
    expect(cat.bytes.equals(bytes)).toBe(true)
  })

  it('pins what a connected node holds, fetching it as Kubo’s pin add does', async () => {
    const bytes = patternBytes(600_000, 11)
    const cid = await unixfs(other).addBytes(bytes, kuboImport)
    const pin = await files.post(`/api/v0/pin/add?arg=${cid.toString()}`)
    expect(pin.status).toBe(200)
    expect(pin.json).toEqual({ Pins: [cid.toString()] })
    await other.stop()
    // The other node gone, the store has it all itself.
    const cat = await files.cat(cid.toString())
    expect(cat.bytes.equals(bytes)).toBe(true)
    other = await otherNode()
  })

  it('refuses an address that names no peer, and says which peer it could not reach', async () => {
    const bare = await files.post(`/api/v0/swarm/connect?arg=${encodeURIComponent('/ip4/127.0.0.1/tcp/9')}`)
    expect(bare.status).toBe(400)
    expect(bare.json).toMatchObject({ Code: 1, Type: 'error', Message: expect.stringContaining('names no peer') })
    const garbage = await files.post('/api/v0/swarm/connect?arg=not-an-address')
    expect(garbage.status).toBe(400)
    // A peer ID that nothing listens for, at a port nothing listens on (the discard port, closed on loopback).
    const absent = `/ip4/127.0.0.1/tcp/9/p2p/${other.libp2p.peerId.toString()}`
    const refused = await files.post(`/api/v0/swarm/connect?arg=${encodeURIComponent(absent)}`)
    expect(refused.status).toBe(500)
    expect(refused.json).toMatchObject({ Code: 0, Type: 'error', Message: expect.stringMatching(new RegExp(`^connect ${other.libp2p.peerId.toString()} failure: `)) })
  })

  it('answers 404 for a block no connected peer sends within the wait, and at once with none connected', async () => {
    const lone = await startTestFiles({ peerWaitMs: 300 })
    try {
      const missing = 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n'
      const offline = await lone.cat(missing)
      expect(offline.status).toBe(404)
      expect(offline.json).toMatchObject({ Message: `block was not found locally (offline): ${missing}` })
      const id = await identityOf(files)
      expect((await lone.post(`/api/v0/swarm/connect?arg=${encodeURIComponent(id.Addresses[0]!)}`)).status).toBe(200)
      const asked = await lone.cat(missing)
      expect(asked.status).toBe(404)
      expect(asked.json).toMatchObject({ Message: `block was not found locally or from the 1 connected peer(s) in time: ${missing}` })
    } finally {
      await lone.close()
    }
  })
})

describe('two file services', () => {
  it('exchange content the same way: one adds, the other connects and reads it', async () => {
    const second = await startTestFiles()
    try {
      const bytes = patternBytes(700_000, 3)
      const added = await files.addOne(bytes, '', 'shared.bin')
      const first = await identityOf(files)
      const connect = await second.post(`/api/v0/swarm/connect?arg=${encodeURIComponent(first.Addresses[0]!)}`)
      expect(connect.json).toEqual({ Strings: [`connect ${first.ID} success`] })
      const cat = await second.cat(added.Hash)
      expect(cat.status).toBe(200)
      expect(cat.bytes.equals(bytes)).toBe(true)
    } finally {
      await second.close()
    }
  })

  it('keeps its peer ID across a restart (its key is in the data dir)', async () => {
    const before = (await identityOf(files)).ID
    await files.restart()
    expect((await identityOf(files)).ID).toBe(before)
  })
})
