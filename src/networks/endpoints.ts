import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * The service URLs of a network. They carry the project key, so they go to fetch and WebSocket only:
 * never into the DOM, a link, the history or a log line.
 */

function base(url: string): string {
  return url.replace(/\/+$/, '')
}

/** {base_url}/v3/<API_KEY> */
export function rpcHttpUrl(network: Pick<Network, 'rpcBase' | 'key'>): string {
  return `${base(network.rpcBase)}/v3/${encodeURIComponent(network.key)}`
}

/** {ws_url}/ws/v3/<API_KEY> */
export function rpcSocketUrl(network: Pick<Network, 'wsBase' | 'key'>): string {
  return `${base(network.wsBase)}/ws/v3/${encodeURIComponent(network.key)}`
}
