import { decodeEventLog, getAddress, parseAbi, type Address, type Hex } from 'viem'
import { onFirstUse } from './onFirstUse.ts'
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

/** Parsed when a log is first decoded (see tokenEvents.ts). */
export const erc1155Events = onFirstUse(() =>
  parseAbi([
    'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
    'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  ]),
)

/** topic0 of TransferSingle and TransferBatch, written out (the unit tests hold them to viem's toEventSelector). */
export const transferSingleTopic: Hex = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
export const transferBatchTopic: Hex = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

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
    const decoded = decodeEventLog({ abi: erc1155Events(), topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
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
