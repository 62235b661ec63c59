import fs from 'node:fs/promises'
import path from 'node:path'
import { pinnedKeys } from './dagWalk.ts'
import { readdirOrEmpty } from './directory.ts'
import type { CID } from 'multiformats/cid'
import type { PinSet } from './pins.ts'
import { keyToCid, type BlockKey, type BlockStore } from './store.ts'

export type Recovery = { interruptedAdds: number; blocksRemoved: number; tempFilesRemoved: number }

/**
 * Run at start, before the service listens: cleans up after adds that a kill (or a crash) stopped half way.
 * Each add under way names in its journal every block it wrote, before writing it; a journal still there
 * means the add never finished, so its blocks go, except those a pin keeps (an add that finished with
 * `pin=true` and shares them, say). Unpinned blocks of other finished adds that happen to be the same bytes
 * go too: they are what `repo gc` removes anyway. `alsoKept` are roots kept as pins are (pinned requests of the
 * Pinning Service API). Temp files of cut-off writes (the pin set's and the block
 * store's) go as well. The journals are removed last, so a kill during this cleanup only means it runs again.
 */
export async function recoverInterruptedAdds(root: string, journalDirectory: string, store: BlockStore, pins: PinSet, alsoKept: readonly CID[] = []): Promise<Recovery> {
  let tempFilesRemoved = 0
  for (const name of await readdirOrEmpty(root)) {
    if (name.startsWith('.pins.json.') && name.endsWith('.tmp')) {
      await fs.rm(path.join(root, name), { force: true })
      tempFilesRemoved++
    }
  }
  const journals = (await readdirOrEmpty(journalDirectory)).filter((name) => name.endsWith('.journal'))
  if (journals.length === 0) return { interruptedAdds: 0, blocksRemoved: 0, tempFilesRemoved }

  const written = new Set<BlockKey>()
  for (const name of journals) {
    const text = await fs.readFile(path.join(journalDirectory, name), 'utf8')
    for (const line of text.split('\n')) if (isBlockKey(line)) written.add(line)
  }
  const kept = await pinnedKeys(store, pins, alsoKept)
  let blocksRemoved = 0
  for (const key of written) {
    if (kept.has(key)) continue
    if (await store.delete(key, () => true)) blocksRemoved++
  }
  tempFilesRemoved += await store.removeTempFiles()
  for (const name of journals) await fs.rm(path.join(journalDirectory, name), { force: true })
  return { interruptedAdds: journals.length, blocksRemoved, tempFilesRemoved }
}

/** A journal line cut off by the kill is not a block's name; skipping it is safe (its block was never written). */
function isBlockKey(line: string): boolean {
  if (line === '') return false
  try {
    keyToCid(line)
    return true
  } catch {
    return false
  }
}

