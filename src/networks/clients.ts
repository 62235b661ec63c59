import { HttpTransport } from '../rpc/http.ts'
import { SocketTransport } from '../rpc/socket.ts'
import type { PrepareCall } from '../rpc/transport.ts'
import { capabilitiesOf, type Capabilities } from './capabilities.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../../contract/endpoints.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { recordSubstitutions } from './tagNotices.ts'
import { guardCall, rewriteBlockTags } from './tags.ts'
import { noteRefusedTag } from './learned.ts'
import { isTagRefused } from '../rpc/unsupported.ts'

export type NetworkClients = { http: HttpTransport; socket: SocketTransport }

/**
 * The transport boundary of a network: every call passes `guardCall` on its way out, so a method the
 * network does not offer, or a tag it refuses, never reaches it (`safe` goes out as `finalized` where the
 * network requires it, and the substitution is recorded for the notice). Query factories and pages cannot
 * go around it: clientsFor is the only way to a network's transports.
 */
export function networkGuard(network: Network, capabilities: Capabilities): PrepareCall {
  const guard: PrepareCall = (method, params) => {
    const result = guardCall(capabilities, method, params)
    recordSubstitutions(network.name, result.substitutions)
    return result.params
  }
  // The node refused `safe` although the rules allowed it: remembered (the rules follow, networks/learned.ts),
  // and the call goes once more with its stand-in, as the spec's networks that refuse it require.
  guard.retry = (method, sent, error) => {
    if (!isTagRefused(error, 'safe')) return null
    // The same rewrite as on the way out, with safe refused: no substitution means the call held no safe.
    const result = rewriteBlockTags({ ...capabilities, blockTags: capabilities.blockTags.filter((tag) => tag !== 'safe') }, method, sent)
    if (result.substitutions.length === 0) return null
    noteRefusedTag(network, 'safe')
    recordSubstitutions(network.name, result.substitutions)
    return result.params
  }
  return guard
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
    const prepare = networkGuard(network, capabilities)
    found = {
      http: new HttpTransport({ url: rpcHttpUrl(network), maxBatchSize: capabilities.maxBatchSize, prepare }),
      socket: new SocketTransport({ url: rpcSocketUrl(network), prepare }),
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
