import { createListeners } from '../state/listeners.ts'

/**
 * Names and sizes of what was added from this browser, per network. The service's pin list carries CIDs
 * only (Kubo's pin/ls has no sizes, and this service has no files/stat), so a pin added elsewhere shows
 * "—" rather than a guessed size. Kept in localStorage; the newest 500 entries.
 */

export type KnownFile = { name: string; size: number; addedAt: number }
export type KnownFiles = Readonly<Record<string, KnownFile>>

const maxEntries = 500
const storageKey = (networkName: string) => `chainglass.files.known.${networkName}`
// Another tab added a file: followed while anything shows the names.
const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key.startsWith('chainglass.files.known.')) listeners.notify()
}
const listeners = createListeners({ onFirst: () => window.addEventListener('storage', onStorage), onLast: () => window.removeEventListener('storage', onStorage) })
const cache = new Map<string, { raw: string | null; value: KnownFiles }>()
const empty: KnownFiles = Object.freeze({})

function readRaw(networkName: string): string | null {
  try {
    return localStorage.getItem(storageKey(networkName))
  } catch {
    return null
  }
}

function parse(raw: string | null): KnownFiles {
  if (!raw) return empty
  try {
    const value = JSON.parse(raw) as Record<string, Partial<KnownFile>>
    const out: Record<string, KnownFile> = {}
    for (const [cid, entry] of Object.entries(value)) {
      if (typeof entry.name === 'string' && typeof entry.size === 'number' && typeof entry.addedAt === 'number') out[cid] = { name: entry.name, size: entry.size, addedAt: entry.addedAt }
    }
    return out
  } catch {
    return empty
  }
}

/** A stable snapshot (same object while the stored text is unchanged), for useSyncExternalStore. */
export function knownFilesSnapshot(networkName: string): KnownFiles {
  const raw = readRaw(networkName)
  const cached = cache.get(networkName)
  if (cached && cached.raw === raw) return cached.value
  const value = parse(raw)
  cache.set(networkName, { raw, value })
  return value
}

export const subscribeKnownFiles = listeners.subscribe

export function rememberFile(networkName: string, cid: string, file: KnownFile): void {
  const next = { ...knownFilesSnapshot(networkName), [cid]: file }
  const kept = Object.entries(next)
    .sort(([, a], [, b]) => b.addedAt - a.addedAt)
    .slice(0, maxEntries)
  try {
    localStorage.setItem(storageKey(networkName), JSON.stringify(Object.fromEntries(kept)))
  } catch {
    // Storage full or off: the names are a convenience, the pins themselves are on the service.
  }
  listeners.notify()
}
