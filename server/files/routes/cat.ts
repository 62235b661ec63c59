import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { contentPathArgs, nonNegativeIntOption, type Query } from '../args.ts'
import { fileBytes, resolveFile, type ReadableFile } from '../content.ts'
import type { FilesContext } from '../context.ts'
import { closedSignal, readingBlocks } from '../peer.ts'

/**
 * `cat`: the raw bytes, streamed. Several `arg`s are concatenated and `offset`/`length` apply to the
 * whole, as in Kubo (so a preview can ask for the first MiB and only those blocks are read). Every path is
 * resolved before the first byte, so a missing one is a clean 404 rather than a cut-off body. Blocks the store
 * lacks come from the connected peers (peer.ts readingBlocks).
 */
export function catRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const paths = contentPathArgs(query, 'ipfs-path')
    const offset = nonNegativeIntOption(query, 'offset') ?? 0
    const length = nonNegativeIntOption(query, 'length')

    const closed = closedSignal(request)
    const reading = readingBlocks(context.peer, context.store, context.peerWaitMs, closed)
    const files: ReadableFile[] = []
    for (const path of paths) files.push(await resolveFile(reading, path))
    const total = files.reduce((sum, file) => sum + file.size, 0)
    const start = Math.min(offset, total)
    const end = length === undefined ? total : Math.min(total, start + length)

    return reply
      .code(200)
      .headers({
        // Kubo's stream headers; text/plain with nosniff so a browser never renders stored bytes as a page.
        'content-type': 'text/plain',
        'x-content-type-options': 'nosniff',
        'x-stream-output': '1',
        'x-content-length': String(end - start),
        'content-length': String(end - start),
      })
      .send(Readable.from(rangeOf(files, start, end, closed), { objectMode: false }))
  }
}

async function* rangeOf(files: ReadableFile[], start: number, end: number, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  let position = 0
  for (const file of files) {
    const from = Math.max(start, position)
    const to = Math.min(end, position + file.size)
    if (to > from) yield* fileBytes(file, from - position, to - from, signal)
    position += file.size
    if (position >= end) return
  }
}
