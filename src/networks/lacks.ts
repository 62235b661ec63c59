import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * Methods a network turned out not to have, learned from its own answers (rpc/unsupported.ts): from then on
 * the pages take their fallback without asking again, and say so in a neutral note. Per network (its name and
 * endpoint: an edited endpoint is asked afresh), for the session.
 */

const lacking = new Map<string, ReadonlySet<string>>()
const listeners = new Set<() => void>()
const none: ReadonlySet<string> = new Set()

const idOf = (network: Network) => `${network.name}\n${network.rpcBase}\n${network.key}`

export function noteLacks(network: Network, method: string): void {
  const id = idOf(network)
  const known = lacking.get(id) ?? none
  if (known.has(method)) return
  lacking.set(id, new Set([...known, method]))
  for (const listener of [...listeners]) listener()
}

/** The methods found missing on this network; the same set object until another is found. */
export function lackedMethods(network: Network): ReadonlySet<string> {
  return lacking.get(idOf(network)) ?? none
}

export function lacksMethod(network: Network, method: string): boolean {
  return lackedMethods(network).has(method)
}

export function subscribeLacks(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** For tests. */
export function clearLacks(): void {
  lacking.clear()
  for (const listener of [...listeners]) listener()
}
