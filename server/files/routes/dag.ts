import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { UnixFSEntry } from 'ipfs-unixfs-exporter'
import type { CID } from 'multiformats/cid'
import { boolOption, contentPathArgs, type ContentPath, type Query } from '../args.ts'
import { exportEntry } from '../content.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { walkDag } from '../dag.ts'
import { badRequest } from '../errors.ts'
import { orderedMap } from '../ordered.ts'
import { closedSignal, readingBlocks } from '../peer.ts'

/** A path's CID; Kubo's dag commands take a root, not a path into it. */
function rootOf(path: ContentPath, command: string): CID {
  if (path.rest.length > 0) throw badRequest(`${command}: cannot take a path inside a DAG (${path.text}): give its root CID`)
  return path.cid
}

/**
 * `dag/stat`: the blocks of each DAG and their bytes, each block counted once, as Kubo answers: with `progress`
 * (its default over HTTP) a line per block as the walk goes, then the summary (UniqueBlocks, TotalSize,
 * SharedSize, Ratio, DagStats), Kubo's omitempty fields left out when zero.
 */
export function dagStatRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const roots = contentPathArgs(query, 'root').map((path) => rootOf(path, 'dag stat'))
    const progress = boolOption(query, true, 'progress', 'p')
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    const stats: Array<{ Cid: string; Size: number; NumBlocks: number }> = []
    const counted = new Set<string>()
    let totalSize = 0
    let redundantSize = 0
    const lines: unknown[] = []
    const emit = () => lines.push({ ...(totalSize > 0 ? { TotalSize: totalSize } : {}), DagStats: stats.map(withoutZeros) })
    for (const root of roots) {
      const stat = { Cid: root.toString(), Size: 0, NumBlocks: 0 }
      stats.push(stat)
      for await (const { cid, bytes } of walkDag(reading, root)) {
        stat.Size += bytes.length
        stat.NumBlocks++
        // Across several roots a block counts once toward the totals.
        if (!counted.has(cid.toString())) totalSize += bytes.length
        counted.add(cid.toString())
        redundantSize += bytes.length
        if (progress) emit()
      }
    }
    const summary = {
      ...(counted.size > 0 ? { UniqueBlocks: counted.size } : {}),
      ...(totalSize > 0 ? { TotalSize: totalSize } : {}),
      ...(redundantSize - totalSize > 0 ? { SharedSize: redundantSize - totalSize } : {}),
      ...(totalSize > 0 ? { Ratio: Math.fround(redundantSize / totalSize) } : {}),
      DagStats: stats.map(withoutZeros),
    }
    lines.push(summary)
    return reply
      .code(200)
      .headers({ 'content-type': jsonType, 'x-chunked-output': '1' })
      .send(lines.map((line) => JSON.stringify(line)).join('\n') + '\n')
  }
}

const withoutZeros = (stat: { Cid: string; Size: number; NumBlocks: number }) => ({
  Cid: stat.Cid,
  ...(stat.Size > 0 ? { Size: stat.Size } : {}),
  ...(stat.NumBlocks > 0 ? { NumBlocks: stat.NumBlocks } : {}),
})

/**
 * `dag/export`: the DAG under a root as a CARv1 (@ipld/car), its blocks in the walk's order. Every block is read
 * once before the first byte goes out, so a missing one is a 404 rather than a cut-off file.
 */
export function dagExportRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const [path] = contentPathArgs(request.query as Query, 'root')
    const root = rootOf(path!, 'dag export')
    const closed = closedSignal(request)
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closed)
    for await (const block of walkDag(reading, root)) void block
    // @ipld/car is loaded by the first export or import only: most services never make or read a CAR.
    const { CarWriter } = await import('@ipld/car')
    const { writer, out } = CarWriter.create([root])
    void (async () => {
      try {
        // The blocks are all here now: read again from the store, with no peer to wait for.
        for await (const block of walkDag({ blocks: context.store, peers: 0 }, root)) await writer.put(block)
      } finally {
        await writer.close()
      }
    })().catch(() => {})
    return reply
      .code(200)
      .headers({ 'content-type': 'application/vnd.ipld.car', 'x-content-type-options': 'nosniff', 'x-stream-output': '1' })
      .send(Readable.from(out, { objectMode: false }))
  }
}

/** UnixFS's type numbers as Kubo's ls answers them (unixfs.proto Data.DataType). */
const lsType = { directory: 1, file: 2, raw: 2, identity: 2, object: 0 } as const

