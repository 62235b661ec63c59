import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react'
import type { SocketStatus } from '../rpc/socket.ts'
import { clientsFor } from './clients.ts'
import type { Network, RuntimeConfig } from './runtimeConfig.ts'
import { networkStorageKey, pickNetwork } from './selection.ts'

type NetworkContextValue = {
  network: Network
  networks: readonly Network[]
  selectNetwork: (name: string) => void
}

const NetworkContext = createContext<NetworkContextValue | null>(null)

function storedNetwork(): string | null {
  try {
    return localStorage.getItem(networkStorageKey)
  } catch {
    return null
  }
}

export function NetworkProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const [network, setNetwork] = useState(() => pickNetwork(config, storedNetwork()))
  const selectNetwork = useCallback(
    (name: string) => {
      const next = pickNetwork(config, name)
      try {
        localStorage.setItem(networkStorageKey, next.name)
      } catch {
        // private mode: the choice lasts for this visit only
      }
      setNetwork(next)
    },
    [config],
  )
  const value = useMemo(() => ({ network, networks: config.networks, selectNetwork }), [network, config.networks, selectNetwork])
  return <NetworkContext value={value}>{children}</NetworkContext>
}

function useNetworkContext(): NetworkContextValue {
  const value = useContext(NetworkContext)
  if (!value) throw new Error('useNetwork needs a NetworkProvider above it')
  return value
}

/** The network the app is showing. */
export function useNetwork(): Network {
  return useNetworkContext().network
}

/** Every configured network, and the way to switch. */
export function useNetworkChoice(): NetworkContextValue {
  return useNetworkContext()
}

/** The live state of the network's WebSocket: open, reconnecting, ... */
export function useConnectionStatus(network: Network): SocketStatus {
  const { socket } = clientsFor(network)
  return useSyncExternalStore(
    useCallback((onChange) => socket.onStatus(onChange), [socket]),
    () => socket.status,
  )
}
