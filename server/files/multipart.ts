import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { Transform, type Readable, type TransformCallback } from 'node:stream'
import busboy from 'busboy'
import { FileStoreError, badRequest } from './errors.ts'

/** One part of an upload, in the order the client sent it. `path` is undefined for a nameless part. */
export type UploadPart =
  | { kind: 'file'; path: string | undefined; content: AsyncIterable<Uint8Array> }
  | { kind: 'directory'; path: string }

export type MultipartOptions = {
  /** Largest request body, counted as it arrives; one byte more fails the upload with 413. */
  maxBytes: number
  /** Bytes of one file read so far (Kubo's progress events), called as the importer pulls the data. */
  onFileBytes?: (path: string | undefined, bytes: number) => void
}

/** Kubo reports progress every 256 KiB read, and once more at the end of each file. */
const progressStep = 256 * 1024

/**
 * Kubo's client sends names URL-escaped (go's url.QueryUnescape: `%xx` and `+` for space), then cleans
 * them as a path rooted at `/`, so `../x` cannot climb out. An empty result means "no name".
 */
/** One file part's bytes as busboy hands them over. */
type FileStream = Readable

export function cleanPartName(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined
  let name = raw
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    // Kubo keeps a name that does not unescape as it is.
  }
  const cleaned = path.posix.normalize(`/${name}`).replace(/^\/+/, '').replace(/\/+$/, '')
  return cleaned === '' || cleaned === '.' ? undefined : cleaned
}

class ByteCounter extends Transform {
  private total = 0
  constructor(private readonly maxBytes: number) {
    super()
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length
    if (this.total > this.maxBytes) callback(uploadTooLarge(this.maxBytes))
    else callback(null, chunk)
  }
}

/** The client went away mid-body: its own doing, so a 400 that nobody will read, and not an internal error. */
function uploadInterrupted(reason: string): FileStoreError {
  return badRequest(`upload interrupted: ${reason}`)
}

export function uploadTooLarge(maxBytes: number): FileStoreError {
  return new FileStoreError(413, `upload is larger than the limit of ${maxBytes} bytes`)
}

/**
 * The parts of a multipart/form-data body as they arrive, each file's content streamed straight from the
 * socket: nothing is buffered beyond the streams' own high-water marks, and busboy's backpressure holds the
 * socket while the importer works. The consumer must read a file's content to the end before asking for the
 * next part (the importer does, with fileImportConcurrency 1).
 *
 * Any failure (client gone mid-body, malformed form, size limit) errors the file being read, so the
 * importer stops and nothing is reported as added.
 */
export async function* multipartParts(request: IncomingMessage, options: MultipartOptions): AsyncGenerator<UploadPart> {
  const contentType = String(request.headers['content-type'] ?? '')
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw badRequest('file argument was nil: send the file as multipart/form-data (Content-Type: multipart/form-data; boundary=...)')
  }
  // The listeners below see only what happens from now on: a client that went away before the handler ran
  // (during the auth hook, or while the add's journal was opened) would otherwise leave the import waiting
  // for a body that never comes.
  if (request.destroyed || (!request.complete && request.socket?.destroyed !== false)) {
    throw uploadInterrupted('the client closed the connection before the end of the body')
  }
  let parser: busboy.Busboy
  try {
    parser = busboy({ headers: request.headers, preservePath: true, defParamCharset: 'utf8', limits: { fields: 1000, fieldSize: 64 * 1024 } })
  } catch (error) {
    throw badRequest(`malformed multipart request: ${(error as Error).message}`)
  }
  const counter = new ByteCounter(options.maxBytes)

  type Arrived = { stream: FileStream; info: busboy.FileInfo }
  const arrived: Arrived[] = []
  let current: FileStream | null = null
  let finished = false
  let failure: Error | null = null
  let wake: (() => void) | null = null
  const notify = () => {
    wake?.()
    wake = null
  }
  const fail = (error: Error) => {
    if (failure || finished) return
    failure = error
    request.unpipe(counter)
    counter.unpipe(parser)
    // Destroying the parser errors the file stream it is writing; the one we hand out may be an earlier one.
    parser.destroy(error)
    current?.destroy(error)
    notify()
  }

  parser.on('file', (_field, stream, info) => {
    // busboy destroys the file being written with the form's error (a cut-off body, say). A part nobody reads
    // any more (the import stopped first) would have no listener, and that 'error' would stop the process;
    // a reader still sees the error through its own iteration.
    stream.on('error', () => {})
    // Kubo takes every part as a file whatever the form field is called (its own client names them file-0, file-1...).
    arrived.push({ stream, info })
    notify()
  })
  parser.on('field', () => {
    // Plain text fields carry no file (no filename); Kubo's clients do not send them.
  })
  parser.on('close', () => {
    finished = true
    notify()
  })
  parser.on('error', (error: Error) => fail(badRequest(`malformed multipart request: ${error.message}`)))
  counter.on('error', (error) => fail(error))
  request.on('error', (error) => fail(uploadInterrupted(error.message)))
  request.on('close', () => {
    if (!request.complete) fail(uploadInterrupted('the client closed the connection before the end of the body'))
  })
  request.pipe(counter).pipe(parser)

  try {
    for (;;) {
      if (failure) throw failure
      const next = arrived.shift()
      if (next) {
        current = next.stream
        const part = toPart(next.stream, next.info, options)
        if (part) yield part
        continue
      }
      if (finished) return
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  } finally {
    // The consumer stopped early (its own error): stop reading the body, without destroying the socket the
    // error response still has to go out on.
    if (!finished && !failure) {
      failure = new Error('upload abandoned')
      request.unpipe(counter)
      parser.destroy()
      request.resume()
    }
  }
}

function toPart(stream: FileStream, info: busboy.FileInfo, options: MultipartOptions): UploadPart | null {
  const name = cleanPartName(info.filename)
  const mimeType = info.mimeType.toLowerCase()
  if (mimeType === 'application/x-directory' || mimeType === 'multipart/form-data') {
    stream.resume()
    return name === undefined ? null : { kind: 'directory', path: name }
  }
  if (mimeType === 'application/symlink') {
    stream.resume()
    throw badRequest(`symlinks are not supported by this file service (part "${name ?? ''}")`)
  }
  return { kind: 'file', path: name, content: countedContent(stream, name, options.onFileBytes) }
}

async function* countedContent(
  stream: FileStream,
  name: string | undefined,
  onBytes: MultipartOptions['onFileBytes'],
): AsyncGenerator<Uint8Array> {
  let bytes = 0
  let reported = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length
      if (onBytes && bytes - reported >= progressStep) {
        reported = bytes
        onBytes(name, bytes)
      }
      yield chunk
    }
  } catch (error) {
    // Our own failures arrive as FilesErrors; anything else here is busboy finding the form cut short or malformed.
    throw error instanceof FileStoreError ? error : badRequest(`malformed multipart request: ${(error as Error).message}`)
  }
  onBytes?.(name, bytes)
}
