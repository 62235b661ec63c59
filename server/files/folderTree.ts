import { unixfs, type UnixFS } from '@helia/unixfs'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { balanced } from 'ipfs-unixfs-importer/layout'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS as UnixFSData } from 'ipfs-unixfs'
import type { Blockstore } from 'interface-blockstore'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { FileStoreError, badRequest } from './errors.ts'
import { noSuchFile, type Folders, type TreeEntry } from './folders.ts'
import { orderedMap } from './ordered.ts'
import type { BlockStore } from './store.ts'
import { storeAsBlockstore } from './storeBlockstore.ts'

/**
 * Reading and editing the node's folder tree (folders.ts keeps its root): every change makes a new root from the
 * changed entry up (UnixFS is immutable). Built on @helia/unixfs's mkdir, cp and rm (@helia/mfs does not run on
 * helia 7), always offline: the tree is this node's own. One change at a time (Folders.change); `repo gc` keeps
 * the root's DAG as it keeps a pin's (dagWalk.ts). Loaded by the first `files/*` call only (Folders.tree).
 */

/** Kubo's import defaults for `files write` as for `add`: CIDv0, 256 KiB chunks, balanced DAG of 174 links. */
export const kuboFileImport = {
  cidVersion: 0 as const,
  rawLeaves: false,
  chunker: fixedSize({ chunkSize: 262_144 }),
  layout: balanced({ maxChildrenPerNode: 174 }),
  reduceSingleLeafToSelf: true,
}

/** Kubo's default Import.UnixFSHAMTDirectorySizeThreshold: a directory whose entries estimate this much or more is sharded. */
const shardThresholdBytes = 262_144

type Blocks = Blockstore

/** A block of the tree, read from the store (its blocks are local: nothing is asked of peers). */
async function readBytes(blocks: Blocks, cid: CID): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of blocks.get(cid)) chunks.push(chunk)
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}

/** A tree entry as `files/stat` and listings answer it: a directory has no size of its own. */
function entryFrom(stats: { cid: CID; type: string; size: bigint | number }): TreeEntry {
  const type = stats.type === 'directory' ? 'directory' : 'file'
  return { cid: stats.cid, type, size: type === 'directory' ? 0 : Number(stats.size) }
}

/** Kubo's words for a name already taken. */
const exists = () => new FileStoreError(500, 'file already exists', 0)

export class FolderTree {
  readonly files: UnixFS
  readonly blockstore: Blocks
  /** How `files write` imports a file. */
  readonly fileImport = kuboFileImport

  constructor(
    store: BlockStore,
    private readonly folders: Folders,
  ) {
    // The tree is this store's alone (never read from peers): UnixFS straight on its blocks.
    this.blockstore = storeAsBlockstore(store)
    this.files = unixfs({ blockstore: this.blockstore })
  }

  get root(): CID {
    return this.folders.root
  }

  /** The entry at `names` (in the tree now, or under `root`), or null when some name on the way is missing. */
  async lookup(names: readonly string[], root: CID = this.root): Promise<TreeEntry | null> {
    try {
      return entryFrom(await this.files.stat(root, { path: names.join('/'), offline: true }))
    } catch (error) {
      if ((error as Error).name === 'NotFoundError' || (error as Error).name === 'DoesNotExistError') return null
      throw error
    }
  }

  /** The entry `cid` names (its root block read), as `lookup` answers. */
  async entryOf(cid: CID): Promise<TreeEntry> {
    return entryFrom(await this.files.stat(cid, { offline: true }))
  }

  /**
   * The directory's entries (names, CIDs, and with `details` types and sizes), in the directory's order, a
   * sharded one's too. Each child is read by its CID, several at a time: looking each one up by name from the
   * root walks the path again for every entry, which stalls a folder of thousands.
   */
  async *list(names: readonly string[], details = true): AsyncGenerator<{ name: string; entry: TreeEntry | null }> {
    const directory = await this.lookup(names)
    if (!directory) throw noSuchFile()
    const children = this.files.ls(directory.cid, { offline: true })
    if (!details) {
      for await (const child of children) yield { name: child.name, entry: null }
      return
    }
    yield* orderedMap(children, async (child) => ({ name: child.name, entry: await this.entryOf(child.cid) }))
  }

  /** `root` with the directory at `names` replaced by what `edit` makes of it; missing parents made when `parents`. */
  async edit(root: CID, names: readonly string[], edit: (directory: CID) => Promise<CID>, parents = false): Promise<CID> {
    if (names.length === 0) return edit(root)
    const [name, ...rest] = names as [string, ...string[]]
    let child: CID
    try {
      const stats = await this.files.stat(root, { path: name, offline: true })
      if (stats.type !== 'directory') throw new FileStoreError(500, `${name} is not a directory`, 0)
      child = stats.cid
    } catch (error) {
      if (error instanceof FileStoreError) throw error
      if (!parents) throw noSuchFile()
      child = await this.files.addDirectory({}, { cidVersion: 0 })
    }
    const edited = await this.edit(child, rest, edit, parents)
    return this.files.cp(edited, root, name, { force: true, offline: true })
  }

