import type { Network, RuntimeConfig } from '../../contract/runtimeConfig.ts'
import type { SampleContents } from '../../contract/sampleContents.ts'
import { readNetworkParam } from '../urls.ts'
import { configNetwork, type AppNetwork } from './capabilities.ts'
import { withLearned } from './learned.ts'
import { toAppNetwork, userNetworks, type UserNetworkRecord } from './userNetworks.ts'

/** What a recorded sample network has said it holds, if it has (the query cache keeps it: queries/sampleContents.ts). */
export type SampleLookup = (name: string) => SampleContents | undefined

/** Built-in networks win a name clash: a user network is never allowed one, but /config.json may change. */
export function mergeNetworks(config: RuntimeConfig, records: readonly UserNetworkRecord[], samples: SampleLookup = () => undefined, options: { learned?: boolean } = {}): AppNetwork[] {
  const builtIn = config.networks.map((network) => configNetwork(network, samples(network.name)))
  const names = new Set(builtIn.map((network) => network.name))
  const all = [...builtIn, ...records.filter((record) => !names.has(record.name)).map(toAppNetwork)]
  // What the networks themselves said (networks/learned.ts) adjusts their rules, wherever a list is made; not
  // while the browser hydrates the server's markup, which was rendered on the rules as configured.
  return options.learned === false ? all : all.map((network) => withLearned(network))
}

/**
 * The network a URL's query names (`?network=`), else the default: what a route's handle, which runs as a
 * navigation begins and before the provider below follows the new location, starts a page's data on. In-app links carry the param; a
 * navigation that dropped it while another network was shown has its data started on the default network,
 * which costs a request, never a wrong page (the page reads the provider's choice).
 */
export function networkForSearch(config: RuntimeConfig, search: string, samples?: SampleLookup): AppNetwork {
  const networks = mergeNetworks(config, userNetworks.list(), samples)
  const byName = (name: string | null) => networks.find((network) => network.name === name)
  return byName(readNetworkParam(search)) ?? byName(config.defaultNetwork)!
}

/** What kind of network it is, in words: recorded sample networks always say so. */
export function networkKind(network: Network | AppNetwork): string {
  if ((network as Partial<AppNetwork>).source === 'user') return network.kind === 'local' ? 'Added by you · local node' : 'Added by you'
  if (network.kind === 'sample') return 'Recorded sample'
  return network.kind === 'local' ? 'Local service' : 'Hosted'
}

/** Where a network runs, in a few lowercase words: the deployment's own service, a node on this machine, … */
export function networkPlace(network: Network | AppNetwork): string {
  if (network.kind === 'sample') return 'recorded sample'
  if (network.kind === 'hosted') return 'hosted'
  return (network as Partial<AppNetwork>).source === 'user' ? 'local node' : 'local service'
}