type LsLink = { Name: string; Hash: string; Size: number; Type: number; Target: string; Mode: number; ModTime: string }

/** Go's zero time, which Kubo's ls sends for an entry without a modification time. */
const zeroTime = '0001-01-01T00:00:00Z'

function lsLink(name: string, entry: UnixFSEntry): LsLink {
  const unixfs = entry.type === 'file' || entry.type === 'directory' ? entry.unixfs : undefined
  const mtime = unixfs?.mtime
  return {
    Name: name,
    Hash: entry.cid.toString(),
    // A file's size; a directory's is 0, as Kubo's (FileSize of a directory node).
    Size: entry.type === 'directory' ? 0 : Number(entry.size),
    Type: lsType[entry.type],
    Target: '',
    Mode: 0,
    ModTime: mtime ? new Date(Number(mtime.secs) * 1000 + Math.floor((mtime.nsecs ?? 0) / 1e6)).toISOString() : zeroTime,
  }
}

/** A link's line when its child is not read (`resolve-type` and `size` false): Kubo's, with no type and no size. */
const unresolvedLink = (name: string, cid: CID): LsLink => ({ Name: name, Hash: cid.toString(), Size: 0, Type: 0, Target: '', Mode: 0, ModTime: zeroTime })

/**
 * `ls`: a directory's entries (a sharded one's too), or a file's chunks (unnamed), each with its CID, size and
 * type, as Kubo's ls answers: sorted by name in one answer, or with `stream` each entry on its own line as it
 * is read, in the directory's order (`{"Objects":[{"Hash":path,"Links":[link]}]}`), which is what lets a client
 * show a folder of 10,000 before the last entry is read. With `resolve-type` and `size` false the children are
 * not read at all. Children are read several at a time (ordered.ts).
 */
export function lsRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const paths = contentPathArgs(query, 'ipfs-path')
    const stream = boolOption(query, false, 'stream', 's')
    const resolve = boolOption(query, true, 'resolve-type') || boolOption(query, true, 'size')
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closedSignal(request))
    // Every path is resolved before the answer starts, so a missing one is still an error status.
    const entries = await Promise.all(paths.map((path) => exportEntry(reading, path)))
    const link = async ({ name, cid }: { name: string; cid: CID }) =>
      resolve ? lsLink(name, await exportEntry(reading, { cid, rest: [], text: cid.toString() })) : unresolvedLink(name, cid)
    const linksOf = (entry: UnixFSEntry): AsyncIterable<LsLink> => {
      if (entry.type === 'directory') return orderedMap(entry.entries({ signal: reading.signal }), link)
      if (entry.type === 'file') return orderedMap(fromArray(entry.node.Links.map((each) => ({ name: each.Name ?? '', cid: each.Hash }))), link)
      return fromArray([])
    }
    if (stream) {
      async function* lines(): AsyncGenerator<string> {
        for (const [index, entry] of entries.entries()) {
          for await (const each of linksOf(entry)) yield JSON.stringify({ Objects: [{ Hash: paths[index]!.text, Links: [each] }] }) + '\n'
        }
      }
      return reply
        .code(200)
        .headers({ 'content-type': jsonType, 'x-chunked-output': '1' })
        .send(Readable.from(batchedLines(lines()), { objectMode: false }))
    }
    const objects: Array<{ Hash: string; Links: LsLink[] }> = []
    for (const [index, entry] of entries.entries()) {
      const links: LsLink[] = []
      for await (const each of linksOf(entry)) links.push(each)
      links.sort((a, b) => (a.Name < b.Name ? -1 : a.Name > b.Name ? 1 : 0))
      objects.push({ Hash: paths[index]!.text, Links: links })
    }
    return reply.code(200).header('content-type', jsonType).send({ Objects: objects })
  }
}

async function* fromArray<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items
}

/**
 * Lines sent in batches: those ready within a turn of the event loop go out as one write (a write per line
 * of a 10,000-entry listing cost more than reading the entries).
 */
async function* batchedLines(lines: AsyncGenerator<string>): AsyncGenerator<Buffer> {
  let batch: string[] = []
  let since = performance.now()
  for await (const line of lines) {
    batch.push(line)
    if (batch.length >= 100 || performance.now() - since > 20) {
      yield Buffer.from(batch.join(''))
      batch = []
      since = performance.now()
    }
  }
  if (batch.length > 0) yield Buffer.from(batch.join(''))
}
