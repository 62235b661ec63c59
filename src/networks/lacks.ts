import type { Network } from '../../contract/runtimeConfig.ts'
import { clearLearned, learnedFor, noteLacks as learnLacks, subscribeLearned } from './learned.ts'

/**
 * Methods a network turned out not to have, learned from its own answers (rpc/unsupported.ts): from then on
 * the pages take their fallback without asking again, and say so in a neutral note. Kept with the rest of
 * what was learned about the network (networks/learned.ts), in this browser.
 */

const sets = new WeakMap<readonly string[], ReadonlySet<string>>()

export function noteLacks(network: Network, method: string): void {
  learnLacks(network, method)
}

/** The methods found missing on this network; the same set object until another is found. */
export function lackedMethods(network: Network): ReadonlySet<string> {
  const { lacks } = learnedFor(network)
  let found = sets.get(lacks)
  if (!found) {
    found = new Set(lacks)
    sets.set(lacks, found)
  }
  return found
}

export function lacksMethod(network: Network, method: string): boolean {
  return lackedMethods(network).has(method)
}

export function subscribeLacks(listener: () => void): () => void {
  return subscribeLearned(listener)
}

/** For tests. */
export function clearLacks(): void {
  clearLearned()
}
