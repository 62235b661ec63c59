import type { BlockTag } from '../rpc/methods.ts'
import type { TagSubstitution } from './tags.ts'
import { createListeners } from '../state/listeners.ts'

/**
 * The substitutions the transports made (`safe` sent as `finalized`), per network, so the frame can say so
 * whichever page asked. A snapshot changes only when a new substitution is made.
 */

export type TagNotice = { network: string; from: BlockTag; to: BlockTag; methods: readonly string[]; count: number }

const notices = new Map<string, TagNotice>()
const listeners = createListeners()

export function recordSubstitutions(network: string, substitutions: readonly TagSubstitution[]): void {
  if (substitutions.length === 0) return
  for (const { method, from, to } of substitutions) {
    const previous = notices.get(network)
    const methods = previous?.methods.includes(method) ? previous.methods : [...(previous?.methods ?? []), method]
    notices.set(network, { network, from, to, methods, count: (previous?.count ?? 0) + 1 })
  }
  listeners.notify()
}

/** The latest notice for a network, or null; the same object until another substitution is made. */
export function tagNoticeFor(network: string): TagNotice | null {
  return notices.get(network) ?? null
}

export const subscribeTagNotices = listeners.subscribe

/** For tests. */
export function clearTagNotices(): void {
  notices.clear()
  listeners.notify()
}
