import * as v from 'valibot'
import { errorFromAnswer, FilesError, parseKuboError, redact, type FilesCommand } from './errors.ts'
import type { FolderUpload } from './folderUpload.ts'
import { xhrUpload, type UploadTransport } from './upload.ts'

/**
 * The file-store client: the spec's Part B (Kubo's RPC subset) over HTTP POST with HTTP Basic auth. Every call
 * goes to `{ipfsUrl}/api/v0/<command>`; the key and secret travel in the Authorization header only, never in
 * a URL, a log line or an error message.
 */

export type FilesEndpoint = {
  /** {ipfs_url}: scheme, host and port (a path prefix is kept). */
  url: string
  key: string
  secret: string
}

/** Kubo's `add` options that this client passes through (the service refuses any it does not implement). */
export type AddRequestOptions = {
  /** Pin what was added (Kubo's default: true). */
  pin?: boolean
  /** 0 (Kubo's default) or 1; CIDv1 implies raw leaves unless `rawLeaves` says otherwise. */
  cidVersion?: 0 | 1
  rawLeaves?: boolean
  wrapWithDirectory?: boolean
  /** Compute the CID without storing anything. */
  onlyHash?: boolean
}

/** What `add` reports for each entry (Kubo's Name, Hash, Size); `dagSize` is the DAG's size, not the file's. */
export type AddedEntry = { name: string; cid: string; dagSize: number }

export type AddedFile = {
  /** The file's name as the service recorded it. */
  name: string
  /** The top-level CID, as returned (v0 unless cidVersion 1): the wrapping directory's with wrapWithDirectory. */
  cid: string
  /** The file's own size in bytes. */
  size: number
  /** Kubo's `Size` of the top-level entry: the encoded DAG, a little more than the file. */
  dagSize: number
  pinned: boolean
  entries: AddedEntry[]
}

export type UploadProgress = { loaded: number; total: number }

/** A File, or any Blob with a name. */
export type AddInput = Blob & { readonly name?: string }

export type AddFileOptions = {
  /** The file's bytes sent so far: increasing, ending at the file's size. */
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
  options?: AddRequestOptions
}

export type AddManyOptions = {
  onProgress?: (event: UploadProgress & { index: number }) => void
  signal?: AbortSignal
  options?: AddRequestOptions
  /** Requests in flight at once; default 3 (a browser opens at most 6 per host). */
  concurrency?: number
}

export type AddOutcome = { ok: true; added: AddedFile } | { ok: false; error: FilesError }

export type PinType = 'recursive' | 'direct' | 'indirect'
export type Pin = { cid: string; type: PinType }

export type FilesVersion = { version: string; commit: string | null; system: string | null }

export type CatOptions = { offset?: number; length?: number; signal?: AbortSignal }
export type FilesCallOptions = { signal?: AbortSignal }

