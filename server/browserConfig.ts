import { rpcHttpUrl, rpcSocketUrl } from '../contract/endpoints.ts'
import type { RuntimeConfig } from '../contract/runtimeConfig.ts'

/**
 * The runtime config in the two forms the app server gives out: the browser's, where every configured network
 * is reached through the app server (networkProxy.ts) and no key or secret appears, and the server render's.
 * Apart from the proxy itself so that reading a config loads nothing of HTTP or WebSocket.
 */

/** Where the app server serves the configured networks (networkProxy.ts): each under its name. */
export const proxyPrefixes = { rpc: '/rpc', files: '/files' } as const

/** Where the browser reaches a configured network: paths on the app's own origin. */
export function proxiedPaths(name: string): { rpc: string; files: string } {
  return { rpc: `${proxyPrefixes.rpc}/${name}`, files: `${proxyPrefixes.files}/${name}` }
}

/**
 * The runtime config as the browser gets it: every configured network addressed through the app server
 * (endpoint 'proxy', same-origin paths the app resolves against its page), with no key and no secret.
 */
export function publicRuntimeConfig(runtime: RuntimeConfig): RuntimeConfig {
  return {
    ...runtime,
    networks: runtime.networks.map(({ pinningToken: _token, ...network }) => {
      const paths = proxiedPaths(network.name)
      return { ...network, rpcBase: paths.rpc, wsBase: paths.rpc, ipfsUrl: network.ipfsUrl === null ? null : paths.files, key: '', secret: '', endpoint: 'proxy' as const }
    }),
  }
}

/**
 * The config the server's render reads with: the browser's (the same networks with the same identities, so the
 * markup and the answers it sends with the page are what the app hydrates with: contract/endpoints.ts
 * endpointIdentity), its endpoints the service's own, key included: the render runs here and calls the service
 * straight, not through its own proxy. Never sent anywhere.
 */
export function serverRenderConfig(runtime: RuntimeConfig): RuntimeConfig {
  const own = new Map(runtime.networks.map((network) => [network.name, network]))
  const browser = publicRuntimeConfig(runtime)
  return {
    ...browser,
    networks: browser.networks.map((network) => {
      const configured = own.get(network.name)!
      return { ...network, rpcBase: rpcHttpUrl(configured), wsBase: rpcSocketUrl(configured) }
    }),
  }
}
