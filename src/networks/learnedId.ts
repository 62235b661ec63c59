import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * Where what was learned about a network is kept (networks/learned.ts): under contract/browserStorage.ts's key,
 * each network's entry by its name and endpoints, never its key. Apart so that a reader needs none of the
 * store's schemas.
 */
export type LearnedEndpoints = Pick<Network, 'name' | 'rpcBase' | 'wsBase'> & { endpoint?: Network['endpoint'] }

export function learnedIdOf(network: LearnedEndpoints): string {
  return JSON.stringify([network.name, network.rpcBase, network.wsBase, network.endpoint ?? 'service'])
}