export type FilesClient = {
  /** Where the calls go (no credentials in it). */
  readonly url: string
  /** One file, one request, with its own progress and cancel. */
  addFile(file: AddInput, options?: AddFileOptions): Promise<AddedFile>
  /** A folder with its files' paths, one request (`ipfs add -r`): the folder's directory CID, and every entry. */
  addFolder(folder: FolderUpload, options?: AddFileOptions): Promise<AddedFile>
  /** Several files, one request each; one failing does not stop the others. */
  add(files: readonly AddInput[], options?: AddManyOptions): Promise<AddOutcome[]>
  pinAdd(cid: string, options?: FilesCallOptions): Promise<string[]>
  pinRm(cid: string, options?: FilesCallOptions): Promise<string[]>
  pinLs(options?: FilesCallOptions): Promise<Pin[]>
  /** The content's bytes; `length` bounds what is read (a preview asks for the first MiB only). */
  cat(cid: string, options?: CatOptions): Promise<Uint8Array<ArrayBuffer>>
  version(options?: FilesCallOptions): Promise<FilesVersion>
  /** The store's IPFS peer: its ID and the addresses other nodes reach it at (Kubo's `id`). */
  id(options?: FilesCallOptions): Promise<PeerIdentity>
  /** A folder of the node's tree (Kubo's `files/ls --long`): its entries by name. */
  folder(path: string, options?: FilesCallOptions): Promise<FolderEntry[]>
  /** A directory by CID (Kubo's `ls`): its entries by name. */
  directory(cid: string, options?: FilesCallOptions): Promise<FolderEntry[]>
  /** The CID of a folder of the node's tree (Kubo's `files/stat`). */
  folderCid(path: string, options?: FilesCallOptions): Promise<string>
  /** An entry of the node's tree: its CID and kind (Kubo's `files/stat`). */
  stat(path: string, options?: FilesCallOptions): Promise<{ cid: string; kind: 'file' | 'folder' }>
  /**
   * A directory's entries as the store reads them (Kubo's `ls` with `stream`): batches in the directory's order
   * (a sharded directory's is its hash order), each batch what one read of the answer brought.
   */
  listDirectory(cid: string, options?: FilesCallOptions): AsyncGenerator<FolderEntry[]>
  makeFolder(path: string, options?: FilesCallOptions): Promise<void>
  /** Puts `from` (an `/ipfs/` path or a tree path) at the tree path `to`. */
  copy(from: string, to: string, options?: FilesCallOptions): Promise<void>
  move(from: string, to: string, options?: FilesCallOptions): Promise<void>
  /** Removes a tree entry, a folder with all it holds. */
  remove(path: string, options?: FilesCallOptions): Promise<void>
  /** A block's bytes (Kubo's `block/get`). */
  blockGet(cid: string, options?: FilesCallOptions): Promise<Uint8Array<ArrayBuffer>>
  /** A block's decoded node as dag-json text (Kubo's `dag/get`). */
  dagGet(cid: string, options?: FilesCallOptions): Promise<string>
  /** The DAG under a CID: its bytes, each block counted once, and its blocks (Kubo's `dag/stat`). */
  dagStat(cid: string, options?: FilesCallOptions): Promise<{ size: number; blocks: number }>
  /** The DAG under a CID as a CAR file (Kubo's `dag/export`). */
  exportCar(cid: string, options?: FilesCallOptions): Promise<Uint8Array<ArrayBuffer>>
  /** A CAR file's blocks into the store, its roots pinned (Kubo's `dag/import`): the roots, and any pin error. */
  importCar(car: Blob, options?: FilesCallOptions): Promise<Array<{ cid: string; pinError: string }>>
}

export type PeerIdentity = { id: string; addresses: string[]; agent: string }

/** An entry of a folder or a directory: its name, kind, size in bytes (0 for a folder) and CID. */
export type FolderEntry = { name: string; kind: 'file' | 'folder'; size: number; cid: string }

export type FilesClientOptions = {
  fetch?: typeof fetch
  /** How uploads are sent; XMLHttpRequest in the browser. */
  upload?: UploadTransport
}

const addedLineSchema = v.object({ Name: v.string(), Hash: v.string(), Size: v.union([v.string(), v.number()]) })
const pinsSchema = v.object({ Pins: v.array(v.string()) })
const pinLsSchema = v.object({ Keys: v.record(v.string(), v.object({ Type: v.string() })) })
const idSchema = v.object({ ID: v.string(), Addresses: v.nullable(v.array(v.string())), AgentVersion: v.string() })
const filesLsSchema = v.object({ Entries: v.nullable(v.array(v.object({ Name: v.string(), Type: v.number(), Size: v.number(), Hash: v.string() }))) })
const lsSchema = v.object({ Objects: v.array(v.object({ Links: v.nullable(v.array(v.object({ Name: v.string(), Hash: v.string(), Size: v.number(), Type: v.number() }))) })) })
const lsLineSchema = v.object({ Objects: v.array(v.object({ Links: v.nullable(v.array(v.object({ Name: v.string(), Hash: v.string(), Size: v.number(), Type: v.number() }))) })) })
const filesStatSchema = v.object({ Hash: v.string(), Type: v.string() })
const dagStatSchema = v.object({ DagStats: v.array(v.object({ Cid: v.string(), Size: v.optional(v.number()), NumBlocks: v.optional(v.number()) })) })
const importLineSchema = v.object({ Root: v.optional(v.object({ Cid: v.object({ '/': v.string() }), PinErrorMsg: v.string() })) })
const versionSchema = v.object({ Version: v.string(), Commit: v.optional(v.string()), System: v.optional(v.string()) })

