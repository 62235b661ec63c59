import { exporter, type UnixFSEntry } from 'ipfs-unixfs-exporter'
import type { CID } from 'multiformats/cid'
import type { ContentPath } from './args.ts'
import { badRequest, notFound, toFilesError } from './errors.ts'
import type { BlockSource, BlockStore } from './store.ts'

type Readable = Extract<UnixFSEntry, { content(...args: never[]): unknown }>

/** A file (or raw block) ready to stream, with its size known before the first byte goes out. */
export type ReadableFile = { entry: Readable; size: number }

function exporterPath(path: ContentPath): string | CID {
  return path.rest.length === 0 ? path.cid : `${path.cid.toString()}/${path.rest.join('/')}`
}

/**
 * Resolves a path to a file from the local blocks only: a missing block is a prompt 404 (the exporter
 * reads the blockstore, which has no network behind it), never a wait.
 */
export async function resolveFile(store: BlockStore, path: ContentPath): Promise<ReadableFile> {
  let entry: UnixFSEntry
  try {
    entry = await exporter(exporterPath(path), store)
  } catch (error) {
    const known = toFilesError(error)
    if (known?.status === 404) throw notFound(`block was not found locally (offline): ${path.text}`)
    throw known ?? error
  }
  if (entry.type === 'directory') throw badRequest('this dag node is a directory')
  if (entry.type === 'object') throw badRequest(`this dag node is not a UnixFS file (codec of ${path.text})`)
  return { entry, size: Number(entry.size) }
}

/** The bytes of a file from `offset`, `length` of them; the exporter reads only the blocks that hold them. */
export async function* fileBytes(file: ReadableFile, offset: number, length: number): AsyncGenerator<Uint8Array> {
  if (length <= 0) return
  yield* file.entry.content({ offset, length })
}

/**
 * Checks that every block under `cid` is in the store, by walking the DAG and reading each file through.
 * A recursive pin promises the whole DAG stays; pinning something partly missing would promise what is not
 * there (Kubo would fetch the rest from the network; this service has none, so it says what is missing).
 */
export async function verifyComplete(store: BlockSource, cid: CID): Promise<void> {
  try {
    const pending: CID[] = [cid]
    for (let next = pending.pop(); next; next = pending.pop()) {
      const entry = await exporter(next, store)
      if (entry.type === 'directory') {
        for await (const child of entry.entries()) pending.push(child.cid)
      } else if (entry.type !== 'object') {
        for await (const chunk of entry.content()) void chunk
      }
    }
  } catch (error) {
    const known = toFilesError(error)
    if (known?.status === 404) throw notFound(`block was not found locally (offline): part of the DAG under ${cid.toString()} is missing`)
    throw known ?? error
  }
}
