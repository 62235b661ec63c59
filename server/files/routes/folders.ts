import { Readable } from 'node:stream'
import * as dagPb from '@ipld/dag-pb'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CID } from 'multiformats/cid'
import { argValues, boolOption, nonNegativeIntOption, parseContentPath, type Query } from '../args.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { readBlock } from '../dag.ts'
import { badRequest, FileStoreError } from '../errors.ts'
import { noSuchFile, treePath, type TreeEntry } from '../folders.ts'
import type { FolderTree } from '../folderTree.ts'
import { multipartParts } from '../multipart.ts'

/**
 * Kubo's `files/*` over the node's folder tree (folders.ts; folderTree.ts, loaded by the first call), with Kubo's
 * options, answers and words. Every change runs while no gc does (GcLock), so the blocks it writes are kept by the
 * new root before a gc can see them.
 */


const send = (reply: FastifyReply, body: unknown) => reply.code(200).header('content-type', jsonType).send(body)
const done = (reply: FastifyReply) => reply.code(200).send()

/** MFS listing types: 0 a file, 1 a directory (boxo mfs NodeType). */
const listingType = (entry: TreeEntry) => (entry.type === 'directory' ? 1 : 0)

export function filesMkdirRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const { names } = treePath(argValues(query)[0])
    await context.gcLock.shared(() => tree.mkdir(names, boolOption(query, false, 'parents', 'p')))
    return done(reply)
  }
}

/** A body's bytes, all of them or the first `count`. */
async function* upTo(content: AsyncIterable<Uint8Array>, count: number | undefined): AsyncGenerator<Uint8Array> {
  let left = count ?? Number.POSITIVE_INFINITY
  for await (const chunk of content) {
    if (left <= 0) continue
    const piece = chunk.length > left ? chunk.subarray(0, left) : chunk
    left -= piece.length
    yield piece
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}

/**
 * `files/write`: the body's file at a path, imported with Kubo's defaults. A new file (with `create`) or a
 * truncated one is streamed straight in; writing into an existing file at `offset` keeps its other bytes.
 */
export function filesWriteRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const { names } = treePath(argValues(query)[0])
    if (names.length === 0) throw badRequest('cannot write to the root directory')
    const create = boolOption(query, false, 'create', 'e')
    const parents = boolOption(query, false, 'parents', 'p')
    const truncate = boolOption(query, false, 'truncate', 't')
    const offset = nonNegativeIntOption(query, 'offset') ?? 0
    const count = nonNegativeIntOption(query, 'count')
    await context.gcLock.shared(async () => {
      const existing = await tree.lookup(names)
      if (existing?.type === 'directory') throw new FileStoreError(500, `${names.join('/')} was not a file`, 0)
      if (!existing && !create) throw noSuchFile()
      let cid: CID | null = null
      for await (const part of multipartParts(request.raw, { maxBytes: context.maxUploadBytes })) {
        if (part.kind !== 'file' || cid) continue
        if ((!existing || truncate) && offset === 0) {
          cid = await tree.files.addByteStream(upTo(part.content, count), tree.fileImport)
        } else {
          const before = existing && !truncate ? await collect(tree.files.cat(existing.cid, { offline: true })) : Buffer.alloc(0)
          const data = await collect(upTo(part.content, count))
          const after = Buffer.alloc(Math.max(before.length, offset + data.length))
          before.copy(after)
          data.copy(after, offset)
          cid = await tree.files.addBytes(after, tree.fileImport)
        }
      }
      if (!cid) throw badRequest('argument "data" is required')
      await tree.put(names, cid, { force: true, parents })
    })
    return done(reply)
  }
}

/** `files/ls`: a directory's entries sorted by name (or in its order with `U`), with `long` their type, size and CID. */
export function filesLsRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const { names } = treePath(argValues(query)[0] ?? '/')
    const long = boolOption(query, false, 'long', 'l')
    const unsorted = boolOption(query, false, 'U')
    const listing = (name: string, entry: TreeEntry) =>
      long ? { Name: name, Type: listingType(entry), Size: entry.size, Hash: entry.cid.toString() } : { Name: name, Type: 0, Size: 0, Hash: '' }
    const found = await tree.lookup(names)
    if (!found) throw noSuchFile()
    if (found.type === 'file') return send(reply, { Entries: [listing(names.at(-1)!, found)] })
    const entries: Array<{ Name: string; Type: number; Size: number; Hash: string }> = []
    // Without `long` Kubo answers names alone: no entry is read.
    for await (const { name, entry } of tree.list(names, long)) entries.push(entry ? listing(name, entry) : { Name: name, Type: 0, Size: 0, Hash: '' })
    if (!unsorted) entries.sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0))
    return send(reply, { Entries: entries.length === 0 ? null : entries })
  }
}

