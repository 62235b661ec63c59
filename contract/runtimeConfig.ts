import * as v from 'valibot'
import { ChainglassError } from './errors.ts'

/**
 * /config.json: the deployment's networks. The service writes it (server/appServer.ts) and the app reads it at
 * start (src/networks/loadRuntimeConfig.ts), so one build serves the local service and any hosted provider.
 * One schema for both: the app validates what it reads with it, the service types what it writes with it.
 */

/** Hex, as JSON-RPC writes quantities (leading zeros tolerated, as the app's RPC schemas do). */
const hexQuantity = v.custom<`0x${string}`>((input) => typeof input === 'string' && /^0x[0-9a-fA-F]+$/.test(input), 'expected a hex quantity')
/** A URL, or a path on the app's own origin (a network the app server proxies: resolveSameOrigin). */
const httpUrl = v.pipe(v.string(), v.regex(/^(https?:\/\/[^\s/]+|\/[^/\s])/, 'expected an http(s) URL or a path on this origin'))
const wsUrl = v.pipe(v.string(), v.regex(/^(wss?:\/\/[^\s/]+|\/[^/\s])/, 'expected a ws(s) URL or a path on this origin'))

export const networkSchema = v.object({
  /** Short and URL-safe: query keys and (later) links carry it. */
  name: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]*$/, 'expected lowercase letters, digits and dashes')),
  label: v.pipe(v.string(), v.minLength(1, 'expected a label')),
  /** Hex: some chain ids (Starknet's SN_MAIN) do not fit a JS number. */
  chainId: hexQuantity,
  rpcBase: httpUrl,
  wsBase: wsUrl,
  ipfsUrl: v.nullable(httpUrl),
  /** The project key; empty for a network the app server proxies (it adds the key itself). */
  key: v.string(),
  secret: v.string(),
  /**
   * The file store's Pinning Service API token ({ipfsUrl}/pinning), when it is not the secret. The app server's
   * only: like the secret, it never reaches a browser (server/browserConfig.ts publicRuntimeConfig).
   */
  pinningToken: v.optional(v.string()),
  /**
   * How requests are addressed. 'service' (the default): {rpcBase}/v3/<key> and {wsBase}/ws/v3/<key>, as the
   * spec's service does. 'url': rpcBase and wsBase are the node's own endpoints, the key (if any) added as their
   * last path segment (a node such as anvil or Hardhat at http://127.0.0.1:8545, a provider's /v2/<key>).
   * 'proxy': rpcBase and wsBase are the app server's own endpoints for the network (server/networkProxy.ts),
   * which add the key and the file store's credentials on the way: the browser holds neither.
   */
  endpoint: v.optional(v.picklist(['service', 'url', 'proxy'])),
  kind: v.picklist(['local', 'sample', 'hosted']),
  /**
   * Where the deployment publishes its own contracts' names and ABIs (contract/publishedContracts.ts): a path
   * on the app's origin or a URL. Absent: it publishes none.
   */
  contractsUrl: v.optional(v.pipe(v.string(), v.regex(/^(\/[^/]|https?:\/\/)/, 'expected a path starting with / or an http(s) URL'))),
  /**
   * A verified-source repository in Sourcify's layout (its root: <root>/contracts/full_match/<chainId>/<address>/
   * metadata.json and sources/): a path on the app's origin or a URL. Absent: the app has none for the network.
   */
  sourcesUrl: v.optional(v.pipe(v.string(), v.regex(/^(\/[^/]|https?:\/\/)/, 'expected a path starting with / or an http(s) URL'))),
  /** The file store's largest add request in bytes, when the deployment says (absent: the service default). */
  maxUploadBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
})

export const runtimeConfigSchema = v.pipe(
  v.object({
    defaultNetwork: v.string(),
    networks: v.pipe(
      v.array(
        v.pipe(
          networkSchema,
          v.check((network) => network.endpoint === 'proxy' || network.key !== '', 'expected a project key'),
        ),
      ),
      v.minLength(1, 'expected at least one network'),
    ),
  }),
  v.check((config) => config.networks.some((network) => network.name === config.defaultNetwork), 'defaultNetwork names no network in the list'),
)

export type Network = v.InferOutput<typeof networkSchema>
export type RuntimeConfig = v.InferOutput<typeof runtimeConfigSchema>

export type ConfigFailure = 'unreachable' | 'http' | 'not-json' | 'invalid'

/** /config.json could not be used; `detail` says exactly why and never quotes a key or secret. */
export class ConfigError extends ChainglassError {
  override readonly name = 'ConfigError'
  readonly reason: ConfigFailure
  readonly detail: string

  constructor(reason: ConfigFailure, detail: string, options?: { cause?: unknown }) {
    super(`the runtime configuration (/config.json) could not be used: ${detail}`, options)
    this.reason = reason
    this.detail = detail
  }
}

/**
 * The config with every same-origin path (a proxied network's endpoints) made a URL on `page`'s origin: http(s)
 * for JSON-RPC over HTTP and the file store, ws(s) for the socket.
 */
export function resolveSameOrigin(config: RuntimeConfig, page: string): RuntimeConfig {
  const origin = new URL(page)
  const http = (value: string) => (value.startsWith('/') ? new URL(value, origin).href.replace(/\/+$/, '') : value)
  const ws = (value: string) => (value.startsWith('/') ? http(value).replace(/^http/, 'ws') : value)
  return {
    ...config,
    networks: config.networks.map((network) => ({
      ...network,
      rpcBase: http(network.rpcBase),
      wsBase: ws(network.wsBase),
      ipfsUrl: network.ipfsUrl === null ? null : http(network.ipfsUrl),
      ...(network.sourcesUrl === undefined ? {} : { sourcesUrl: http(network.sourcesUrl) }),
    })),
  }
}

/** Checks a parsed config; the first problem is named by its path, without echoing the value. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = v.safeParse(runtimeConfigSchema, value)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  const path = v.getDotPath(issue)
  const what = issue.type === 'check' || issue.type === 'min_length' || issue.type === 'regex' ? issue.message : `expected ${issue.expected}`
  throw new ConfigError('invalid', path ? `${path}: ${what}` : what)
}
