import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { boolOption, type Query } from '../args.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { KuboErrorCode, kuboErrorBody } from '../errors.ts'
import { collectGarbage } from '../gc.ts'

/**
 * `repo/gc` in Kubo's shape: one `{"Key":{"/":"<cid>"}}` line per removed block, streamed as they go
 * (CIDv1 raw, since the store knows blocks by multihash only, as Kubo's does). With `stream-errors` a
 * block that could not be removed is an `{"Error":"..."}` line; without it, the run ends in one error line
 * and Kubo's X-Stream-Error trailer. `silent` writes no lines; `quiet` changes only the CLI's text in Kubo.
 */
export function repoGcRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const query = request.query as Query
    const streamErrors = boolOption(query, false, 'stream-errors')
    const silent = boolOption(query, false, 'silent')
    boolOption(query, false, 'quiet', 'q')

    const output = new PassThrough()
    // A client that leaves mid-run destroys the stream; the gc still finishes, its lines go nowhere.
    output.on('error', () => {})
    let streamError = ''
    reply.trailer('X-Stream-Error', async () => streamError)
    void reply.code(200).headers({ 'content-type': jsonType, 'x-chunked-output': '1' }).send(output)
    try {
      const { errors } = await collectGarbage(context, (event) => {
        if (silent) return
        if ('removed' in event) output.write(`${JSON.stringify({ Key: { '/': event.removed } })}\n`)
        else if (streamErrors) output.write(`${JSON.stringify({ Error: event.error })}\n`)
      })
      if (errors > 0 && !streamErrors) streamError = 'encountered errors during gc run'
    } catch (error) {
      context.log(`files: repo/gc failed: ${(error as Error).message}`)
      streamError = 'gc failed: internal error'
    }
    if (streamError) output.end(`${JSON.stringify(kuboErrorBody(streamError, KuboErrorCode.normal))}\n`)
    else output.end()
    return reply
  }
}
