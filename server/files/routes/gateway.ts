import { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { exporter, type UnixFSEntry } from 'ipfs-unixfs-exporter'
import mime from 'mime'
import { parseContentPath } from '../args.ts'
import { badRequest, notFound, toFilesError } from '../errors.ts'
import type { FilesContext } from '../context.ts'

/**
 * A read-only path gateway for what the store holds: GET /ipfs/<cid>[/path], as an IPFS gateway answers it
 * (a file's bytes with its content type; a directory's index.html, else a listing). No credentials: every
 * byte is named by its hash, and nothing is fetched from elsewhere (a missing block is a 404 at once). Every
 * answer carries `Content-Security-Policy: sandbox`: stored HTML renders with no script and no same-origin
 * rights, so it never runs on the origin that serves it (the app server passes these answers through).
 */

/** How many bytes the content type is sniffed from, when the path's name does not say it (as a gateway does). */
const sniffBytes = 512

/** The content type of a file with no telling extension, from its first bytes. */
export function sniffContentType(head: Uint8Array): string {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte)
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif'
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'application/pdf'
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) return 'image/webp'
  // Text: valid UTF-8 (a cut multi-byte character at the end allowed) with no control bytes but tab, newline, return.
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === sniffBytes ? trimPartial(head) : head)
  } catch {
    return 'application/octet-stream'
  }
  return head.every((byte) => byte >= 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) ? 'text/plain; charset=utf-8' : 'application/octet-stream'
}

/** `head` without a UTF-8 sequence cut off at its end. */
function trimPartial(head: Uint8Array): Uint8Array {
  for (let back = 1; back <= 3 && back <= head.length; back++) {
    const byte = head[head.length - back]!
    if ((byte & 0xc0) === 0xc0) return head.subarray(0, head.length - back)
    if ((byte & 0x80) === 0) break
  }
  return head
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A directory as a page of links (names escaped: they are the uploader's). */
function listing(path: string, entries: Array<{ name: string; cid: string; size: bigint }>): string {
  const rows = entries
    .map((entry) => `<li><a href="${escapeHtml(encodeURIComponent(entry.name))}">${escapeHtml(entry.name)}</a> <small>${entry.size} bytes · ${escapeHtml(entry.cid)}</small></li>`)
    .join('\n')
  return `<!doctype html><meta charset="utf-8"><title>${escapeHtml(path)}</title><h1>${escapeHtml(path)}</h1><ul>\n${rows}\n</ul>\n`
}

type Readable_ = Extract<UnixFSEntry, { content(...args: never[]): unknown }>

async function resolve(context: FilesContext, path: string): Promise<UnixFSEntry> {
  try {
    return await exporter(path, context.store)
  } catch (error) {
    const known = toFilesError(error)
    if (known?.status === 404) throw notFound(`not in this store: ${path}`)
    throw known ?? error
  }
}

export function gatewayRoute(context: FilesContext) {
  return async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    // Fastify has decoded the path already: names with % stay as they are.
    const content = parseContentPath(request.params['*'])
    const shown = `/ipfs/${content.cid.toString()}${content.rest.length > 0 ? `/${content.rest.join('/')}` : ''}`
    let entry = await resolve(context, `${content.cid.toString()}${content.rest.length > 0 ? `/${content.rest.join('/')}` : ''}`)
    reply.headers({
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      // The path names its bytes for good.
      'cache-control': 'public, max-age=29030400, immutable',
      'x-ipfs-path': shown,
    })
    let name = content.rest.at(-1) ?? ''
    if (entry.type === 'directory') {
      const children: Array<{ name: string; cid: string; size: bigint }> = []
      for await (const child of entry.entries()) children.push({ name: child.name, cid: child.cid.toString(), size: child.size })
      const index = children.find((child) => child.name === 'index.html')
      const page = index ? await resolve(context, index.cid.toString()) : null
      if (!page || page.type === 'directory') return reply.code(200).header('content-type', 'text/html; charset=utf-8').send(listing(shown, children))
      entry = page
      name = 'index.html'
    }
    if (entry.type === 'object') throw badRequest(`not a UnixFS file or directory: ${shown}`)
    const file = entry as Readable_
    const size = Number(file.size)
    const fromName = name.includes('.') ? mime.getType(name) : null
    const head = fromName ? null : await firstBytes(file, Math.min(sniffBytes, size))
    const type = fromName ?? sniffContentType(head ?? new Uint8Array())
    return reply
      .code(200)
      .headers({ 'content-type': type.startsWith('text/') && !type.includes('charset') ? `${type}; charset=utf-8` : type, 'content-length': String(size), etag: `"${entry.cid.toString()}"` })
      .send(Readable.from(file.content(), { objectMode: false }))
  }
}

async function firstBytes(file: Readable_, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length)
  let filled = 0
  if (length === 0) return bytes
  for await (const chunk of file.content({ offset: 0, length })) {
    bytes.set(chunk, filled)
    filled += chunk.length
  }
  return bytes
}
