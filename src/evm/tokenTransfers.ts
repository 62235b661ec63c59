import { decodeEventLog, getAddress, parseAbi, toEventSelector, type Address, type Hex } from 'viem'
import { decodeTokenEvent, transferTopic, type LogLike } from './tokenEvents.ts'

/**
 * Token movements, whatever the standard: ERC-20 and ERC-721 `Transfer`, ERC-1155 `TransferSingle` and
 * `TransferBatch` (one movement per id). What an address page's activity and a transaction's "tokens
 * transferred" summary list. A mint comes from the zero address, a burn goes to it.
 */
export type TokenTransfer =
  | { standard: 'ERC-20'; token: Address; from: Address; to: Address; value: bigint }
  | { standard: 'ERC-721'; token: Address; from: Address; to: Address; tokenId: bigint }
  | { standard: 'ERC-1155'; token: Address; operator: Address; from: Address; to: Address; tokenId: bigint; value: bigint }

export const erc1155Events = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
])

export const transferSingleTopic = toEventSelector('TransferSingle(address,address,address,uint256,uint256)')
export const transferBatchTopic = toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])')

/** topic0 of every event tokenTransfers reads: one eth_getLogs topic filter covers them all. */
export const transferTopics = [transferTopic, transferSingleTopic, transferBatchTopic] as const

/** Where the sender and receiver sit among the topics, per event: filters put the address there. */
export const transferAddressTopics = {
  /** ERC-20/721 Transfer: from is topic 1, to is topic 2. */
  transfer: { from: 1, to: 2 },
  /** ERC-1155: topic 1 is the operator; from is topic 2, to is topic 3. */
  erc1155: { from: 2, to: 3 },
} as const

/** The token movements a log records (none for any other log, or one that does not decode exactly). */
export function tokenTransfers(log: LogLike & { address: Hex }): TokenTransfer[] {
  const token = getAddress(log.address)
  const topic0 = log.topics[0]?.toLowerCase()
  if (topic0 === transferTopic) {
    const event = decodeTokenEvent(log)
    if (event?.event !== 'Transfer') return []
    return event.standard === 'ERC-20'
      ? [{ standard: 'ERC-20', token, from: event.from, to: event.to, value: event.value }]
      : [{ standard: 'ERC-721', token, from: event.from, to: event.to, tokenId: event.tokenId }]
  }
  if (topic0 !== transferSingleTopic && topic0 !== transferBatchTopic) return []
  try {
    const decoded = decodeEventLog({ abi: erc1155Events, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
    const { operator, from, to } = decoded.args
    if (decoded.eventName === 'TransferSingle') {
      return [{ standard: 'ERC-1155', token, operator, from, to, tokenId: decoded.args.id, value: decoded.args.value }]
    }
    const { ids, values } = decoded.args
    if (ids.length !== values.length) return []
    return ids.map((tokenId, index) => ({ standard: 'ERC-1155', token, operator, from, to, tokenId, value: values[index]! }))
  } catch {
    return []
  }
}
