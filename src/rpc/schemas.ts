import * as v from 'valibot'
import type { Address, Hash, Hex } from 'viem'

/**
 * The shapes the node answers with, checked at the edge so the rest of the app can trust them. Numbers
 * stay hex strings here: they become bigint or text only in format/.
 */

export type Quantity = Hex

const quantityPattern = /^0x[0-9a-fA-F]+$/
const dataPattern = /^0x(?:[0-9a-fA-F]{2})*$/
const hashPattern = /^0x[0-9a-fA-F]{64}$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

function hexString<T extends Hex>(pattern: RegExp, what: string) {
  return v.custom<T>(
    (input) => typeof input === 'string' && pattern.test(input),
    (issue) => `expected ${what}, got ${shown(issue.input)}`,
  )
}

/** A number as 0x-prefixed hex (leading zeros tolerated: some providers send them). */
export const quantitySchema = hexString<Quantity>(quantityPattern, 'a hex quantity')
/** Bytes of any length as 0x-prefixed hex. */
export const dataSchema = hexString<Hex>(dataPattern, 'hex data')
export const hashSchema = hexString<Hash>(hashPattern, 'a 32-byte hash')
export const addressSchema = hexString<Address>(addressPattern, 'a 20-byte address')

/** Fields every block carries, mined or pending; newHeads sends these. */
const headerFields = {
  parentHash: hashSchema,
  sha3Uncles: hashSchema,
  miner: addressSchema,
  stateRoot: hashSchema,
  transactionsRoot: hashSchema,
  receiptsRoot: hashSchema,
  difficulty: quantitySchema,
  gasLimit: quantitySchema,
  gasUsed: quantitySchema,
  timestamp: quantitySchema,
  extraData: dataSchema,
  mixHash: v.optional(hashSchema),
  baseFeePerGas: v.optional(quantitySchema),
  withdrawalsRoot: v.optional(hashSchema),
  blobGasUsed: v.optional(quantitySchema),
  excessBlobGas: v.optional(quantitySchema),
  parentBeaconBlockRoot: v.optional(hashSchema),
  requestsHash: v.optional(hashSchema),
  totalDifficulty: v.optional(v.nullable(quantitySchema)),
}

/** A mined block's header, as eth_subscribe newHeads delivers it: number and hash are always there. */
export const blockHeaderSchema = v.object({
  ...headerFields,
  number: quantitySchema,
  hash: hashSchema,
  nonce: v.nullish(dataSchema),
  logsBloom: v.nullish(dataSchema),
})
export type BlockHeader = v.InferOutput<typeof blockHeaderSchema>

/**
 * The spec's block object with transaction hashes (transaction-details flag false). The pending block has
 * null number, hash, nonce and logsBloom.
 */
export const blockSchema = v.object({
  ...headerFields,
  number: v.nullable(quantitySchema),
  hash: v.nullable(hashSchema),
  nonce: v.nullable(dataSchema),
  logsBloom: v.nullable(dataSchema),
  size: quantitySchema,
  transactions: v.array(hashSchema),
  uncles: v.array(hashSchema),
})
export type Block = v.InferOutput<typeof blockSchema>

/** A block known to be mined: number and hash present. */
export type MinedBlock = Block & { number: Quantity; hash: Hash }

export function isMined(block: Block): block is MinedBlock {
  return block.number !== null && block.hash !== null
}
