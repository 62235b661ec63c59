import * as dagCbor from '@ipld/dag-cbor'
import * as dagJson from '@ipld/dag-json'
import * as dagPb from '@ipld/dag-pb'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CID } from 'multiformats/cid'
import { contentPathArgs, option, type ContentPath, type Query } from '../args.ts'
import { exportEntry, type BlockReading } from '../content.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { decodeBlock, readBlock } from '../dag.ts'
import { badRequest, FileStoreError } from '../errors.ts'
import { closedSignal, readingBlocks } from '../peer.ts'

/**
 * Kubo's block and dag reads of one block: `block/stat` (its CID and size), `block/get` (its bytes), `dag/get`
 * (its decoded node, encoded as `output-codec`, dag-json by default). A path's names are followed through
 * UnixFS directories to the block they name, as Kubo resolves a path first; for dag/get the rest of a path that
 * a UnixFS directory does not hold is a path inside the decoded node (`<cid>/Links/0/Hash`, `<cid>/a/b`).
 */

/** The block a path names: its root, or the UnixFS entry its names lead to. */
async function blockAt(reading: BlockReading, path: ContentPath): Promise<CID> {
  if (path.rest.length === 0) return path.cid
  return (await exportEntry(reading, path)).cid
}

export function blockStatRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    const [path] = contentPathArgs(request.query as Query, 'cid')
    const cid = await blockAt(reading, path!)
    const bytes = await readBlock(reading, cid)
    return reply.code(200).header('content-type', jsonType).send({ Key: cid.toString(), Size: bytes.length })
  }
}

export function blockGetRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    const [path] = contentPathArgs(request.query as Query, 'cid')
    const bytes = await readBlock(reading, await blockAt(reading, path!))
    return reply
      .code(200)
      .headers({ 'content-type': 'text/plain', 'x-content-type-options': 'nosniff', 'x-stream-output': '1', 'content-length': String(bytes.length) })
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  }
}

/** The codecs dag/get writes its answer in (Kubo's output-codec; json and cbor as their dag- forms here). */
const outputCodecs: Record<string, { encode(value: unknown): Uint8Array }> = { 'dag-json': dagJson, 'dag-cbor': dagCbor }

/** Where `names` lead inside a decoded node, not crossing links (go-ipld-prime's traversal.Get on one block). */
function within(node: unknown, names: readonly string[], text: string): unknown {
  let at = node
  for (const name of names) {
    const next =
      at instanceof Uint8Array || at instanceof CID || at === null || typeof at !== 'object'
        ? undefined
        : Array.isArray(at)
          ? /^\d+$/.test(name)
            ? at[Number(name)]
            : undefined
          : Object.hasOwn(at, name)
            ? (at as Record<string, unknown>)[name]
            : undefined
    if (next === undefined) throw new FileStoreError(500, `no link named "${name}" under ${text}`, 0)
    at = next
  }
  return at
}

export function dagGetRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    const [path] = contentPathArgs(query, 'ref')
    const codecOption = option(query, 'output-codec') ?? 'dag-json'
    const output = outputCodecs[codecOption]
    if (!output) throw badRequest(`invalid encoding: ${codecOption} - unknown multicodec or not an encoder here (dag-json, dag-cbor)`)
    // The longest start of the path that names UnixFS entries; the rest is inside that block's node.
    let cid = path!.cid
    let inside: string[] = path!.rest
    // Names lead through UnixFS directories only (dag-pb); below any other node the path is inside it.
    for (let taken = path!.cid.code === dagPb.code ? path!.rest.length : -1; taken >= 0; taken--) {
      try {
        cid = await blockAt(reading, { ...path!, rest: path!.rest.slice(0, taken) })
        inside = path!.rest.slice(taken)
        break
      } catch (error) {
        if (taken === 0) throw error
      }
    }
    const bytes = await readBlock(reading, cid)
    const node = within(decodeBlock(cid, bytes), inside, path!.text)
    const encoded = output.encode(node)
    return reply
      .code(200)
      .headers({ 'content-type': 'text/plain', 'x-content-type-options': 'nosniff', 'x-stream-output': '1' })
      .send(Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength))
  }
}

