import { decodeEventLog, parseAbi, type Address, type Hex } from 'viem'
import { onFirstUse } from './onFirstUse.ts'

/**
 * The token events the explorer decodes. ERC-20 and ERC-721 declare Transfer and Approval with the same
 * signature, so they share topic0; ERC-721 indexes the tokenId, so its logs carry 4 topics and no data,
 * where ERC-20's carry 3 topics and the amount as 32 bytes of data. ApprovalForAll is ERC-721's (ERC-1155
 * declares the identical event). Parsed when a log is first decoded, not when the module loads: every page that
 * shows a transaction loads this module, and its first render has no log to decode yet.
 */
export const erc20Events = onFirstUse(() =>
  parseAbi([
    'event Transfer(address indexed from, address indexed to, uint256 value)',
    'event Approval(address indexed owner, address indexed spender, uint256 value)',
  ]),
)

export const erc721Events = onFirstUse(() =>
  parseAbi([
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
    'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
    'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  ]),
)

/**
 * topic0 of each event: the keccak-256 of its canonical signature, written out (the published values; the unit
 * tests hold them to viem's toEventSelector) so that loading the module hashes nothing.
 */
export const transferTopic: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const approvalTopic: Hex = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
export const approvalForAllTopic: Hex = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'

/** A decoded token event; addresses come back EIP-55 checksummed. */
export type TokenEvent =
  | { standard: 'ERC-20'; event: 'Transfer'; from: Address; to: Address; value: bigint }
  | { standard: 'ERC-20'; event: 'Approval'; owner: Address; spender: Address; value: bigint }
  | { standard: 'ERC-721'; event: 'Transfer'; from: Address; to: Address; tokenId: bigint }
  | { standard: 'ERC-721'; event: 'Approval'; owner: Address; approved: Address; tokenId: bigint }
  | { standard: 'ERC-721'; event: 'ApprovalForAll'; owner: Address; operator: Address; approved: boolean }

/** What a log needs for decoding; a receipt's or eth_getLogs' log object fits. */
export type LogLike = { topics: readonly Hex[]; data: Hex }

const word = /^0x[0-9a-fA-F]{64}$/
/** An indexed address is a 32-byte topic whose first 12 bytes are zero; anything else is not an address. */
const addressWord = /^0x0{24}[0-9a-fA-F]{40}$/

function shape(log: LogLike): { abi: ReturnType<typeof erc20Events> | ReturnType<typeof erc721Events>; standard: 'ERC-20' | 'ERC-721' } | null {
  const [topic0, ...indexed] = log.topics
  if (topic0 === undefined) return null
  const dataBytes = (log.data.length - 2) / 2
  const topic = topic0.toLowerCase()
  // Both addresses of every one of these events are indexed: topics 1 and 2.
  if (!indexed.slice(0, 2).every((value) => addressWord.test(value)) || !indexed.every((value) => word.test(value))) return null
  if (topic === transferTopic || topic === approvalTopic) {
    if (log.topics.length === 3 && dataBytes === 32) return { abi: erc20Events(), standard: 'ERC-20' }
    if (log.topics.length === 4 && dataBytes === 0) return { abi: erc721Events(), standard: 'ERC-721' }
    return null
  }
  if (topic === approvalForAllTopic && log.topics.length === 3 && dataBytes === 32) return { abi: erc721Events(), standard: 'ERC-721' }
  return null
}

/**
 * The log as an ERC-20 or ERC-721 Transfer/Approval/ApprovalForAll, or null when it is not one of those
 * exactly (another event, an anonymous one, a non-standard layout such as the early tokens that indexed
 * nothing): such logs are shown raw.
 */
export function decodeTokenEvent(log: LogLike): TokenEvent | null {
  const found = shape(log)
  if (!found) return null
  try {
    const decoded = decodeEventLog({ abi: found.abi, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true })
    return { standard: found.standard, event: decoded.eventName, ...decoded.args } as TokenEvent
  } catch {
    // e.g. ApprovalForAll whose bool word is neither 0 nor 1
    return null
  }
}
