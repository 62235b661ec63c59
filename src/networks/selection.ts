import type { Network, RuntimeConfig } from './runtimeConfig.ts'

export const networkStorageKey = 'chainglass.network'

/** The network to show: the one chosen before if it still exists, else the deployment's default. */
export function pickNetwork(config: RuntimeConfig, preferred: string | null): Network {
  const byName = (name: string | null) => config.networks.find((network) => network.name === name)
  // runtimeConfigSchema guarantees the default is in the list.
  return byName(preferred) ?? byName(config.defaultNetwork)!
}
