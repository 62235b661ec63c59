import type { Network } from '../../contract/runtimeConfig.ts'
import { createListeners } from '../state/listeners.ts'

/**
 * The key and secret the file store wants (HTTP Basic). The local network's come configured in
 * /config.json; for any other network they are entered by the user and kept here: the secret in
 * sessionStorage (gone when the tab closes) unless "remember on this device" is ticked, then in
 * localStorage. Issue 6's settings page is meant to use the same store.
 *
 * Nothing here logs, and nothing puts a credential in a URL or the DOM.
 */

export type CredentialSource = 'config' | 'session' | 'device'
export type FilesCredentials = { key: string; secret: string; source: CredentialSource }

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
export type CredentialStorages = { session: StorageLike | null; device: StorageLike | null }

export const credentialsStorageKey = (networkName: string) => `chainglass.files.credentials.${networkName}`

function browserStorages(): CredentialStorages {
  const pick = (get: () => Storage): StorageLike | null => {
    try {
      return get()
    } catch {
      // Storage switched off (some private modes): credentials last as long as the page does, in memory.
      return null
    }
  }
  return typeof window === 'undefined' ? { session: null, device: null } : { session: pick(() => window.sessionStorage), device: pick(() => window.localStorage) }
}

/** Used when the browser has no usable storage at all, so entering a secret still works for this page. */
const memory = new Map<string, string>()
const memoryStorage: StorageLike = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
}

function safeGet(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function safeRemove(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key)
  } catch {
    // nothing was there to remove
  }
}

function parseStored(raw: string | null): { key: string; secret: string } | null {
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as { key?: unknown; secret?: unknown }
    return typeof value.key === 'string' && typeof value.secret === 'string' && value.key !== '' && value.secret !== '' ? { key: value.key, secret: value.secret } : null
  } catch {
    return null
  }
}

/**
 * What the user entered for a network, as one string that stays equal while nothing changes (a
 * useSyncExternalStore snapshot). It holds the secret: keep it in memory, never render it.
 */
export function storedCredentialsSnapshot(networkName: string, storages: CredentialStorages = browserStorages()): string {
  const key = credentialsStorageKey(networkName)
  const session = safeGet(storages.session ?? memoryStorage, key)
  if (session) return `session\n${session}`
  const device = safeGet(storages.device, key)
  return device ? `device\n${device}` : ''
}

/** The credentials to use for a network's file store: configured ones first, then what the user entered; null if none. */
export function filesCredentials(network: Network, storages: CredentialStorages = browserStorages()): FilesCredentials | null {
  return configuredCredentials(network) ?? credentialsFromSnapshot(storedCredentialsSnapshot(network.name, storages))
}

/**
 * What the deployment configured for a network's file store: for one the app server proxies, none at all (it
 * adds them itself, server/networkProxy.ts: the key and secret stay on the server); else its secret, if given.
 */
export function configuredCredentials(network: Pick<Network, 'endpoint' | 'key' | 'secret'>): FilesCredentials | null {
  if (network.endpoint === 'proxy') return { key: '', secret: '', source: 'config' }
  return network.secret !== '' ? { key: network.key, secret: network.secret, source: 'config' } : null
}

export function credentialsFromSnapshot(snapshot: string): FilesCredentials | null {
  const newline = snapshot.indexOf('\n')
  if (newline < 0) return null
  const source = snapshot.slice(0, newline)
  const stored = parseStored(snapshot.slice(newline + 1))
  return stored && (source === 'session' || source === 'device') ? { ...stored, source } : null
}

const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key.startsWith('chainglass.files.credentials.')) listeners.notify()
}
// Remembered ones change in other tabs too: followed while anything reads them (not on the server, which has no window).
const listeners = createListeners({
  onFirst: () => (typeof window !== 'undefined' ? window.addEventListener('storage', onStorage) : undefined),
  onLast: () => (typeof window !== 'undefined' ? window.removeEventListener('storage', onStorage) : undefined),
})
const notify = listeners.notify

/** Changes made here, and (for remembered ones) in other tabs. */
export const subscribeFilesCredentials = listeners.subscribe

/** Keeps what the user entered: for this session, or on this device when `remember` is set. The other place is cleared. */
export function saveFilesCredentials(
  networkName: string,
  credentials: { key: string; secret: string },
  { remember }: { remember: boolean },
  storages: CredentialStorages = browserStorages(),
): void {
  const key = credentialsStorageKey(networkName)
  const value = JSON.stringify({ key: credentials.key, secret: credentials.secret })
  const session = storages.session ?? memoryStorage
  if (remember && storages.device) {
    safeRemove(session, key)
    storages.device.setItem(key, value)
  } else {
    safeRemove(storages.device, key)
    session.setItem(key, value)
  }
  notify()
}

export function forgetFilesCredentials(networkName: string, storages: CredentialStorages = browserStorages()): void {
  const key = credentialsStorageKey(networkName)
  safeRemove(storages.session ?? memoryStorage, key)
  safeRemove(storages.device, key)
  notify()
}
