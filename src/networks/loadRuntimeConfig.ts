import { ConfigError, parseRuntimeConfig, type RuntimeConfig } from '../../contract/runtimeConfig.ts'

/** Reads /config.json (the deployment's networks) at start; every failure is a ConfigError saying why. */
export async function loadRuntimeConfig(options: { url?: string; timeoutMs?: number; fetch?: typeof fetch } = {}): Promise<RuntimeConfig> {
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
  return parseRuntimeConfig(body)
}
