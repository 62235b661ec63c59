import { HttpTransport, type HttpTransportOptions } from '../rpc/http.ts'
import { SocketTransport, type SocketTransportOptions } from '../rpc/socket.ts'
import type { CallOptions, Unsubscribe } from '../rpc/transport.ts'
import { capabilitiesOf, type Capabilities } from './capabilities.ts'
import { rpcHttpUrl, rpcSocketUrl } from './endpoints.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { recordSubstitutions } from './tagNotices.ts'
import { guardCall } from './tags.ts'

export type NetworkClients = { http: HttpTransport; socket: SocketTransport }

/**
 * The transport boundary of a network: every call passes `guardCall` on its way out, so a method the
 * network does not offer, or a tag it refuses, never reaches it (`safe` goes out as `finalized` where the
 * network requires it, and the substitution is recorded for the notice). Query factories and pages cannot
 * go around it: clientsFor is the only way to a network's transports.
 */
type Guard = { network: string; capabilities: Capabilities }

function guarded(guard: Guard, method: string, params: readonly unknown[]): readonly unknown[] {
  const result = guardCall(guard.capabilities, method, params)
  recordSubstitutions(guard.network, result.substitutions)
  return result.params
}

/** A refused call rejects like a failed request rather than throwing at the caller. */
function guardedRequest(guard: Guard, method: string, params: readonly unknown[], send: (sent: readonly unknown[]) => Promise<unknown>): Promise<unknown> {
  let sent: readonly unknown[]
  try {
    sent = guarded(guard, method, params)
  } catch (error) {
    return Promise.reject(error)
  }
  return send(sent)
}

export class GuardedHttpTransport extends HttpTransport {
  readonly #guard: Guard

  constructor(guard: Guard, options: HttpTransportOptions) {
    super(options)
    this.#guard = guard
  }

  override request(method: string, params: readonly unknown[] = [], options?: CallOptions): Promise<unknown> {
    return guardedRequest(this.#guard, method, params, (sent) => super.request(method, sent, options))
  }
}

export class GuardedSocketTransport extends SocketTransport {
  readonly #guard: Guard

  constructor(guard: Guard, options: SocketTransportOptions) {
    super(options)
    this.#guard = guard
  }

  // The socket's own calls (eth_subscribe, keep-alive eth_chainId) come through here too.
  override request(method: string, params: readonly unknown[] = [], options?: CallOptions): Promise<unknown> {
    return guardedRequest(this.#guard, method, params, (sent) => super.request(method, sent, options))
  }

  override subscribe(kind: string, params: readonly unknown[], onData: (data: unknown) => void, onError?: (error: unknown) => void): Unsubscribe {
    let sent: readonly unknown[]
    try {
      sent = guarded(this.#guard, 'eth_subscribe', params)
    } catch (error) {
      // Refused before it was sent: the subscriber hears it as it would hear the node's refusal.
      queueMicrotask(() => onError?.(error))
      return () => {}
    }
    return super.subscribe(kind, sent, onData, onError)
  }
}

const clients = new Map<string, NetworkClients>()

/** What makes two network objects need different transports: the endpoints, the key, and the rules. */
function clientsId(network: Network, capabilities: Capabilities): string {
  return JSON.stringify([network.name, network.rpcBase, network.wsBase, network.key, capabilities])
}

/** One HTTP transport and one WebSocket per network for the whole app, made on first use. */
export function clientsFor(network: Network): NetworkClients {
  const capabilities = capabilitiesOf(network)
  const id = clientsId(network, capabilities)
  let found = clients.get(id)
  if (!found) {
    const guard: Guard = { network: network.name, capabilities }
    found = {
      http: new GuardedHttpTransport(guard, { url: rpcHttpUrl(network), maxBatchSize: capabilities.maxBatchSize }),
      socket: new GuardedSocketTransport(guard, { url: rpcSocketUrl(network) }),
    }
    clients.set(id, found)
  }
  return found
}

/**
 * Closes the transports no listed network uses any more (one edited or removed), so an old key or old
 * rules are never used again and no socket lingers.
 */
export function releaseClientsExcept(networks: readonly Network[]): void {
  const keep = new Set(networks.map((network) => clientsId(network, capabilitiesOf(network))))
  for (const [id, found] of clients) {
    if (keep.has(id)) continue
    found.socket.close()
    clients.delete(id)
  }
}

if (typeof window !== 'undefined') {
  // Back online: no reason to sit out the rest of a backoff wait.
  window.addEventListener('online', () => {
    for (const { socket } of clients.values()) socket.reconnectNow()
  })
}
