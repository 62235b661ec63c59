import type { Network } from './runtimeConfig.ts'

/**
 * The service URLs of a network. They carry the project key, so they go to fetch and WebSocket only:
 * never into the DOM, a link, the history or a log line.
 */

type Addressed = Pick<Network, 'key'> & { endpoint?: Network['endpoint'] }

function base(url: string): string {
  return url.replace(/\/+$/, '')
}

/** A node's own endpoint, with the key (if any) as its last path segment. */
function ownEndpoint(url: string, key: string): string {
  return key === '' ? base(url) : `${base(url)}/${encodeURIComponent(key)}`
}

/** {base_url}/v3/<API_KEY>, the node's own URL for a network given as one, or the app server's for a proxied one. */
export function rpcHttpUrl(network: Pick<Network, 'rpcBase'> & Addressed): string {
  if (network.endpoint === 'proxy') return base(network.rpcBase)
  if (network.endpoint === 'url') return ownEndpoint(network.rpcBase, network.key)
  return `${base(network.rpcBase)}/v3/${encodeURIComponent(network.key)}`
}

/** {ws_url}/ws/v3/<API_KEY>, or the node's own WebSocket URL for a network given as one. */
export function rpcSocketUrl(network: Pick<Network, 'wsBase'> & Addressed): string {
  if (network.endpoint === 'proxy') return base(network.wsBase)
  if (network.endpoint === 'url') return ownEndpoint(network.wsBase, network.key)
  return `${base(network.wsBase)}/ws/v3/${encodeURIComponent(network.key)}`
}

/**
 * What a network's cached answers are kept under besides its name: its endpoint, or for a network the app
 * server proxies, that fact alone. The browser reaches a proxied network on its page's origin and the server's
 * render reaches the service itself (server/networkProxy.ts serverRenderConfig): the same network, and the
 * answers the render sends with a page are found under the same key when the app hydrates it.
 */
export function endpointIdentity(network: Pick<Network, 'rpcBase'> & { endpoint?: Network['endpoint'] }): string {
  return network.endpoint === 'proxy' ? 'through the app server' : network.rpcBase
}
