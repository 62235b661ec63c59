import { exporter, type UnixFSEntry } from 'ipfs-unixfs-exporter'
import type { CID } from 'multiformats/cid'
import type { ContentPath } from './args.ts'
import { badRequest, notFound, toFilesError, type FileStoreError } from './errors.ts'
import type { BlockSource } from './store.ts'

type Readable = Extract<UnixFSEntry, { content(...args: never[]): unknown }>

/** A file (or raw block) ready to stream, with its size known before the first byte goes out. */
export type ReadableFile = { entry: Readable; size: number }

function exporterPath(path: ContentPath): string | CID {
  return path.rest.length === 0 ? path.cid : `${path.cid.toString()}/${path.rest.join('/')}`
}

/**
 * Where a read finds its blocks (peer.ts readingBlocks): the store alone, where a missing block is a prompt 404,
 * or the store and the `peers` connected peers, asked until `signal` ends the wait.
 */
export type BlockReading = { blocks: BlockSource; peers: number; signal?: AbortSignal }

/** The 404 of a block that neither the store nor, when there were any, the connected peers gave. */
export function missingBlock(reading: Pick<BlockReading, 'peers'>, what: string): FileStoreError {
  if (reading.peers === 0) return notFound(`block was not found locally (offline): ${what}`)
  return notFound(`block was not found locally or from the ${reading.peers} connected peer(s) in time: ${what}`)
}

const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError' || (error as { name?: unknown } | null)?.name === 'TimeoutError'

/** The UnixFS entry at a path, of any kind: a block that is missing (or that no connected peer sent before `signal`) is a 404. */
export async function exportEntry({ blocks, peers, signal }: BlockReading, path: ContentPath): Promise<UnixFSEntry> {
  try {
    return await exporter(exporterPath(path), blocks, { signal })
  } catch (error) {
    if (signal?.aborted || isAbort(error)) throw missingBlock({ peers }, path.text)
    const known = toFilesError(error)
    if (known?.status === 404) throw missingBlock({ peers }, path.text)
    throw known ?? error
  }
}

/** Resolves a path to a file, with its size known before the first byte goes out (exportEntry's 404s). */
export async function resolveFile(reading: BlockReading, path: ContentPath): Promise<ReadableFile> {
  const entry = await exportEntry(reading, path)
  if (entry.type === 'directory') throw badRequest('this dag node is a directory')
  if (entry.type === 'object') throw badRequest(`this dag node is not a UnixFS file (codec of ${path.text})`)
  return { entry, size: Number(entry.size) }
}

/** The bytes of a file from `offset`, `length` of them; the exporter reads only the blocks that hold them. */
export async function* fileBytes(file: ReadableFile, offset: number, length: number, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  if (length <= 0) return
  yield* file.entry.content({ offset, length, signal })
}

/**
 * Checks that every block under `cid` is in the store, by walking the DAG and reading each file through.
 * A recursive pin promises the whole DAG stays; pinning something partly missing would promise what is not
 * there. As Kubo's, blocks missing here come from the connected peers, if any (fetched into the store).
 */
export async function verifyComplete({ blocks, peers, signal }: BlockReading, cid: CID): Promise<void> {
  try {
    const pending: CID[] = [cid]
    for (let next = pending.pop(); next; next = pending.pop()) {
      const entry = await exporter(next, blocks, { signal })
      if (entry.type === 'directory') {
        for await (const child of entry.entries({ signal })) pending.push(child.cid)
      } else if (entry.type !== 'object') {
        for await (const chunk of entry.content({ signal })) void chunk
      }
    }
  } catch (error) {
    const what = `part of the DAG under ${cid.toString()} is missing`
    if (signal?.aborted || isAbort(error)) throw missingBlock({ peers }, what)
    const known = toFilesError(error)
    if (known?.status === 404) throw missingBlock({ peers }, what)
    throw known ?? error
  }
}
