import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { startFileService, type FileService, type FileServiceOptions } from './server.ts'

export const testKey = 'test-key'
export const testSecret = 'test-secret'
export const basicAuth = (user = testKey, password = testSecret) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

export type Reply = { status: number; headers: Headers; text: string; json: unknown; bytes: Buffer }
export type AddedLine = { Name: string; Hash: string; Size: string }
export type UploadFile = { name?: string; content: Uint8Array | string; type?: string }

/** The real file service on a port the OS picks, over a fresh data dir (kept across `restart`). */
export type TestFiles = {
  port: number
  dataDir: string
  url(pathAndQuery: string): string
  /** POST with the right credentials unless `headers` says otherwise (an empty value drops a header). */
  post(pathAndQuery: string, init?: { headers?: Record<string, string>; body?: BodyInit; method?: string }): Promise<Reply>
  /** `add` with a multipart body; `lines` are the JSON objects the service answered, one per line. */
  add(files: UploadFile[], query?: string): Promise<Reply & { lines: Array<Record<string, unknown>> }>
  /** `add` of one file; resolves with its line (and fails the test on anything but 200). */
  addOne(content: Uint8Array | string, query?: string, name?: string): Promise<AddedLine>
  cat(arg: string, query?: string): Promise<Reply>
  restart(): Promise<void>
  close(): Promise<void>
}

export async function startTestFiles(options: Partial<FileServiceOptions> = {}): Promise<TestFiles> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-files-'))
  const start = () => startFileService({ port: 0, key: testKey, secret: testSecret, ...options, dataDir })
  let service: FileService = await start()

  const files: TestFiles = {
    get port() {
      return service.port
    },
    dataDir,
    url: (pathAndQuery) => `http://127.0.0.1:${service.port}${pathAndQuery}`,
    async post(pathAndQuery, init = {}) {
      // An empty header value means "leave the header out" (`authorization: ''` sends no credentials).
      const headers = Object.fromEntries(Object.entries({ authorization: basicAuth(), ...init.headers }).filter(([, value]) => value !== ''))
      const response = await fetch(files.url(pathAndQuery), { method: init.method ?? 'POST', headers, body: init.body })
      const bytes = Buffer.from(await response.arrayBuffer())
      const text = bytes.toString('utf8')
      let json: unknown = undefined
      try {
        json = JSON.parse(text)
      } catch {
        // not JSON (cat, or NDJSON): the test reads text or bytes
      }
      return { status: response.status, headers: response.headers, text, json, bytes }
    },
    async add(list, query = '') {
      const form = new FormData()
      for (const file of list) {
        // A copy typed over a plain ArrayBuffer, which is what Blob's types ask for.
        const part = typeof file.content === 'string' ? file.content : new Uint8Array(file.content)
        const blob = new Blob([part], { type: file.type ?? 'application/octet-stream' })
        form.append('file', blob, file.name ?? 'file')
      }
      const reply = await files.post(`/api/v0/add${query ? `?${query}` : ''}`, { body: form })
      const lines = reply.status === 200 ? reply.text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) : []
      return { ...reply, lines }
    },
    async addOne(content, query = '', name = 'file') {
      const reply = await files.add([{ name, content }], query)
      if (reply.status !== 200) throw new Error(`add answered ${reply.status}: ${reply.text}`)
      const added = reply.lines.filter((line) => 'Hash' in line)
      if (added.length !== 1) throw new Error(`expected one added line, got ${reply.text}`)
      return added[0] as AddedLine
    },
    cat: (arg, query = '') => files.post(`/api/v0/cat?arg=${encodeURIComponent(arg)}${query ? `&${query}` : ''}`),
    async restart() {
      await service.close()
      service = await start()
    },
    async close() {
      await service.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return files
}

/**
 * A request on a raw socket: for what fetch cannot do (a body cut off half-way, or reading the answer
 * while the body is still going out). With `cutAfterChunks`, the body stops there and the socket is
 * destroyed as soon as the answer so far contains `cutWhenAnswerHas` (the server is mid-upload).
 */
export function rawRequest(
  port: number,
  init: {
    path: string
    headers: Record<string, string | number>
    chunks: Iterable<Buffer>
    cutAfterChunks?: number
    cutWhenAnswerHas?: string
    /** Sent after the others once `after` settles: the body stays unfinished until then. */
    finalChunk?: { chunk: Buffer; after: Promise<unknown> }
  },
): Promise<{ status: number | null; text: string; trailers: Record<string, string | undefined>; error: Error | null; cut: boolean }> {
  return new Promise((resolve) => {
    let settled = false
    let text = ''
    let status: number | null = null
    let trailers: Record<string, string | undefined> = {}
    let cutting = false
    const finish = (error: Error | null, cut = false) => {
      if (settled) return
      settled = true
      resolve({ status, text, trailers, error, cut })
    }
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: init.path, headers: init.headers }, (response) => {
      status = response.statusCode ?? null
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        if (cutting && init.cutWhenAnswerHas !== undefined && text.includes(init.cutWhenAnswerHas)) cut()
      })
      response.on('end', () => {
        trailers = response.trailers
        finish(null)
      })
      response.on('error', (error) => finish(error))
    })
    const cut = () => {
      request.destroy()
      finish(null, true)
    }
    request.on('error', (error) => {
      // The server may answer and close while the body is still going out; the answer is what counts.
      setTimeout(() => finish(error), 200)
    })
    let sent = 0
    const iterator = init.chunks[Symbol.iterator]()
    const writeMore = () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (init.cutAfterChunks !== undefined && sent >= init.cutAfterChunks) {
          cutting = true
          if (init.cutWhenAnswerHas === undefined || text.includes(init.cutWhenAnswerHas)) cut()
          else setTimeout(cut, 5000)
          return
        }
        sent++
        if (!request.write(next.value)) return void request.once('drain', writeMore)
      }
      if (init.finalChunk) {
        const { chunk, after } = init.finalChunk
        void after.finally(() => {
          if (!settled) request.end(chunk)
        })
      } else request.end()
    }
    writeMore()
  })
}