/** HTTP Basic: base64 of the UTF-8 bytes of `key:secret`. */
function basicAuthorization(key: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${key}:${secret}`)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return `Basic ${btoa(binary)}`
}

/** Kubo's clients send names URL-escaped (the service unescapes them), so `%`, `+` and quotes survive. */
function partName(file: AddInput): string {
  return encodeURIComponent(file.name && file.name.length > 0 ? file.name : 'file')
}

function addQuery(options: AddRequestOptions = {}): URLSearchParams {
  const query = new URLSearchParams()
  if (options.pin === false) query.set('pin', 'false')
  if (options.cidVersion !== undefined) query.set('cid-version', String(options.cidVersion))
  if (options.rawLeaves !== undefined) query.set('raw-leaves', String(options.rawLeaves))
  if (options.wrapWithDirectory) query.set('wrap-with-directory', 'true')
  if (options.onlyHash) query.set('only-hash', 'true')
  return query
}

/** One JSON text of an answer (the whole body, or one of its lines), else a malformed answer: `what` is not JSON. */
function parseAnswerJson(text: string, command: FilesCommand, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new FilesError({ kind: 'malformed', command, detail: `${what} is not JSON` })
  }
}

/** Turns `add`'s body (one JSON object per line) into entries; an error line (a stream that failed late) throws. */
function parseAddAnswer(text: string, secrets: readonly string[]): AddedEntry[] {
  const entries: AddedEntry[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const value = parseAnswerJson(line, 'add', 'a line of the answer')
    const kubo = parseKuboError(line)
    if (kubo) throw new FilesError({ kind: 'http', command: 'add', status: 200, code: kubo.Code, detail: redact(kubo.Message, secrets) })
    // Progress lines ({Name, Bytes}) carry no Hash: skipped.
    if (typeof value === 'object' && value !== null && !('Hash' in value)) continue
    const parsed = v.safeParse(addedLineSchema, value)
    if (!parsed.success) throw new FilesError({ kind: 'malformed', command: 'add', detail: 'an added entry lacks Name, Hash or Size' })
    entries.push({ name: parsed.output.Name, cid: parsed.output.Hash, dagSize: Number(parsed.output.Size) })
  }
  if (entries.length === 0) throw new FilesError({ kind: 'malformed', command: 'add', detail: 'no added entry in the answer' })
  return entries
}

export function createFilesClient(endpoint: FilesEndpoint, clientOptions: FilesClientOptions = {}): FilesClient {
  const base = endpoint.url.replace(/\/+$/, '')
  // Host and port only: never user info a URL might carry.
  const host = URL.canParse(base) ? new URL(base).host : 'the file store'
  const authorization = basicAuthorization(endpoint.key, endpoint.secret)
  // None at all for a store the app server reaches for the page (it adds the credentials itself).
  const authorizing: Record<string, string> = endpoint.key === '' && endpoint.secret === '' ? {} : { authorization }
  // What must never appear in an error message: the secret and the header that carries it.
  const secrets = [endpoint.secret, authorization.slice('Basic '.length)]
  const fetchImpl = clientOptions.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const upload = clientOptions.upload ?? xhrUpload()
  const commandUrl = (command: FilesCommand, query?: URLSearchParams) => {
    const search = query?.toString()
    return `${base}/api/v0/${command}${search ? `?${search}` : ''}`
  }

  async function post(command: FilesCommand, query: URLSearchParams | undefined, signal: AbortSignal | undefined, body?: FormData): Promise<Response> {
    let response: Response
    try {
      response = await fetchImpl(commandUrl(command, query), { method: 'POST', headers: authorizing, signal, cache: 'no-store', body })
    } catch (error) {
      if (signal?.aborted) throw new FilesError({ kind: 'aborted', command, cause: error })
      // The fetch error says nothing useful (and might name the URL): the host is what helps.
      throw new FilesError({ kind: 'unreachable', command, detail: `no answer from ${host}` })
    }
    if (!response.ok) throw errorFromAnswer(command, response.status, await readText(response, command, signal), secrets)
    return response
  }

  async function readText(response: Response, command: FilesCommand, signal: AbortSignal | undefined): Promise<string> {
    try {
      return await response.text()
    } catch (error) {
      if (signal?.aborted) throw new FilesError({ kind: 'aborted', command, cause: error })
      throw new FilesError({ kind: 'unreachable', command, detail: 'the answer was cut off' })
    }
  }

  async function readBytes(response: Response, command: FilesCommand, signal: AbortSignal | undefined, cutOff: string): Promise<Uint8Array<ArrayBuffer>> {
    try {
      return new Uint8Array(await response.arrayBuffer())
    } catch (error) {
      if (signal?.aborted) throw new FilesError({ kind: 'aborted', command, cause: error })
      throw new FilesError({ kind: 'unreachable', command, detail: cutOff })
    }
  }

  async function postJson<T>(command: FilesCommand, query: URLSearchParams | undefined, schema: v.GenericSchema<unknown, T>, signal?: AbortSignal): Promise<T> {
    const response = await post(command, query, signal)
    const text = await readText(response, command, signal)
    const value = parseAnswerJson(text, command, 'the answer')
    const parsed = v.safeParse(schema, value)
    if (!parsed.success) throw new FilesError({ kind: 'malformed', command, detail: `unexpected shape at ${v.getDotPath(parsed.issues[0]) ?? 'the top level'}` })
    return parsed.output
  }

  const argQuery = (cid: string) => new URLSearchParams({ arg: cid })

  /** One `add` request of a multipart body whose files hold `size` bytes: its entries, progress in file bytes. */
  async function sendAdd(form: FormData, size: number, { onProgress, signal, options }: AddFileOptions): Promise<AddedEntry[]> {
    let reported = -1
    const report = (loaded: number) => {
      // The browser counts the whole multipart body; the files are nearly all of it. Never step back.
      const clamped = Math.min(size, Math.max(0, Math.round(loaded)))
      if (clamped <= reported) return
      reported = clamped
      onProgress?.({ loaded: clamped, total: size })
    }
    const answer = await upload({
      url: commandUrl('add', addQuery(options)),
      headers: authorizing,
      body: form,
      onProgress: (loaded, total) => report(total > 0 ? (loaded / total) * size : 0),
      signal,
    })
    if (!answer.ok) throw new FilesError({ kind: answer.failure, command: 'add', detail: answer.failure === 'unreachable' ? `no answer from ${host}` : '' })
    if (answer.status < 200 || answer.status > 299) throw errorFromAnswer('add', answer.status, answer.text, secrets)
    const entries = parseAddAnswer(answer.text, secrets)
    report(size)
    return entries
  }

  const client: FilesClient = {
    url: base,

    async addFile(file, { onProgress, signal, options } = {}) {
      const form = new FormData()
      form.append('file', file, partName(file))
      const entries = await sendAdd(form, file.size, { onProgress, signal, options })
      const top = entries.at(-1)!
      const own = options?.wrapWithDirectory ? (entries.find((entry) => entry !== top) ?? top) : top
      return { name: own.name, cid: top.cid, size: file.size, dagSize: top.dagSize, pinned: options?.pin !== false && !options?.onlyHash, entries }
    },

    async addFolder(folder, { onProgress, signal, options } = {}) {
      // As kubo-rpc-client sends `ipfs add -r`: a part per directory (so an empty one stays), then the files,
      // each named by its path from the folder down, URL-escaped.
      const form = new FormData()
      for (const directory of folder.directories) form.append('file', new Blob([], { type: 'application/x-directory' }), encodeURIComponent(directory))
      for (const { path, file } of folder.files) form.append('file', new Blob([file], { type: 'application/octet-stream' }), encodeURIComponent(path))
      const entries = await sendAdd(form, folder.size, { onProgress, signal, options: { ...options, wrapWithDirectory: false } })
      const top = entries.find((entry) => entry.name === folder.name)
      if (!top) throw new FilesError({ kind: 'malformed', command: 'add', detail: `the answer names no directory ${folder.name}` })
      return { name: folder.name, cid: top.cid, size: folder.size, dagSize: top.dagSize, pinned: options?.pin !== false && !options?.onlyHash, entries }
    },

    async add(files, { onProgress, signal, options, concurrency = 3 } = {}) {
      const outcomes: AddOutcome[] = new Array(files.length)
      let next = 0
      const worker = async () => {
        while (next < files.length) {
          const index = next++
          try {
            const added = await client.addFile(files[index]!, {
              signal,
              options,
              onProgress: onProgress && ((progress) => onProgress({ ...progress, index })),
            })
            outcomes[index] = { ok: true, added }
          } catch (error) {
            outcomes[index] = { ok: false, error: error instanceof FilesError ? error : new FilesError({ kind: 'malformed', command: 'add', cause: error }) }
          }
        }
      }
      await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, worker))
      return outcomes
    },

    async pinAdd(cid, { signal } = {}) {
      return (await postJson('pin/add', argQuery(cid), pinsSchema, signal)).Pins
    },

    async pinRm(cid, { signal } = {}) {
      return (await postJson('pin/rm', argQuery(cid), pinsSchema, signal)).Pins
    },

    async pinLs({ signal } = {}) {
      const { Keys } = await postJson('pin/ls', undefined, pinLsSchema, signal)
      return Object.entries(Keys).map(([cid, { Type }]) => ({ cid, type: (Type === 'direct' || Type === 'indirect' ? Type : 'recursive') as PinType }))
    },

    async cat(cid, { offset, length, signal } = {}) {
      const query = argQuery(cid)
      if (offset !== undefined) query.set('offset', String(offset))
      if (length !== undefined) query.set('length', String(length))
      return readBytes(await post('cat', query, signal), 'cat', signal, 'the content was cut off')
    },

    async blockGet(cid, { signal } = {}) {
      return readBytes(await post('block/get', argQuery(cid), signal), 'block/get', signal, 'the block was cut off')
    },

    async dagGet(cid, { signal } = {}) {
      return readText(await post('dag/get', argQuery(cid), signal), 'dag/get', signal)
    },

    async dagStat(cid, { signal } = {}) {
      const text = await readText(await post('dag/stat', new URLSearchParams({ arg: cid, progress: 'false' }), signal), 'dag/stat', signal)
      const last = text.trim().split('\n').at(-1) ?? ''
      const value = parseAnswerJson(last, 'dag/stat', 'the answer')
      const parsed = v.safeParse(dagStatSchema, value)
      if (!parsed.success) throw new FilesError({ kind: 'malformed', command: 'dag/stat', detail: 'the answer has no DagStats' })
      const stat = parsed.output.DagStats[0]
      return { size: stat?.Size ?? 0, blocks: stat?.NumBlocks ?? 0 }
    },

    async exportCar(cid, { signal } = {}) {
      return readBytes(await post('dag/export', argQuery(cid), signal), 'dag/export', signal, 'the CAR file was cut off')
    },

    async importCar(car, { signal } = {}) {
      const form = new FormData()
      form.append('file', car, 'import.car')
      const text = await readText(await post('dag/import', undefined, signal, form), 'dag/import', signal)
      const roots: Array<{ cid: string; pinError: string }> = []
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue
        const value = parseAnswerJson(line, 'dag/import', 'a line of the answer')
        const parsed = v.safeParse(importLineSchema, value)
        if (!parsed.success) throw new FilesError({ kind: 'malformed', command: 'dag/import', detail: 'an answer line is not a root or stats' })
        if (parsed.output.Root) roots.push({ cid: parsed.output.Root.Cid['/'], pinError: parsed.output.Root.PinErrorMsg })
      }
      return roots
    },

    async id({ signal } = {}) {
      const answer = await postJson('id', undefined, idSchema, signal)
      return { id: answer.ID, addresses: answer.Addresses ?? [], agent: answer.AgentVersion }
    },

    async folder(path, { signal } = {}) {
      const answer = await postJson('files/ls', new URLSearchParams({ arg: path, long: 'true' }), filesLsSchema, signal)
      return (answer.Entries ?? []).map((entry) => ({ name: entry.Name, kind: entry.Type === 1 ? 'folder' : 'file', size: entry.Size, cid: entry.Hash }))
    },

    async directory(cid, { signal } = {}) {
      const answer = await postJson('ls', argQuery(cid), lsSchema, signal)
      return (answer.Objects[0]?.Links ?? []).map((link) => ({ name: link.Name, kind: link.Type === 1 ? 'folder' : 'file', size: link.Size, cid: link.Hash }))
    },

    async folderCid(path, { signal } = {}) {
      return (await client.stat(path, { signal })).cid
    },

    async stat(path, { signal } = {}) {
      const answer = await postJson('files/stat', new URLSearchParams({ arg: path }), filesStatSchema, signal)
      return { cid: answer.Hash, kind: answer.Type === 'directory' ? 'folder' : 'file' }
    },

    async *listDirectory(cid, { signal } = {}) {
      const response = await post('ls', new URLSearchParams({ arg: cid, stream: 'true' }), signal)
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
      if (!reader) return
      let rest = ''
      try {
        for (;;) {
          let chunk: ReadableStreamReadResult<string>
          try {
            chunk = await reader.read()
          } catch (error) {
            if (signal?.aborted) throw new FilesError({ kind: 'aborted', command: 'ls', cause: error })
            throw new FilesError({ kind: 'unreachable', command: 'ls', detail: 'the listing was cut off' })
          }
          const text = rest + (chunk.value ?? '')
          const lines = text.split('\n')
          rest = chunk.done ? '' : lines.pop()!
          const batch: FolderEntry[] = []
          for (const line of lines) {
            if (line.trim() === '') continue
            const kubo = parseKuboError(line)
            if (kubo) throw new FilesError({ kind: 'http', command: 'ls', status: 200, code: kubo.Code, detail: redact(kubo.Message, secrets) })
            const value = parseAnswerJson(line, 'ls', 'a line of the answer')
            const parsed = v.safeParse(lsLineSchema, value)
            if (!parsed.success) throw new FilesError({ kind: 'malformed', command: 'ls', detail: 'a line of the answer is not a listing' })
            for (const object of parsed.output.Objects) {
              for (const link of object.Links ?? []) batch.push({ name: link.Name, kind: link.Type === 1 || link.Type === 5 ? 'folder' : 'file', size: link.Size, cid: link.Hash })
            }
          }
          if (batch.length > 0) yield batch
          if (chunk.done) return
        }
      } finally {
        // A consumer that stopped early (or an error above): the rest of the answer is not wanted.
        void reader.cancel().catch(() => {})
      }
    },

    async makeFolder(path, { signal } = {}) {
      await readText(await post('files/mkdir', new URLSearchParams({ arg: path, parents: 'true' }), signal), 'files/mkdir', signal)
    },

    async copy(from, to, { signal } = {}) {
      const query = new URLSearchParams([['arg', from], ['arg', to]])
      await readText(await post('files/cp', query, signal), 'files/cp', signal)
    },

    async move(from, to, { signal } = {}) {
      const query = new URLSearchParams([['arg', from], ['arg', to]])
      await readText(await post('files/mv', query, signal), 'files/mv', signal)
    },

    async remove(path, { signal } = {}) {
      await readText(await post('files/rm', new URLSearchParams({ arg: path, recursive: 'true' }), signal), 'files/rm', signal)
    },

    async version({ signal } = {}) {
      const answer = await postJson('version', undefined, versionSchema, signal)
      return { version: answer.Version, commit: answer.Commit ?? null, system: answer.System ?? null }
    },
  }
  return client
}