/** `files/stat`: the entry's CID, size, its DAG's cumulative size (the node plus its links' sizes) and links, its type. */
export function filesStatRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const { names } = treePath(argValues(request.query as Query)[0])
    const found = await tree.lookup(names)
    if (!found) throw noSuchFile()
    let cumulativeSize = found.size
    let blocks = 0
    if (found.cid.code === dagPb.code) {
      const bytes = await readBlock({ blocks: context.store, peers: 0 }, found.cid)
      const node = dagPb.decode(bytes)
      blocks = node.Links.length
      cumulativeSize = bytes.length + node.Links.reduce((sum, link) => sum + (link.Tsize ?? 0), 0)
    }
    return send(reply, { Hash: found.cid.toString(), Size: found.size, CumulativeSize: cumulativeSize, Blocks: blocks, Type: found.type })
  }
}

export function filesRmRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const paths = argValues(query)
    if (paths.length === 0) throw badRequest('argument "path" is required')
    const recursive = boolOption(query, false, 'recursive', 'r') || boolOption(query, false, 'force')
    await context.gcLock.shared(async () => {
      for (const text of paths) await tree.remove(treePath(text).names, recursive)
    })
    return done(reply)
  }
}

export function filesMvRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const [from, to] = argValues(request.query as Query)
    if (from === undefined || to === undefined) throw badRequest(`argument "${from === undefined ? 'source' : 'dest'}" is required`)
    await context.gcLock.shared(() => tree.move(treePath(from).names, treePath(to).names))
    return done(reply)
  }
}

/** `files/cp`: an `/ipfs/` path (something the store holds) or a tree path, put at a new path in the tree. */
export function filesCpRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const [from, to] = argValues(query)
    if (from === undefined || to === undefined) throw badRequest(`argument "${from === undefined ? 'source' : 'dest'}" is required`)
    const destination = treePath(to).names
    await context.gcLock.shared(async () => {
      let source: CID
      if (from.startsWith('/ipfs/')) {
        source = await resolveHeld(tree, from)
      } else {
        const found = await tree.lookup(treePath(from).names)
        if (!found) throw noSuchFile()
        source = found.cid
      }
      await tree.put(destination, source, { force: boolOption(query, false, 'force'), parents: boolOption(query, false, 'parents', 'p') })
    })
    return done(reply)
  }
}

/** The CID an `/ipfs/` path names, a file or a directory, among the blocks the store holds. */
async function resolveHeld(tree: FolderTree, text: string): Promise<CID> {
  const path = parseContentPath(text)
  const stats = await tree.files.stat(path.cid, { path: path.rest.join('/'), offline: true }).catch(() => null)
  if (!stats) throw noSuchFile()
  return stats.cid
}

/** `files/read`: a file's bytes, from `offset`, `count` of them. */
export function filesReadRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const tree = await context.folders.tree()
    const query = request.query as Query
    const { names } = treePath(argValues(query)[0])
    const found = await tree.lookup(names)
    if (!found) throw noSuchFile()
    if (found.type !== 'file') throw new FileStoreError(500, `${names.join('/')} was not a file`, 0)
    const offset = nonNegativeIntOption(query, 'offset') ?? 0
    const count = nonNegativeIntOption(query, 'count')
    const start = Math.min(offset, found.size)
    const length = Math.max(0, Math.min(found.size - start, count ?? Number.POSITIVE_INFINITY))
    return reply
      .code(200)
      .headers({ 'content-type': 'text/plain', 'x-content-type-options': 'nosniff', 'x-stream-output': '1', 'x-content-length': String(length) })
      .send(Readable.from(length === 0 ? [] : tree.files.cat(found.cid, { offset: start, length, offline: true }), { objectMode: false }))
  }
}
