import * as v from 'valibot'
import { createListeners } from '../state/listeners.ts'

/**
 * The pinning services the user added, kept in this browser's localStorage as the other user settings are
 * (networks, theme, known files): a name, the endpoint (the part before /pins, as ipfs-webui and Kubo's
 * `pin remote service add` take it) and the access token the user typed. The local store's own service is a
 * path on this origin with no token: the app server adds it (server/networkProxy.ts).
 *
 * Nothing here logs, and nothing puts a token into a URL.
 */

export type PinningService = { id: string; name: string; endpoint: string; token: string }

export const pinningServicesStorageKey = 'chainglass.pinning.services'

const serviceSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string('expected text'), v.trim(), v.minLength(1, 'give the service a name'), v.maxLength(60, 'at most 60 characters')),
  endpoint: v.pipe(
    v.string('expected text'),
    v.trim(),
    v.transform((url) => url.replace(/\/+$/, '').replace(/\/pins$/, '')),
    v.regex(/^(https?:\/\/[^\s/?#]+[^\s?#]*|\/[^\s?#]+)$/, 'expected an http:// or https:// URL (the part before /pins)'),
  ),
  token: v.pipe(v.string(), v.trim(), v.regex(/^\S*$/, 'a token has no spaces')),
})

export type ParsedService = { ok: true; service: PinningService } | { ok: false; field: string; message: string }

export function parsePinningService(input: unknown): ParsedService {
  const parsed = v.safeParse(serviceSchema, input)
  if (parsed.success) return { ok: true, service: parsed.output }
  const issue = parsed.issues[0]
  return { ok: false, field: v.getDotPath(issue) ?? '', message: issue.message }
}

/** The endpoint as a URL this page can call: a path is on this page's origin. */
export function endpointUrl(service: Pick<PinningService, 'endpoint'>, page = typeof window === 'undefined' ? 'http://localhost/' : window.location.href): string {
  return service.endpoint.startsWith('/') ? new URL(service.endpoint, page).href.replace(/\/+$/, '') : service.endpoint
}

// Another tab's change: followed while anything shows the services.
const onStorage = (event: StorageEvent) => {
  if (event.key === null || event.key === pinningServicesStorageKey) listeners.notify()
}
const listeners = createListeners({ onFirst: () => window.addEventListener('storage', onStorage), onLast: () => window.removeEventListener('storage', onStorage) })
let cached: { raw: string | null; services: readonly PinningService[] } = { raw: null, services: [] }

function readRaw(): string | null {
  try {
    return localStorage.getItem(pinningServicesStorageKey)
  } catch {
    return null
  }
}

/** The services in the order added; the same array while storage holds the same text (a useSyncExternalStore snapshot). */
export function pinningServicesSnapshot(): readonly PinningService[] {
  const raw = readRaw()
  if (raw === cached.raw) return cached.services
  let services: PinningService[] = []
  try {
    const stored = JSON.parse(raw ?? '[]') as unknown
    if (Array.isArray(stored)) services = stored.map(parsePinningService).flatMap((parsed) => (parsed.ok ? [parsed.service] : []))
  } catch {
    services = []
  }
  cached = { raw, services }
  return services
}

function write(services: readonly PinningService[]): void {
  try {
    localStorage.setItem(pinningServicesStorageKey, JSON.stringify(services))
  } catch {
    // Storage full or switched off: nothing is kept.
  }
  listeners.notify()
}

export function savePinningService(service: PinningService): void {
  const services = [...pinningServicesSnapshot()]
  const at = services.findIndex((existing) => existing.id === service.id)
  if (at >= 0) services[at] = service
  else services.push(service)
  write(services)
}

export function removePinningService(id: string): void {
  write(pinningServicesSnapshot().filter((service) => service.id !== id))
}

export const subscribePinningServices = listeners.subscribe
