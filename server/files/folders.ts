import fs from 'node:fs/promises'
import path from 'node:path/posix'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS as UnixFSData } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { writeFileAtomically } from './atomicFile.ts'
import { FileStoreError, badRequest } from './errors.ts'
import type { FolderTree } from './folderTree.ts'
import type { BlockStore } from './store.ts'

/**
 * The node's folder tree (Kubo's MFS, its `files/*` commands) as the rest of the service sees it: the root CID,
 * kept in `<dir>/folders-root`, and the queue its changes take. Everything that reads or edits the tree
 * (folderTree.ts, on @helia/unixfs) is loaded by the first `files/*` call, as the peer's libp2p node is
 * (peer.ts): a service that is never asked for its folders, and `repo gc`, which needs the root alone, never
 * load them.
 */

/** Kubo's words for what the tree has not got. */
export const noSuchFile = () => new FileStoreError(500, 'file does not exist', 0)

/** A tree path as Kubo checks it: not empty, from the root, cleaned; its names. */
export function treePath(text: string | undefined): { text: string; names: string[] } {
  if (text === undefined || text === '') throw badRequest('paths must not be empty')
  if (!text.startsWith('/')) throw badRequest('paths must start with a leading slash')
  const clean = path.normalize(text)
  return { text: clean, names: clean.split('/').filter((name) => name !== '') }
}

export type TreeEntry = { cid: CID; type: 'file' | 'directory'; size: number }

/** An empty UnixFS directory as a CIDv0 dag-pb block (Kubo's empty MFS root), written to the store. */
async function emptyDirectory(store: BlockStore): Promise<CID> {
  const bytes = dagPb.encode(dagPb.prepare({ Data: new UnixFSData({ type: 'directory' }).marshal(), Links: [] }))
  const cid = CID.createV0(await sha256.digest(bytes))
  await store.put(cid, bytes)
  return cid
}

export class Folders {
  #root: CID
  #queue: Promise<unknown> = Promise.resolve()
  #tree: Promise<FolderTree> | null = null

  private constructor(
    private readonly store: BlockStore,
    private readonly rootFile: string,
    root: CID,
  ) {
    this.#root = root
  }

  static async open(store: BlockStore, dir: string): Promise<Folders> {
    const rootFile = path.join(dir, 'folders-root')
    const saved = await fs.readFile(rootFile, 'utf8').catch(() => null)
    return new Folders(store, rootFile, saved ? CID.parse(saved.trim()) : await emptyDirectory(store))
  }

  get root(): CID {
    return this.#root
  }

  /** The tree's reader and editor, loaded on first use. */
  tree(): Promise<FolderTree> {
    this.#tree ??= import('./folderTree.ts')
      .then(({ FolderTree }) => new FolderTree(this.store, this))
      .catch((error: unknown) => {
        this.#tree = null
        throw error
      })
    return this.#tree
  }

  /** Runs `change` alone (changes queue up), then keeps the root it returns. */
  change(change: (root: CID) => Promise<CID>): Promise<void> {
    const next = this.#queue.then(async () => {
      const root = await change(this.#root)
      await fs.mkdir(path.dirname(this.rootFile), { recursive: true })
      // As the pins are kept (pins.ts): a crash leaves the old root or the new one, on disk.
      await writeFileAtomically(this.rootFile, root.toString())
      this.#root = root
    })
    this.#queue = next.catch(() => {})
    return next
  }
}
