import { pad, type Address, type Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { transferSingleTopic, transferBatchTopic } from '../evm/tokenTransfers.ts'
import { transferTopic } from '../evm/tokenEvents.ts'
import { LogSearch } from '../logs/logSearch.ts'
import type { LogQuery, RangeEnd } from '../logs/logQuery.ts'
import { clientsFor } from '../networks/clients.ts'
import type { LogFilter } from '../rpc/methods.ts'

/** The scanner's first window for token activity: the whole range (the scanner cuts a window to the range). */
const wholeRange = 2n ** 62n

/** How far back the address page looks for token activity unless told otherwise (blocks). */
export const defaultTokenRange = 100_000n


/**
 * The four filters that find every token movement from or to `address` on any provider: ERC-20/721 Transfer
 * with it as topic 1 (from) or 2 (to), ERC-1155 TransferSingle/Batch with it as topic 2 (from) or 3 (to).
 * eth_getLogs cannot say "from OR to" in one filter.
 */
export function tokenActivityFilters(address: Address): LogFilter[] {
  // An indexed address is its 20 bytes left-padded to a 32-byte topic.
  const who = pad(address.toLowerCase() as Hash, { size: 32 })
  const erc1155 = [transferSingleTopic, transferBatchTopic] as const
  return [
    { topics: [transferTopic, who] },
    { topics: [transferTopic, null, who] },
    { topics: [erc1155, null, who] },
    { topics: [erc1155, null, null, who] },
  ]
}

/**
 * The address's token activity over [from, to], through the logs page's scanner (splitting on -32005, progress,
 * cancel): each window is read with the four filters in one batch.
 */
export function createTokenActivitySearch(network: Network, address: Address, from: RangeEnd, to: RangeEnd, cap = 50_000): LogSearch {
  const query: LogQuery = { addresses: [], topics: [null, null, null, null], range: { kind: 'range', from, to }, cap, follow: false }
  // One address's token movements are few next to a range's blocks (a smaller first probe only cost a second
  // round trip): the whole range first.
  return new LogSearch(query, clientsFor(network), tokenActivityFilters(address), wholeRange)
}
