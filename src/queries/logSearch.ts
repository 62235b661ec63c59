import type { Network } from '../../contract/runtimeConfig.ts'
import { useLayoutEffect, useSyncExternalStore } from 'react'
import { LogSearch, type LogSearchSnapshot } from '../logs/logSearch.ts'
import type { LogQuery } from '../logs/logQuery.ts'
import { clientsFor } from '../networks/clients.ts'

/**
 * A log search on a network: the scan engine (src/logs) over that network's HTTP and WebSocket clients. Not a
 * query option factory: a search streams rows, is cancelled half-way and follows new blocks (logSearch.ts says why).
 */
export function createLogSearch(network: Network, query: LogQuery): LogSearch {
  return new LogSearch(query, clientsFor(network))
}

const noSubscription = () => () => {}
const noSnapshot = () => null

/**
 * Runs the search while the component shows it and gives its snapshots. Started in the commit, before the
 * browser paints: in an effect the first request waited for that paint, and every window of the scan comes
 * after it. Stopped when the search changes or the component goes.
 */
export function useRunningSearch(search: LogSearch | null): LogSearchSnapshot | null {
  useLayoutEffect(() => {
    if (!search) return
    search.start()
    return () => search.stop()
  }, [search])
  return useSyncExternalStore(search?.subscribe ?? noSubscription, search?.getSnapshot ?? noSnapshot, search?.getSnapshot ?? noSnapshot)
}
