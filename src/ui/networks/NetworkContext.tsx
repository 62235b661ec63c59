import { useQueries } from '@tanstack/react-query'
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import { sampleContentsQuery } from '../../queries/sampleContents.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { SampleContents } from '../../../contract/sampleContents.ts'
import { releaseClientsExcept } from '../../networks/clients.ts'
import type { RuntimeConfig } from '../../../contract/runtimeConfig.ts'
import { createNetworkSelection, type RouterLike } from '../../networks/selection.ts'
import { mergeNetworks } from '../../networks/networkList.ts'
import { learnedVersion, subscribeLearned } from '../../networks/learned.ts'
import { userNetworks, type UserNetworkRecord } from '../../networks/userNetworks.ts'
import { useServerMarkup } from '../useServerMarkup.ts'

type NetworkContextValue = {
  /** The network the app is showing. */
  network: AppNetwork
  /** Built-in networks first (from /config.json), then the user's. */
  networks: readonly AppNetwork[]
  defaultNetwork: AppNetwork
  /** Shows the network: the same page, with `?network=` in its URL. */
  selectNetwork: (name: string) => void
  /** The name links must carry as `?network=`, or null on the default network. */
  linkNetwork: string | null
  /** The URL named a network this browser does not know (the default is shown instead). */
  unknownNetwork: string | null
}

/** Module-level so its reference is stable: TanStack re-runs combine (and re-renders) only when results change. */
function sampleDataOf(results: ReadonlyArray<{ data?: SampleContents }>): Array<SampleContents | undefined> {
  return results.map((result) => result.data)
}

const NetworkContext = createContext<NetworkContextValue | null>(null)

/**
 * The list with each network that did not change kept as the same object:
 * pages and effects keyed by a network must not start over because something was learned that changed nothing
 * (the first-use probe of a network that offers everything its defaults say).
 */
function keepSame(kept: Map<string, AppNetwork>, after: AppNetwork[]): AppNetwork[] {
  return after.map((network) => {
    const same = kept.get(network.name)
    if (same && JSON.stringify(same) === JSON.stringify(network)) return same
    kept.set(network.name, network)
    return network
  })
}

/**
 * Which network is shown, and the list to choose from. The choice lives in the URL (`?network=`): this
 * provider follows the app's history for it, so it sits above the router and takes the history.
 */
const emptyRecords: readonly UserNetworkRecord[] = []
const noRecords = () => emptyRecords

export function NetworkProvider({ config, history, children }: { config: RuntimeConfig; history: RouterLike; children: ReactNode }) {
  // The server knows neither this browser's networks nor what it learned: the render that hydrates its
  // markup leaves both out as the server's did, the render after it brings them in.
  const serverMarkup = useServerMarkup()
  const records = useSyncExternalStore(userNetworks.subscribe, userNetworks.list, noRecords)
  // Each recorded sample says what it holds (its rules come from that); read once, kept for the session. Read
  // here from the cache only: SampleGate asks when a sample is shown (and the presentation when it plans), so
  // a page on another network does not spend three requests at start-up on recordings it is not showing.
  const described = useQueries({
    queries: config.networks.map((network) => ({ ...sampleContentsQuery(network), enabled: false })),
    combine: sampleDataOf,
  })
  // What the networks themselves said (the first-use probe, calls they refused) adjusts their rules.
  const learned = useSyncExternalStore(subscribeLearned, learnedVersion, learnedVersion)
  const [kept] = useState(() => new Map<string, AppNetwork>())
  const networks = useMemo(() => {
    const byName = new Map(config.networks.map((network, index) => [network.name, described[index]]))
    // `learned` is what changes when the rules mergeNetworks applies from it do.
    return keepSame(kept, mergeNetworks(config, records, (name) => byName.get(name), { learned: !serverMarkup }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, records, described, learned, serverMarkup])
  // Follows the history while anything reads it (useSyncExternalStore below subscribes).
  const [selection] = useState(() => createNetworkSelection(history, config.defaultNetwork))
  const requested = useSyncExternalStore(selection.subscribe, selection.requested, selection.requested)

  // Transports of networks that were edited or removed are closed: old keys and rules are not used again.
  useEffect(() => releaseClientsExcept(networks), [networks])

  const value = useMemo((): NetworkContextValue => {
    const defaultNetwork = networks.find((candidate) => candidate.name === config.defaultNetwork)!
    const found = networks.find((candidate) => candidate.name === requested)
    return {
      network: found ?? defaultNetwork,
      networks,
      defaultNetwork,
      selectNetwork: selection.select,
      linkNetwork: requested === config.defaultNetwork ? null : requested,
      unknownNetwork: found ? null : requested,
    }
  }, [networks, requested, selection, config.defaultNetwork])
  return <NetworkContext value={value}>{children}</NetworkContext>
}

/**
 * For a view that shows what every network offers (the settings list, the networks that have a method the
 * shown one lacks): asks each recorded sample what it holds, once per session. The provider above reads the
 * answers from the cache, so the list then has every sample's real rules.
 */
export function useSamplesDescribed(): void {
  const { networks } = useNetworkContext()
  useQueries({ queries: networks.filter((network) => network.kind === 'sample' && !network.sample).map(sampleContentsQuery) })
}

function useNetworkContext(): NetworkContextValue {
  const value = useContext(NetworkContext)
  if (!value) throw new Error('useNetwork needs a NetworkProvider above it')
  return value
}

/** The network the app is showing. */
export function useNetwork(): AppNetwork {
  return useNetworkContext().network
}

/** Every network, the one shown, and the way to switch. */
export function useNetworkChoice(): NetworkContextValue {
  return useNetworkContext()
}

/** The `?network=` value in-app links carry (null: none, the default network). */
export function useLinkNetwork(): string | null {
  return useContext(NetworkContext)?.linkNetwork ?? null
}

