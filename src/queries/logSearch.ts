import type { Network } from '../../contract/runtimeConfig.ts'
import { LogSearch } from '../logs/logSearch.ts'
import type { LogQuery } from '../logs/logQuery.ts'
import { clientsFor } from '../networks/clients.ts'

/**
 * A log search on a network: the scan engine (src/logs) over that network's HTTP and WebSocket clients. Not a
 * query option factory: a search streams rows, is cancelled half-way and follows new blocks (logSearch.ts says why).
 */
export function createLogSearch(network: Network, query: LogQuery): LogSearch {
  return new LogSearch(query, clientsFor(network))
}