/** The bytes of a multipart body holding one file, in pieces, for rawRequest. */
export function* multipartChunks(boundary: string, filename: string, pieces: Iterable<Buffer>): Generator<Buffer> {
  yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
  yield* pieces
  yield Buffer.from(`\r\n--${boundary}--\r\n`)
}

/** Deterministic bytes whose every 256 KiB chunk differs, so a reordered or repeated chunk shows. */
export function patternBytes(length: number, seed = 1): Buffer {
  const out = Buffer.alloc(length)
  const words = new Uint32Array(out.buffer, out.byteOffset, Math.floor(length / 4))
  let state = seed >>> 0 || 1
  for (let i = 0; i < words.length; i++) {
    // xorshift32: fast, reproducible, no repeats within any size used here.
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    words[i] = state >>> 0
  }
  for (let i = words.length * 4; i < length; i++) out[i] = i & 0xff
  return out
}

/** A Kubo-shaped error body, and never a stack trace or HTML. */
export function isKuboError(reply: Reply): boolean {
  const body = reply.json as { Message?: unknown; Code?: unknown; Type?: unknown } | undefined
  return (
    typeof body?.Message === 'string' &&
    typeof body.Code === 'number' &&
    body.Type === 'error' &&
    !/\n\s+at |<html|node:internal/i.test(reply.text)
  )
}

/**
 * An upload the test steers by hand on a raw socket: `send` writes parts of the body, `end` finishes it,
 * `cut` destroys the socket mid-body (a client that went away). `answer` settles with whatever came back.
 */
export type HeldUpload = {
  send(bytes: Buffer): Promise<void>
  end(bytes?: Buffer): void
  cut(): void
  /** The answer so far (the add streams progress and Hash lines with `progress=true`). */
  received(): string
  /** Waits until the answer so far contains `text`. */
  until(text: string, timeoutMs?: number): Promise<void>
  /** Waits until a progress line (`progress=true`) reports at least `bytes` read. */
  progressed(bytes: number, timeoutMs?: number): Promise<void>
  answer: Promise<{ status: number | null; text: string }>
}

export function holdUpload(port: number, path: string, contentLength?: number): HeldUpload {
  let text = ''
  let status: number | null = null
  const headers: Record<string, string | number> = { authorization: basicAuth(), 'content-type': `multipart/form-data; boundary=${heldBoundary}` }
  if (contentLength !== undefined) headers['content-length'] = contentLength
  // A connection of its own: a pooled one the service closed after an earlier failed add would reset this one.
  const request = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent: false })
  const answer = new Promise<{ status: number | null; text: string }>((resolve) => {
    request.on('response', (response) => {
      status = response.statusCode ?? null
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status, text }))
      response.on('error', () => resolve({ status, text }))
    })
    request.on('error', () => resolve({ status, text }))
    request.on('close', () => setTimeout(() => resolve({ status, text }), 50))
  })
  return {
    // Resolves when the bytes are out, or when the connection is gone (the service answered and closed it).
    send: (bytes) =>
      new Promise<void>((resolve) => {
        if (request.destroyed || request.socket?.destroyed) return resolve()
        if (request.write(bytes)) return resolve()
        const done = () => {
          request.off('drain', done)
          request.off('close', done)
          resolve()
        }
        request.on('drain', done)
        request.on('close', done)
      }),
    end: (bytes) => void request.end(bytes),
    cut: () => void request.destroy(),
    received: () => text,
    until: (wanted, timeoutMs = 20_000) => waitFor(() => text.includes(wanted), wanted, timeoutMs),
    progressed: (bytes, timeoutMs = 20_000) =>
      waitFor(() => Math.max(0, ...[...text.matchAll(/"Bytes":(\d+)/g)].map((match) => Number(match[1]))) >= bytes, `progress to ${bytes} bytes`, timeoutMs),
    answer,
  }
}

async function waitFor(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`the add's answer did not show ${what} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The boundary holdUpload declares; build its body with multipartChunks(heldBoundary, ...). */
export const heldBoundary = 'chainglass-held-upload'

/**
 * The folder tree's root block when nothing was ever written into it: Kubo's empty directory
 * (QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn), which a store holds from its first start, as a Kubo repo does.
 */
export const emptyDirectoryBlock = 'BCIQFTFEEHEDF6KLBT32BFAGLXEZL4UWFNWM4LFTLMXQBCERZ6CMLX3Y'

/** The blocks on disk, by file name, read from the directory itself (not through the store's code). */
export function blockFilesOnDisk(dataDir: string): Set<string> {
  const root = path.join(dataDir, 'files', 'blocks')
  const names = new Set<string>()
  if (!fs.existsSync(root)) return names
  for (const shard of fs.readdirSync(root)) {
    const dir = path.join(root, shard)
    if (!fs.statSync(dir).isDirectory()) continue
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.data') && !name.startsWith('.')) names.add(name.slice(0, -'.data'.length))
  }
  return names
}

/** Every file under the file store's directory whose name says it is a temp file or an add's journal. */
export function leftoverFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'files')
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.tmp') || entry.name.endsWith('.journal')) found.push(path.relative(root, full))
    }
  }
  if (fs.existsSync(root)) walk(root)
  return found
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
