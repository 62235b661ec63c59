import { FsBlockstore } from 'blockstore-fs'
import type { CID } from 'multiformats/cid'

type BlockBytes = Parameters<FsBlockstore['put']>[1]
type GetOptions = Parameters<FsBlockstore['get']>[1]

/** What the importer writes to: only `put`. */
export type BlockSink = { put(cid: CID, bytes: BlockBytes): Promise<CID> }
/** What the exporter reads from: only `get`. */
export type BlockSource = Pick<FsBlockstore, 'get'>

/**
 * The content-addressed block store on disk (blockstore-fs: one file per block, written to a temp file
 * and renamed, so a block that exists is whole even after a crash or an aborted upload).
 */
export class BlockStore implements BlockSink, BlockSource {
  private readonly blocks: FsBlockstore
  /** Writes under way, by multihash: the same block from two concurrent adds is written once. */
  private readonly writing = new Map<string, Promise<CID>>()

  constructor(directory: string) {
    this.blocks = new FsBlockstore(directory)
  }

  open(): Promise<void> {
    return this.blocks.open()
  }

  close(): Promise<void> {
    return this.blocks.close()
  }

  /**
   * Content addressing makes a block that is already there the same block, so it is not rewritten
   * (re-adding a file costs reads, not writes). Two writers of one block would also share steno's temp
   * file name inside blockstore-fs and retry each other's renames; the in-flight map avoids that.
   */
  async put(cid: CID, bytes: BlockBytes): Promise<CID> {
    // The file on disk is named by multihash, so that is the identity that matters here.
    const key = Buffer.from(cid.multihash.bytes).toString('base64')
    const pending = this.writing.get(key)
    if (pending) return pending
    const write = (async () => {
      if (!(await this.blocks.has(cid))) await this.blocks.put(cid, bytes)
      return cid
    })()
    this.writing.set(key, write)
    try {
      return await write
    } finally {
      this.writing.delete(key)
    }
  }

  get(cid: CID, options?: GetOptions): ReturnType<FsBlockstore['get']> {
    return this.blocks.get(cid, options)
  }

  has(cid: CID): Promise<boolean> {
    return this.blocks.has(cid)
  }
}

/** For `only-hash`: the importer computes every CID and nothing is kept. */
export const discardingSink: BlockSink = { put: async (cid) => cid }