  /**
   * A sharded directory that an entry's removal brought under Kubo's sharding threshold, made a plain one again,
   * as Kubo's MFS does (boxo's DynamicDirectory switches back to a basic directory): @helia/unixfs's rm keeps the
   * shard, which would give the same entries another CID than Kubo's. The estimate is Kubo's default ("links":
   * each entry's name and CID bytes) against Import.UnixFSHAMTDirectorySizeThreshold, 256 KiB.
   */
  async unshardIfSmall(directory: CID): Promise<CID> {
    if (directory.code !== dagPb.code) return directory
    const node = dagPb.decode(await readBytes(this.blockstore, directory))
    if (!node.Data || UnixFSData.unmarshal(node.Data).type !== 'hamt-sharded-directory') return directory
    const links: dagPb.PBLink[] = []
    let estimate = 0
    for await (const entry of this.files.ls(directory, { offline: true })) {
      estimate += new TextEncoder().encode(entry.name).length + entry.cid.bytes.length
      if (estimate >= shardThresholdBytes) return directory
      links.push({ Name: entry.name, Hash: entry.cid, Tsize: Number(entry.size) })
    }
    const bytes = dagPb.encode(dagPb.prepare({ Data: new UnixFSData({ type: 'directory' }).marshal(), Links: links }))
    const cid = CID.createV0(await sha256.digest(bytes))
    await this.blockstore.put(cid, bytes)
    return cid
  }

  mkdir(names: readonly string[], parents: boolean): Promise<void> {
    if (names.length === 0) {
      if (parents) return Promise.resolve()
      return Promise.reject(exists())
    }
    return this.folders.change(async (root) => {
      const found = await this.lookup(names, root)
      if (found) {
        if (parents && found.type === 'directory') return root
        throw exists()
      }
      const name = names.at(-1)!
      return this.edit(root, names.slice(0, -1), (directory) => this.files.mkdir(directory, name, { cidVersion: 0, offline: true }), parents)
    })
  }

  /** Puts `cid` at `names` (a new entry, or over one when `force`). */
  put(names: readonly string[], cid: CID, options: { force?: boolean; parents?: boolean } = {}): Promise<void> {
    if (names.length === 0) return Promise.reject(badRequest('cannot write to the root directory'))
    return this.folders.change(async (root) => {
      if (!options.force && (await this.lookup(names, root))) throw new FileStoreError(500, 'directory already has entry by that name', 0)
      const name = names.at(-1)!
      return this.edit(root, names.slice(0, -1), (directory) => this.files.cp(cid, directory, name, { force: true, offline: true }), options.parents)
    })
  }

  remove(names: readonly string[], recursive: boolean): Promise<void> {
    if (names.length === 0) return Promise.reject(new FileStoreError(500, 'cannot delete root', 0))
    return this.folders.change(async (root) => {
      const found = await this.lookup(names, root)
      if (!found) throw noSuchFile()
      if (found.type === 'directory' && !recursive) throw new FileStoreError(500, `/${names.join('/')} is a directory, use -r to remove directories`, 0)
      const name = names.at(-1)!
      return this.edit(root, names.slice(0, -1), async (directory) => this.unshardIfSmall(await this.files.rm(directory, name, { offline: true })))
    })
  }

  /** Moves `from` to `to`, or into `to` when that is a directory (as Kubo's `files mv`). */
  move(from: readonly string[], to: readonly string[]): Promise<void> {
    if (from.length === 0) return Promise.reject(badRequest('cannot move the root directory'))
    return this.folders.change(async (root) => {
      const source = await this.lookup(from, root)
      if (!source) throw noSuchFile()
      const target = await this.lookup(to, root)
      const destination = target?.type === 'directory' ? [...to, from.at(-1)!] : [...to]
      if (destination.length === 0) throw badRequest('cannot move onto the root directory')
      if (destination.join('/').startsWith(`${from.join('/')}/`)) throw badRequest('cannot move a directory into itself')
      // Into a directory that has an entry of that name: Kubo's mfs refuses (AddChild, ErrDirExists). Onto a file
      // named as the destination, it replaces the file.
      if (target?.type === 'directory' && (await this.lookup(destination, root))) throw new FileStoreError(500, 'directory already has entry by that name', 0)
      const removed = await this.edit(root, from.slice(0, -1), async (directory) => this.unshardIfSmall(await this.files.rm(directory, from.at(-1)!, { offline: true })))
      return this.edit(removed, destination.slice(0, -1), (directory) => this.files.cp(source.cid, directory, destination.at(-1)!, { force: true, offline: true }))
    })
  }
}
