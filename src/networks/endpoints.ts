import type { Network } from '../../contract/runtimeConfig.ts'

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

/** {base_url}/v3/<API_KEY>, or the node's own URL for a network given as one. */
export function rpcHttpUrl(network: Pick<Network, 'rpcBase'> & Addressed): string {
  if (network.endpoint === 'url') return ownEndpoint(network.rpcBase, network.key)
  return `${base(network.rpcBase)}/v3/${encodeURIComponent(network.key)}`
}

/** {ws_url}/ws/v3/<API_KEY>, or the node's own WebSocket URL for a network given as one. */
export function rpcSocketUrl(network: Pick<Network, 'wsBase'> & Addressed): string {
  if (network.endpoint === 'url') return ownEndpoint(network.wsBase, network.key)
  return `${base(network.wsBase)}/ws/v3/${encodeURIComponent(network.key)}`
}
