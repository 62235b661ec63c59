import fs from 'node:fs/promises'
import path from 'node:path'
import { FsBlockstore } from 'blockstore-fs'
import { NextToLast } from 'blockstore-fs/sharding'
import type { Blockstore } from 'interface-blockstore'
import { base32upper } from 'multiformats/bases/base32'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import * as Digest from 'multiformats/hashes/digest'
import { identity } from 'multiformats/hashes/identity'
import { readdirOrEmpty } from './directory.ts'

type BlockBytes = Parameters<FsBlockstore['put']>[1]
type GetOptions = Parameters<FsBlockstore['get']>[1]

/** What the importer writes to: only `put`. */
export type BlockSink = { put(cid: CID, bytes: BlockBytes): Promise<CID> }
/** What the exporter reads from: only `get` (the store's, or Helia's, which asks the connected peers too). */
export type BlockSource = Pick<Blockstore, 'get'>

/**
 * A block's name in the store: its multihash in base32upper, which is also its file name (blockstore-fs's
 * default sharding), so the journal, the gc and the files on disk all speak of blocks the same way.
 */
export type BlockKey = string

export function blockKey(cid: CID): BlockKey {
  return base32upper.encoder.encode(cid.multihash.bytes)
}

/**
 * The store keeps bytes by multihash and knows nothing of codecs, so a block found on disk is named as Kubo
 * names it in `repo gc`: CIDv1 with the raw codec.
 */
export function keyToCid(key: BlockKey): CID {
  return CID.createV1(raw.code, Digest.decode(base32upper.decoder.decode(key)))
}

/** An identity CID carries its bytes inside itself (`bafkqaaa` is the empty block): nothing is stored. */
export function isInline(cid: CID): boolean {
  return cid.multihash.code === identity.code
}

/** The store's "not found" as interface-store names it (errors.ts and the exporter look at the name). */
class BlockNotFoundError extends Error {
  override name = 'NotFoundError'
}

/** blockstore-fs's file suffix, and steno's temp files (`.<name>.tmp`) left by a write that was cut off. */
const blockSuffix = '.data'

type KeyOperation = { kind: 'write' | 'delete'; done: Promise<boolean> }

/**
 * The content-addressed block store on disk (blockstore-fs: one file per block, written to a temp file
 * and renamed, so a block that exists is whole even after a crash or an aborted upload).
 *
 * Writes and deletes of one block are serialised here: an add that needs a block the gc (or a failed add's
 * cleanup) is deleting waits for the delete and then writes the block again, instead of finding it present
 * and losing it a moment later.
 */
export class BlockStore implements BlockSink, BlockSource {
  private readonly blocks: FsBlockstore
  private readonly operations = new Map<BlockKey, KeyOperation>()
  private readonly sharding = new NextToLast({ prefixLength: 2, extension: blockSuffix })

  constructor(readonly directory: string) {
    // Named (it is blockstore-fs's default) because get() finds the files itself.
    this.blocks = new FsBlockstore(directory, { shardingStrategy: this.sharding })
  }

  open(): Promise<void> {
    return this.blocks.open()
  }

  /** Waits for writes and deletes under way, so nothing touches the directory after the service stops. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.operations.values()].map((operation) => operation.done))
    await this.blocks.close()
  }

  async put(cid: CID, bytes: BlockBytes): Promise<CID> {
    await this.write(cid, bytes)
    return cid
  }

  /**
   * Stores a block unless it is there already (content addressing makes it the same block, so re-adding a
   * file costs reads, not writes). Resolves true only for the call that wrote it, after `beforeWrite` (the add
   * journal's entry) has resolved: a block on disk is always known to whoever must clean it up.
   */
  async write(cid: CID, bytes: BlockBytes, beforeWrite?: () => Promise<void>): Promise<boolean> {
    if (isInline(cid)) return false
    const key = blockKey(cid)
    for (;;) {
      const pending = this.operations.get(key)
      if (!pending) break
      // Two writers of one block would also share steno's temp file name and retry each other's renames.
      await pending.done.catch(() => false)
    }
    return this.run(key, 'write', async () => {
      if (await this.blocks.has(cid)) return false
      await beforeWrite?.()
      await this.blocks.put(cid, bytes)
      return true
    })
  }

  /**
   * Deletes a block if `stillUnwanted()` says so once no other write or delete of it is under way; the check
   * and the start of the delete happen in one turn of the event loop, so a writer cannot slip in between.
   */
  async delete(key: BlockKey, stillUnwanted: () => boolean): Promise<boolean> {
    for (;;) {
      const pending = this.operations.get(key)
      if (!pending) break
      await pending.done.catch(() => false)
    }
    if (!stillUnwanted()) return false
    return this.run(key, 'delete', async () => {
      const cid = keyToCid(key)
      if (!(await this.blocks.has(cid))) return false
      await this.blocks.delete(cid)
      return true
    })
  }

  private async run(key: BlockKey, kind: KeyOperation['kind'], work: () => Promise<boolean>): Promise<boolean> {
    const done = work()
    this.operations.set(key, { kind, done })
    try {
      return await done
    } finally {
      this.operations.delete(key)
    }
  }

  /**
   * A block's bytes, read whole with one readFile: blockstore-fs streams each file through a ReadStream, whose
   * 64 KiB buffer per read is garbage for a listing that reads thousands of blocks of a few dozen bytes (GC
   * pauses stall the listing), and splits a 256 KiB chunk into four pieces for cat to join. Any failure is a
   * NotFoundError by name, as blockstore-fs's.
   */
  get(cid: CID, options?: GetOptions): ReturnType<FsBlockstore['get']> {
    if (isInline(cid)) return inlineBytes(cid)
    return this.readBlock(cid, options?.signal)
  }

  private async *readBlock(cid: CID, signal: AbortSignal | undefined): AsyncGenerator<Uint8Array> {
    const { dir, file } = this.sharding.encode(cid)
    let bytes: Buffer
    try {
      signal?.throwIfAborted()
      bytes = await fs.readFile(path.join(this.directory, dir, file), { signal })
    } catch (error) {
      throw new BlockNotFoundError(String(error))
    }
    yield bytes
  }

  has(cid: CID): Promise<boolean> {
    if (isInline(cid)) return Promise.resolve(true)
    return this.blocks.has(cid)
  }

  /** Every block on disk, by key, read from the directory (the bytes are not opened). */
  async *keys(): AsyncGenerator<BlockKey> {
    for (const shard of await readdirOrEmpty(this.directory)) {
      for (const name of await readdirOrEmpty(path.join(this.directory, shard))) {
        if (name.endsWith(blockSuffix) && !name.startsWith('.')) yield name.slice(0, -blockSuffix.length)
      }
    }
  }

  /**
   * Removes the temp files of writes a kill cut off (steno's `.<block>.data.tmp`). Only safe while nothing is
   * being written: the service calls it at start, before it listens.
   */
  async removeTempFiles(): Promise<number> {
    let removed = 0
    for (const shard of await readdirOrEmpty(this.directory)) {
      for (const name of await readdirOrEmpty(path.join(this.directory, shard))) {
        if (name.startsWith('.') && name.endsWith('.tmp')) {
          await fs.rm(path.join(this.directory, shard, name), { force: true })
          removed++
        }
      }
    }
    return removed
  }
}


async function* inlineBytes(cid: CID): AsyncGenerator<Uint8Array> {
  yield cid.multihash.digest
}

/** For `only-hash`: the importer computes every CID and nothing is kept. */
export const discardingSink: BlockSink = { put: async (cid) => cid }
