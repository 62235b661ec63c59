import * as dagPb from '@ipld/dag-pb'
import { CID } from 'multiformats/cid'
import type { PinSet } from './pins.ts'
import { blockKey, isInline, type BlockKey, type BlockStore } from './store.ts'

/**
 * Every block the pins keep: a recursive pin keeps its whole DAG, a direct pin its own block; so do the DAGs
 * of `alsoKept` (the folder tree's root, as Kubo's gc keeps MFS). Only dag-pb
 * nodes are read (raw leaves have no links, and are most of the bytes), so the walk costs one read per
 * UnixFS node, not per leaf. The importer writes only dag-pb and raw; a block of another codec is kept
 * without following links it may have. A block that is missing is skipped: the gc removes, it never fails
 * because something is already gone.
 */
export async function pinnedKeys(store: BlockStore, pins: PinSet, alsoKept: readonly CID[] = []): Promise<Set<BlockKey>> {
  const kept = new Set<BlockKey>()
  const pending: CID[] = [...alsoKept]
  for (const [text, type] of pins.entries()) {
    const cid = CID.parse(text)
    if (type === 'direct') {
      if (!isInline(cid)) kept.add(blockKey(cid))
    } else pending.push(cid)
  }
  const walked = new Set<string>()
  for (let cid = pending.pop(); cid; cid = pending.pop()) {
    const id = cid.toString()
    if (walked.has(id)) continue
    walked.add(id)
    if (!isInline(cid)) kept.add(blockKey(cid))
    if (cid.code !== dagPb.code) continue
    const bytes = await readBlock(store, cid)
    if (!bytes) continue
    for (const link of dagPb.decode(bytes).Links) pending.push(link.Hash)
  }
  return kept
}

async function readBlock(store: BlockStore, cid: CID): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = []
  try {
    for await (const chunk of store.get(cid)) chunks.push(chunk)
  } catch {
    return null
  }
  return Buffer.concat(chunks)
}
