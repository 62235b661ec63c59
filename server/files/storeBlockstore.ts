import type { Blockstore, InputPair, Pair } from 'interface-blockstore'
import type { CID } from 'multiformats/cid'
import { blockKey, type BlockStore } from './store.ts'

/**
 * The store seen through interface-blockstore, as Helia reads and writes it: a block bitswap brings is written
 * as an add writes one (one writer per block, whole or absent), unpinned, so `repo gc` may remove it as Kubo's would.
 */
export function storeAsBlockstore(store: BlockStore): Blockstore {
  const blockstore: Blockstore = {
    has: (cid) => store.has(cid),
    put: async (cid, bytes) => {
      await store.write(cid, bytes instanceof Uint8Array ? bytes : await collect(bytes))
      return cid
    },
    async *putMany(source: Iterable<InputPair> | AsyncIterable<InputPair>) {
      for await (const { cid, bytes } of source) yield await blockstore.put(cid, bytes)
    },
    get: (cid, options) => store.get(cid, options),
    async *getMany(source: Iterable<CID> | AsyncIterable<CID>, options) {
      for await (const cid of source) yield { cid, bytes: store.get(cid, options) } satisfies Pair
    },
    delete: async (cid) => {
      await store.delete(blockKey(cid), () => true)
    },
    async *deleteMany(source: Iterable<CID> | AsyncIterable<CID>) {
      for await (const cid of source) {
        await blockstore.delete(cid)
        yield cid
      }
    },
    // Helia walks every block only for its own gc and pins, which this service does not use (pins.ts, gc.ts).
    // eslint-disable-next-line require-yield
    async *getAll() {
      throw new Error('the file store lists its blocks itself (BlockStore.keys)')
    },
  }
  return blockstore
}

async function collect(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = []
  for await (const chunk of chunks) parts.push(chunk)
  return Buffer.concat(parts)
}
