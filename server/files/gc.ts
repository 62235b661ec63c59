import type { AddSessions } from './addSessions.ts'
import { pinnedKeys } from './dagWalk.ts'
import type { GcLock } from './gcLock.ts'
import { CID } from 'multiformats/cid'
import type { PinSet } from './pins.ts'
import type { PinRequests } from './pinning/requests.ts'
import { keyToCid, type BlockStore } from './store.ts'

export type GcEvent = { removed: string } | { error: string }

/**
 * Kubo's `repo gc`: every block that no pin keeps is removed, except the blocks of adds under way (Kubo
 * holds its gc lock for the length of an add; here an add keeps only the blocks it uses, and goes on while
 * the gc runs). Pin additions wait for the gc (see GcLock). Reports each removed block as it goes.
 */
export function collectGarbage(
  parts: { store: BlockStore; pins: PinSet; sessions: AddSessions; gcLock: GcLock; folders?: { root: CID }; requests?: Pick<PinRequests, 'heldCids'> },
  report: (event: GcEvent) => void,
): Promise<{ removed: number; errors: number }> {
  const { store, pins, sessions } = parts
  return parts.gcLock.exclusive(async () => {
    // The folder tree's root and the Pinning Service API's pinned requests keep their DAGs as pins do.
    const held = (parts.requests?.heldCids() ?? []).map((cid) => CID.parse(cid))
    const kept = await pinnedKeys(store, pins, [...(parts.folders ? [parts.folders.root] : []), ...held])
    let removed = 0
    let errors = 0
    for await (const key of store.keys()) {
      if (kept.has(key) || sessions.isInUse(key)) continue
      try {
        if (await store.delete(key, () => !sessions.isInUse(key))) {
          removed++
          report({ removed: keyToCid(key).toString() })
        }
      } catch (error) {
        errors++
        report({ error: `could not remove block ${keyToCid(key).toString()}: ${(error as Error).message}` })
      }
    }
    return { removed, errors }
  })
}
