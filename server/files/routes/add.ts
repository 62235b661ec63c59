import { PassThrough } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { importer, type ImportCandidate, type ImportResult } from 'ipfs-unixfs-importer'
import { importerOptions, parseAddOptions, type AddOptions } from '../addOptions.ts'
import type { Query } from '../args.ts'
import { jsonType, type FilesContext } from '../context.ts'
import { badRequest, FileStoreError, kuboErrorBody, toFilesError } from '../errors.ts'
import { multipartParts, uploadTooLarge, type UploadPart } from '../multipart.ts'
import type { AddSession } from '../addSessions.ts'
import { discardingSink, type BlockSink } from '../store.ts'

type AddedLine = { Name: string; Hash: string; Size: string }
type ProgressLine = { Name: string; Bytes: number }

/**
 * The response, one JSON object per line as Kubo sends it. Without `progress` the lines are held until the
 * import has succeeded (they are small), so a failure still gets its own status; with `progress` they
 * stream from the first event, and a later failure arrives as a last error line plus Kubo's
 * X-Stream-Error trailer.
 */
class AddOutput {
  private readonly held: string[] = []
  private stream: PassThrough | null = null
  private streamError = ''

  constructor(
    private readonly reply: FastifyReply,
    private readonly streaming: boolean,
  ) {}

  get started(): boolean {
    return this.stream !== null
  }

  write(line: AddedLine | ProgressLine): void {
    const text = `${JSON.stringify(line)}\n`
    if (!this.streaming) {
      this.held.push(text)
      return
    }
    if (!this.stream) {
      this.stream = new PassThrough()
      // A client that leaves mid-answer destroys the stream; the add's own failure path handles the rest.
      this.stream.on('error', () => {})
      // Declared only once streaming starts, so an error answered before that stays a plain JSON reply.
      this.reply.trailer('X-Stream-Error', async () => this.streamError)
      void this.reply.code(200).headers(addHeaders).send(this.stream)
    }
    this.stream.write(text)
  }

  finish(): void {
    if (this.stream) this.stream.end()
    else void this.reply.code(200).headers(addHeaders).send(this.held.join(''))
  }

  failAfterStart(error: FileStoreError): void {
    this.streamError = error.message
    this.stream?.end(`${JSON.stringify(kuboErrorBody(error.message, error.code))}\n`)
  }
}

const addHeaders = { 'content-type': jsonType, 'x-chunked-output': '1' }

export function addRoute(context: FilesContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let output: AddOutput | null = null
    let session: AddSession | null = null
    try {
      const options = parseAddOptions(request.query as Query)
      // A declared size over the limit is refused before a byte of the body is read.
      const declared = Number(request.headers['content-length'])
      if (Number.isFinite(declared) && declared > context.maxUploadBytes) throw uploadTooLarge(context.maxUploadBytes)

      output = new AddOutput(reply, options.progress)
      session = options.onlyHash ? null : await context.sessions.begin()
      const added = await runImport(request, options, output, context.maxUploadBytes, session ?? discardingSink)
      if (options.pin && added.length > 0) await context.gcLock.shared(() => context.pins.add(added, 'recursive'))
      // Only now, with its pins on disk, is the add done: until here a kill leaves its journal for the next start.
      await session?.finish()
      output.finish()
      return reply
    } catch (error) {
      // Whatever stopped the add (the client gone, a bad form, the size limit, a full disk), its blocks go.
      await session?.abandon().catch((cleanupError: Error) => context.log(`files: cleanup of an unfinished add failed: ${cleanupError.message}`))
      const known = toFilesError(error)
      if (!known) context.log(`files: add failed: ${error instanceof Error ? error.message : String(error)}`)
      const failure = known ?? new FileStoreError(500, 'add failed: internal error')
      if (!output?.started) {
        // The body may still be arriving; close the connection after answering rather than read the rest.
        reply.header('connection', 'close')
        throw failure
      }
      output.failAfterStart(failure)
      // Headers are out, so no Connection: close; end the connection once the error line is sent instead.
      if (!request.raw.complete) reply.raw.once('finish', () => request.raw.socket?.destroy())
      return reply
    }
  }
}

/** Imports every part; resolves with the CIDs to pin (the top-level entries, as Kubo pins them). */
async function runImport(request: FastifyRequest, options: AddOptions, output: AddOutput, maxBytes: number, sink: BlockSink): Promise<string[]> {
  let files = 0
  const parts = multipartParts(request.raw, {
    maxBytes,
    onFileBytes: options.progress ? (name, bytes) => output.write({ Name: name ?? '', Bytes: bytes }) : undefined,
  })
  // Checks that need the parts themselves run here, inside the importer's source, so a bad request stops
  // the import before anything (a wrapping directory, say) is reported.
  async function* candidates(): AsyncGenerator<ImportCandidate> {
    for await (const part of parts) {
      if (part.kind === 'file') {
        files++
        if (part.path === undefined && options.wrapWithDirectory) throw badRequest('wrap-with-directory needs a file name for every part')
      }
      yield toCandidate(part)
    }
    if (files === 0) throw badRequest('file argument was nil: no file in the request (send a multipart/form-data part with a filename)')
  }

  const results: ImportResult[] = []
  for await (const result of importer(candidates(), sink, importerOptions(options))) {
    const hash = result.cid.toString()
    // A nameless part is listed under its hash, as Kubo lists stdin.
    output.write({ Name: result.path ?? hash, Hash: hash, Size: String(result.size) })
    results.push(result)
  }
  return topLevel(results, options)
}

function toCandidate(part: UploadPart): ImportCandidate {
  return part.kind === 'directory' ? { path: part.path } : part.path === undefined ? { content: part.content } : { path: part.path, content: part.content }
}

/** Kubo pins what it reports at the top: the wrapping directory, or each top-level file and directory. */
function topLevel(results: ImportResult[], options: AddOptions): string[] {
  if (options.wrapWithDirectory) {
    const root = results.at(-1)
    return root ? [root.cid.toString()] : []
  }
  const roots = results.filter((result) => !result.path || !result.path.includes('/'))
  return [...new Set(roots.map((result) => result.cid.toString()))]
}
