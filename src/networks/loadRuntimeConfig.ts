import { ConfigError, parseRuntimeConfig, resolveSameOrigin, type RuntimeConfig } from '../../contract/runtimeConfig.ts'

/**
 * The deployment's networks, at start: from the page itself when the app server put them there (`inPage`,
 * main.tsx takes it out of the page: no round trip), else from /config.json (a dev server, a plain static
 * host). Every failure is a ConfigError saying why. A network the app server proxies is given as paths on its
 * origin: made URLs on `page`'s (this page's) origin.
 */
export async function loadRuntimeConfig(options: { url?: string; timeoutMs?: number; fetch?: typeof fetch; inPage?: unknown; page?: string } = {}): Promise<RuntimeConfig> {
  const page = options.page ?? globalThis.location?.href
  const resolved = (config: RuntimeConfig) => (page === undefined ? config : resolveSameOrigin(config, page))
  if (options.inPage !== undefined) return resolved(parseRuntimeConfig(options.inPage))
  const { url = '/config.json', timeoutMs = 10_000 } = options
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let response: Response
  try {
    response = await fetchImpl(url, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw new ConfigError('unreachable', `the server did not answer (${error instanceof Error ? error.name : 'error'})`, { cause: error })
  }
  if (!response.ok) throw new ConfigError('http', `the server answered HTTP ${response.status}`)
  let body: unknown
  try {
    body = await response.json()
  } catch (error) {
    throw new ConfigError('not-json', 'the answer is not JSON (is the app served by chainglass, or by a plain static server?)', { cause: error })
  }
  return resolved(parseRuntimeConfig(body))
}
