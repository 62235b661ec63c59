import * as v from 'valibot'
import { isLoopbackUrl } from '../../contract/origins.ts'
import {
  credentialsFromSnapshot,
  forgetFilesCredentials,
  saveFilesCredentials,
  storedCredentialsSnapshot,
  type CredentialStorages,
  type StorageLike,
} from '../files/credentials.ts'
import { createListeners } from '../state/listeners.ts'
import { capabilitiesSchema, type AppNetwork, type Capabilities } from './capabilities.ts'

/**
 * The networks the user added, kept in this browser. Everything but the secret is in localStorage; the
 * secret (for the file store's HTTP Basic authentication) goes to the credentials store the file page
 * reads (files/credentials.ts): sessionStorage, or localStorage when "remember on this device" is ticked.
 *
 * Nothing here logs, and nothing here puts a key or secret into a URL.
 */

export type UserNetworkRecord = {
  name: string
  label: string
  /** Hex: some chain ids do not fit a JS number. */
  chainId: `0x${string}`
  rpcBase: string
  wsBase: string
  ipfsUrl: string | null
  /** A verified-source repository in Sourcify's layout (its root URL), or none. */
  sourcesUrl?: string
  /** The project key; '' until the user enters one (an import without credentials), or none for a node's own URL. */
  key: string
  /** 'service': {rpcBase}/v3/<key>; 'url': rpcBase and wsBase are the node's own endpoints (endpoints.ts). */
  endpoint: EndpointShape
  capabilities: Capabilities
}

export type EndpointShape = 'service' | 'url'

export const userNetworksStorageKey = 'chainglass.networks'

export const networkNamePattern = /^[a-z0-9][a-z0-9-]{0,39}$/

