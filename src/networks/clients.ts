import { HttpTransport } from '../rpc/http.ts'
import { SocketTransport } from '../rpc/socket.ts'
import { rpcHttpUrl, rpcSocketUrl } from './endpoints.ts'
import type { Network } from './runtimeConfig.ts'

export type NetworkClients = { http: HttpTransport; socket: SocketTransport }

const clients = new Map<string, NetworkClients>()

/** One HTTP transport and one WebSocket per network for the whole app, made on first use. */
export function clientsFor(network: Network): NetworkClients {
  const id = `${network.name}\n${network.rpcBase}\n${network.wsBase}`
  let found = clients.get(id)
  if (!found) {
    found = { http: new HttpTransport({ url: rpcHttpUrl(network) }), socket: new SocketTransport({ url: rpcSocketUrl(network) }) }
    clients.set(id, found)
  }
  return found
}

if (typeof window !== 'undefined') {
  // Back online: no reason to sit out the rest of a backoff wait.
  window.addEventListener('online', () => {
    for (const { socket } of clients.values()) socket.reconnectNow()
  })
}
