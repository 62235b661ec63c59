import * as dagCbor from '@ipld/dag-cbor'
import * as dagJson from '@ipld/dag-json'
import * as dagPb from '@ipld/dag-pb'
import { createUnsafe } from 'multiformats/block'
import type { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { identity } from 'multiformats/hashes/identity'
import type { BlockReading } from './content.ts'
import { badRequest, toFilesError } from './errors.ts'
import { missingBlock } from './content.ts'

/** The codecs whose links a walk follows: UnixFS's two, and the IPLD data codecs Kubo reads. */
const codecs = new Map<number, { code: number; name: string; decode(bytes: Uint8Array): unknown }>(
  [dagPb, raw, dagCbor, dagJson].map((codec) => [codec.code, codec as { code: number; name: string; decode(bytes: Uint8Array): unknown }]),
)

export function codecName(cid: CID): string {
  return codecs.get(cid.code)?.name ?? `0x${cid.code.toString(16)}`
}

/** A block's bytes: the store's (or a connected peer's, per `reading`), or the CID's own for an identity CID. */
export async function readBlock(reading: BlockReading, cid: CID): Promise<Uint8Array> {
  if (cid.multihash.code === identity.code) return cid.multihash.digest
  try {
    const chunks: Uint8Array[] = []
    for await (const chunk of reading.blocks.get(cid, { signal: reading.signal })) chunks.push(chunk)
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
  } catch (error) {
    if (reading.signal?.aborted || toFilesError(error)?.status === 404) throw missingBlock(reading, cid.toString())
    throw error
  }
}

/** A block's node in the IPLD data model (a raw block: its bytes). */
export function decodeBlock(cid: CID, bytes: Uint8Array): unknown {
  const codec = codecs.get(cid.code)
  if (!codec) throw badRequest(`the block ${cid.toString()} has codec ${codecName(cid)}, which this store cannot read`)
  return codec.decode(bytes)
}

/** The CIDs a block links to, in the order its codec lists them. */
export function linksOf(cid: CID, bytes: Uint8Array): CID[] {
  const codec = codecs.get(cid.code)
  if (!codec) throw badRequest(`the block ${cid.toString()} has codec ${codecName(cid)}, which this store cannot read`)
  if (cid.code === raw.code) return []
  const block = createUnsafe({ bytes, cid, codec, value: codec.decode(bytes) })
  return [...block.links()].map(([, link]) => link)
}

export type WalkedBlock = { cid: CID; bytes: Uint8Array }

/**
 * Every block of the DAG under `root`, depth first, a node before its links and links in their order, each
 * block once (Kubo's dag stat and dag export walk so: boxo's traverse, DFSPre, SkipDuplicates).
 */
export async function* walkDag(reading: BlockReading, root: CID): AsyncGenerator<WalkedBlock> {
  const seen = new Set<string>()
  const stack: CID[] = [root]
  for (let cid = stack.pop(); cid; cid = stack.pop()) {
    const key = cid.toString()
    if (seen.has(key)) continue
    seen.add(key)
    const bytes = await readBlock(reading, cid)
    yield { cid, bytes }
    const links = linksOf(cid, bytes)
    for (let index = links.length - 1; index >= 0; index--) stack.push(links[index]!)
  }
}
