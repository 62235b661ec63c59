import { useCallback, useSyncExternalStore } from 'react'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { idleStatus, type SocketStatus } from '../rpc/socket.ts'

/** The live state of the network's WebSocket: open, reconnecting, ... */
export function useConnectionStatus(network: Network): SocketStatus {
  const { socket } = clientsFor(network)
  return useSyncExternalStore(
    useCallback((onChange) => socket.onStatus(onChange), [socket]),
    () => socket.status,
    // Rendered on the server (and hydrated from it), no socket has been tried yet.
    () => idleStatus,
  )
}