const httpUrl = v.pipe(v.string('expected text'), v.trim(), v.regex(/^https?:\/\/[^\s/?#]+[^\s?#]*$/, 'expected an http:// or https:// URL'))
const wsUrl = v.pipe(v.string('expected text'), v.trim(), v.regex(/^wss?:\/\/[^\s/?#]+[^\s?#]*$/, 'expected a ws:// or wss:// URL'))

/** A chain id as hex, or decimal for convenience: stored as canonical hex. */
const chainIdSchema = v.pipe(
  v.union([v.string(), v.number()], 'expected a chain id'),
  v.transform((value) => String(value).trim()),
  v.check((text) => /^0x[0-9a-fA-F]+$/.test(text) || /^\d+$/.test(text), 'expected a chain id: hex (0x1) or decimal (1)'),
  v.transform((text) => `0x${BigInt(text).toString(16)}` as `0x${string}`),
)

export const userNetworkSchema = v.object({
  name: v.pipe(v.string('expected text'), v.trim(), v.regex(networkNamePattern, 'expected 1 to 40 lowercase letters, digits and dashes, starting with a letter or digit')),
  label: v.pipe(v.string('expected text'), v.trim(), v.minLength(1, 'expected a label'), v.maxLength(60, 'expected at most 60 characters')),
  chainId: chainIdSchema,
  rpcBase: v.pipe(httpUrl, v.transform((url) => url.replace(/\/+$/, ''))),
  wsBase: v.pipe(wsUrl, v.transform((url) => url.replace(/\/+$/, ''))),
  ipfsUrl: v.optional(
    v.pipe(
      v.nullable(v.string('expected text')),
      v.transform((value) => (value === null || value.trim() === '' ? null : value.trim().replace(/\/+$/, ''))),
      v.check((value) => value === null || /^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(value), 'expected an http:// or https:// URL, or nothing'),
    ),
    null,
  ),
  // Absent when not given (records from before it existed, and networks without one).
  sourcesUrl: v.optional(
    v.pipe(
      v.nullable(v.string('expected text')),
      v.transform((value) => (value === null || value.trim() === '' ? undefined : value.trim().replace(/\/+$/, ''))),
      v.check((value) => value === undefined || /^https?:\/\/[^\s/?#]+[^\s?#]*$/.test(value), 'expected an http:// or https:// URL, or nothing'),
    ),
  ),
  key: v.pipe(v.optional(v.string('expected text'), ''), v.trim(), v.regex(/^[^\s/?#]*$/, 'expected a key without spaces, slashes, ? or #')),
  // Records saved before endpoints could be given as URLs are the service's shape.
  endpoint: v.optional(v.picklist(['service', 'url'], 'expected service or url'), 'service'),
  capabilities: capabilitiesSchema,
})

const storedSchema = v.object({ version: v.literal(1), networks: v.array(v.unknown()) })

export type FieldIssue = { path: string; message: string }

/** The first problem of each field, by its dotted path ("capabilities.maxBatchSize"); never quotes the value. */
export function issuesOf(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>()
  const out: FieldIssue[] = []
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? ''
    if (seen.has(path)) continue
    seen.add(path)
    out.push({ path, message: issue.message })
  }
  return out
}

export type ParsedNetwork = { ok: true; record: UserNetworkRecord } | { ok: false; issues: FieldIssue[] }

/**
 * Checks a network the user entered or imported. `taken` are the names in use by other networks (the
 * built-in ones, and other user networks): a name must be unique, since URLs and caches go by it.
 */
export function parseUserNetwork(input: unknown, taken: ReadonlySet<string>): ParsedNetwork {
  const parsed = v.safeParse(userNetworkSchema, input)
  if (!parsed.success) return { ok: false, issues: issuesOf(parsed.issues) }
  if (taken.has(parsed.output.name)) return { ok: false, issues: [{ path: 'name', message: `another network is already called "${parsed.output.name}"` }] }
  return { ok: true, record: parsed.output }
}

export function toAppNetwork(record: UserNetworkRecord): AppNetwork {
  const { capabilities, sourcesUrl, ...fields } = record
  // The secret is not on the object: the file store looks it up by name (files/credentials.ts). A node on this
  // machine is the developer's own: local, as the built-in devnet is.
  return { ...fields, ...(sourcesUrl ? { sourcesUrl } : {}), secret: '', kind: isLoopbackUrl(record.rpcBase) ? 'local' : 'hosted', source: 'user', capabilities, sample: null }
}

export type SecretPlace = 'none' | 'session' | 'device'

export type SaveOptions = {
  /** A new secret; undefined keeps the stored one, '' forgets it. */
  secret?: string
  /** Keep the secret in localStorage (else sessionStorage). */
  remember: boolean
  /** The network's name before this save (an edit may rename it). */
  previousName?: string
}

export type UserNetworkStore = {
  /** Every user network, in the order added; the same array until something changes. */
  list(): readonly UserNetworkRecord[]
  /** Problems found reading what was stored (a hand-edited or older entry), for the settings page to show. */
  problems(): readonly string[]
  subscribe(listener: () => void): () => void
  save(record: UserNetworkRecord, options: SaveOptions): void
  remove(name: string): void
  /** Where the secret of a network is kept. */
  secretPlace(name: string): SecretPlace
  /** The secret itself, for an export the user asked to include secrets in. Never render it. */
  secretOf(name: string): string | null
  forgetSecret(name: string): void
  /** Reads storage again (another tab changed it). */
  reload(): void
}

export type UserNetworkStorages = { device: StorageLike | null; credentials?: CredentialStorages }

function read(storage: StorageLike | null): { records: UserNetworkRecord[]; problems: string[] } {
  let raw: string | null = null
  try {
    raw = storage?.getItem(userNetworksStorageKey) ?? null
  } catch {
    return { records: [], problems: [] }
  }
  if (!raw) return { records: [], problems: [] }
  let body: unknown
  try {
    body = JSON.parse(raw)
  } catch {
    return { records: [], problems: ['the saved networks are not valid JSON and were ignored'] }
  }
  const stored = v.safeParse(storedSchema, body)
  if (!stored.success) return { records: [], problems: ['the saved networks are in a shape this version does not read, and were ignored'] }
  const records: UserNetworkRecord[] = []
  const problems: string[] = []
  const names = new Set<string>()
  stored.output.networks.forEach((entry, index) => {
    const parsed = parseUserNetwork(entry, names)
    if (parsed.ok) {
      names.add(parsed.record.name)
      records.push(parsed.record)
    } else {
      const issue = parsed.issues[0]!
      problems.push(`saved network ${index + 1} was ignored: ${issue.path ? `${issue.path}: ` : ''}${issue.message}`)
    }
  })
  return { records, problems }
}

export function createUserNetworkStore(storages: UserNetworkStorages): UserNetworkStore {
  const credentialStorages = storages.credentials
  let state = read(storages.device)
  const listeners = createListeners()
  const notify = listeners.notify
  const write = (records: UserNetworkRecord[]) => {
    state = { records, problems: [] }
    try {
      storages.device?.setItem(userNetworksStorageKey, JSON.stringify({ version: 1, networks: records }))
    } catch {
      // Storage full or switched off: the networks last as long as the page does.
    }
    notify()
  }
  const storedSecret = (name: string) => credentialsFromSnapshot(storedCredentialsSnapshot(name, credentialStorages))

  return {
    list: () => state.records,
    problems: () => state.problems,
    subscribe: listeners.subscribe,
    save(record, { secret, remember, previousName }) {
      const from = previousName ?? record.name
      const kept = storedSecret(from)
      const nextSecret = secret === undefined ? (kept?.secret ?? '') : secret
      if (from !== record.name) forgetFilesCredentials(from, credentialStorages)
      if (nextSecret !== '' && record.key !== '') saveFilesCredentials(record.name, { key: record.key, secret: nextSecret }, { remember }, credentialStorages)
      else forgetFilesCredentials(record.name, credentialStorages)
      const records = [...state.records]
      const at = records.findIndex((existing) => existing.name === from)
      if (at >= 0) records[at] = record
      else records.push(record)
      write(records)
    },
    remove(name) {
      forgetFilesCredentials(name, credentialStorages)
      write(state.records.filter((record) => record.name !== name))
    },
    secretPlace(name) {
      const stored = storedSecret(name)
      return stored === null ? 'none' : stored.source === 'device' ? 'device' : 'session'
    },
    secretOf: (name) => storedSecret(name)?.secret ?? null,
    forgetSecret(name) {
      forgetFilesCredentials(name, credentialStorages)
      notify()
    },
    reload() {
      state = read(storages.device)
      notify()
    },
  }
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The store of this browser (tests make their own with createUserNetworkStore). */
export const userNetworks = createUserNetworkStore({ device: browserStorage() })

if (typeof window !== 'undefined') {
  // Another tab added or removed a network: read them again.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === userNetworksStorageKey) userNetworks.reload()
  })
}
