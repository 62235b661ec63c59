import * as v from 'valibot'
import type { Address, Hash, Hex } from 'viem'

/**
 * The shapes the node answers with, checked at the edge so the rest of the app can trust them. Numbers
 * stay hex strings here: they become bigint or text only in format/.
 *
 * Strict on what each field is (hex really hex, an address 20 bytes, a hash 32), tolerant of what a
 * provider adds: every object keeps fields it does not list (blockTimestamp, l1 fees, ...), untouched.
 * The field tables are the spec's resource tables; where recorded answers from real nodes differ from the
 * table, the recordings win and the comment says which one (server/samples/recordings).
 */

export type Quantity = Hex

const quantityPattern = /^0x[0-9a-fA-F]+$/
/** A quantity that fits 32 bytes: ECDSA r and s are sent as quantities, leading zeros dropped. */
const word256Pattern = /^0x[0-9a-fA-F]{1,64}$/
const dataPattern = /^0x(?:[0-9a-fA-F]{2})*$/
const hashPattern = /^0x[0-9a-fA-F]{64}$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/
const nonce8Pattern = /^0x[0-9a-fA-F]{16}$/
const bloomPattern = /^0x[0-9a-fA-F]{512}$/

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
/** Exactly 32 bytes of data, as eth_getStorageAt answers (a storage word, not a hash). */
export const word32Schema = hexString<Hex>(hashPattern, '32 bytes of hex data')
/** A quantity of at most 32 bytes: ECDSA r and s. */
export const word256QuantitySchema = hexString<Quantity>(word256Pattern, 'a hex quantity of at most 32 bytes')
/** The block nonce: 8 bytes. */
export const blockNonceSchema = hexString<Hex>(nonce8Pattern, '8 bytes of hex data')
/**
 * A block timestamp: a quantity the pages can turn into a JS number (seconds) exactly. A timestamp beyond
 * 2^53 is nonsense no real chain sends; refusing it here names the field, where letting it through would
 * throw inside a render (hexToNumber refuses to lose precision).
 */
export const timestampSchema = v.custom<Quantity>(
  (input) => typeof input === 'string' && quantityPattern.test(input) && BigInt(input) <= BigInt(Number.MAX_SAFE_INTEGER),
  (issue) => `expected a hex timestamp of at most 2^53 - 1 seconds, got ${shown(issue.input)}`,
)
/** A logs bloom: 256 bytes. */
export const bloomSchema = hexString<Hex>(bloomPattern, 'a 256-byte bloom filter')
/** `0x0` or `0x1`: a receipt's status, a signature's y parity. */
export const bitSchema = v.picklist(['0x0', '0x1'], (issue) => `expected "0x0" or "0x1", got ${shown(issue.input)}`)

/** Objects keep the fields they do not list; a missing listed field is named by its path. */
function object<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  // The issue of a missing key expects the key's name in quotes; any other is about the value itself.
  return v.looseObject(entries, (issue) => (issue.expected?.startsWith('"') ? 'missing' : `expected an object, got ${shown(issue.input)}`))
}

function array<const TItem extends v.GenericSchema>(item: TItem) {
  return v.array(item, (issue) => `expected an array, got ${shown(issue.input)}`)
}

function bool() {
  return v.boolean((issue) => `expected true or false, got ${shown(issue.input)}`)
}

/** Absent, or null: optional fields old nodes leave out and others send as null. */
function maybe<const TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.nullish(schema)
}

// ---------------------------------------------------------------------------------------------------------
// Blocks

export const withdrawalSchema = object({
  index: quantitySchema,
  validatorIndex: quantitySchema,
  address: addressSchema,
  amount: quantitySchema,
})
export type Withdrawal = v.InferOutput<typeof withdrawalSchema>

/**
 * Fields every block carries, mined or pending, and uncles too. Those added by later forks (base fee:
 * London; withdrawals: Shanghai; blob gas and beacon root: Cancun; requests: Prague) are optional, since
 * older blocks have none. totalDifficulty may be null or absent (uncles, post-merge nodes).
 */
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
  timestamp: timestampSchema,
  extraData: dataSchema,
  /** Listed by the spec only as "present in the sample responses": a 32-byte value in every recording. */
  mixHash: v.optional(hashSchema),
  baseFeePerGas: v.optional(quantitySchema),
  withdrawalsRoot: v.optional(hashSchema),
  blobGasUsed: v.optional(quantitySchema),
  excessBlobGas: v.optional(quantitySchema),
  parentBeaconBlockRoot: v.optional(hashSchema),
  requestsHash: v.optional(hashSchema),
  totalDifficulty: maybe(quantitySchema),
}

/** A mined block's header, as eth_subscribe newHeads delivers it: number and hash are always there. */
export const blockHeaderSchema = object({
  ...headerFields,
  number: quantitySchema,
  hash: hashSchema,
  nonce: maybe(blockNonceSchema),
  logsBloom: maybe(bloomSchema),
})
export type BlockHeader = v.InferOutput<typeof blockHeaderSchema>

/**
 * What a full block object has besides its transactions. The pending block has null number, hash, nonce
 * and logsBloom (spec), and geth-based nodes send a null miner for it too.
 */
const blockFields = {
  ...headerFields,
  miner: v.nullable(addressSchema),
  number: v.nullable(quantitySchema),
  hash: v.nullable(hashSchema),
  nonce: v.nullable(blockNonceSchema),
  logsBloom: v.nullable(bloomSchema),
  size: quantitySchema,
  uncles: array(hashSchema),
  withdrawals: v.optional(array(withdrawalSchema)),
}

/** The spec's block object with transaction hashes (transaction-details flag false). */
export const blockSchema = object({ ...blockFields, transactions: array(hashSchema) })
export type Block = v.InferOutput<typeof blockSchema>

/**
 * The block object of eth_getUncleBy*: the block fields without `transactions` (an uncle has no
 * transactions of its own; a provider that sends an empty list anyway is not wrong, and it is kept).
 */
export const uncleSchema = object(blockFields)
export type Uncle = v.InferOutput<typeof uncleSchema>

/** A block known to be mined: number and hash present. */
export type MinedBlock = Block & { number: Quantity; hash: Hash }

export function isMined<T extends { number: Quantity | null; hash: Hash | null }>(block: T): block is T & { number: Quantity; hash: Hash } {
  return block.number !== null && block.hash !== null
}

// ---------------------------------------------------------------------------------------------------------
// Transactions

export const accessListSchema = array(object({ address: addressSchema, storageKeys: array(hashSchema) }))
export type AccessList = v.InferOutput<typeof accessListSchema>

/** One EIP-7702 authorization of a set-code (type 4) transaction. */
export const authorizationSchema = object({
  chainId: quantitySchema,
  address: addressSchema,
  nonce: quantitySchema,
  yParity: quantitySchema,
  r: word256QuantitySchema,
  s: word256QuantitySchema,
})
export type Authorization = v.InferOutput<typeof authorizationSchema>

/**
 * The fields each typed transaction must carry (EIP-2718 types), beyond what all transactions have.
 * Unknown types (an L2's deposit transactions, say) are taken as they come.
 */
const typedTransactionFields: Record<string, readonly string[]> = {
  '1': ['chainId', 'accessList'],
  '2': ['chainId', 'accessList', 'maxFeePerGas', 'maxPriorityFeePerGas'],
  '3': ['chainId', 'accessList', 'maxFeePerGas', 'maxPriorityFeePerGas', 'maxFeePerBlobGas', 'blobVersionedHashes'],
  '4': ['chainId', 'accessList', 'maxFeePerGas', 'maxPriorityFeePerGas', 'authorizationList'],
}

/**
 * The spec's transaction object. Pending: blockHash, blockNumber and transactionIndex are null.
 * - r and s are quantities (the recorded answers drop leading zeros: 63-digit values occur), not 32-byte data.
 * - `type` is optional: nodes from before typed transactions (Berlin, 2021) do not send it; such a
 *   transaction is legacy.
 * - chainId appears on legacy EIP-155 transactions too (recorded), not only on EIP-1559 ones.
 */
export const transactionSchema = v.pipe(
  object({
    blockHash: v.nullable(hashSchema),
    blockNumber: v.nullable(quantitySchema),
    transactionIndex: v.nullable(quantitySchema),
    hash: hashSchema,
    from: addressSchema,
    to: v.nullable(addressSchema),
    nonce: quantitySchema,
    value: quantitySchema,
    gas: quantitySchema,
    gasPrice: quantitySchema,
    input: dataSchema,
    v: quantitySchema,
    r: word256QuantitySchema,
    s: word256QuantitySchema,
    type: v.optional(quantitySchema),
    chainId: v.optional(quantitySchema),
    yParity: v.optional(bitSchema),
    accessList: v.optional(accessListSchema),
    maxFeePerGas: v.optional(quantitySchema),
    maxPriorityFeePerGas: v.optional(quantitySchema),
    maxFeePerBlobGas: v.optional(quantitySchema),
    blobVersionedHashes: v.optional(array(hashSchema)),
    authorizationList: v.optional(array(authorizationSchema)),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const transaction = dataset.value as Record<string, unknown>
    const type = transaction.type
    const required = typeof type === 'string' ? typedTransactionFields[BigInt(type).toString()] : undefined
    for (const key of required ?? []) {
      if (transaction[key] !== undefined) continue
      addIssue({
        message: `missing (a type ${String(type)} transaction carries it)`,
        path: [{ type: 'object', origin: 'value', input: transaction, key, value: undefined }],
      })
    }
  }),
)
export type Transaction = v.InferOutput<typeof transactionSchema>

/** The spec's block object with full transaction objects (transaction-details flag true). */
export const blockWithTransactionsSchema = object({ ...blockFields, transactions: array(transactionSchema) })
export type BlockWithTransactions = v.InferOutput<typeof blockWithTransactionsSchema>

// ---------------------------------------------------------------------------------------------------------
// Logs and receipts

/** The spec's log object. Pending: logIndex, transactionIndex, transactionHash, blockHash and blockNumber are null. */
export const logSchema = object({
  removed: bool(),
  logIndex: v.nullable(quantitySchema),
  transactionIndex: v.nullable(quantitySchema),
  transactionHash: v.nullable(hashSchema),
  blockHash: v.nullable(hashSchema),
  blockNumber: v.nullable(quantitySchema),
  address: addressSchema,
  data: dataSchema,
  topics: v.pipe(array(hashSchema), v.maxLength(4, (issue) => `expected at most 4 topics, got ${String(issue.received)}`)),
})
export type Log = v.InferOutput<typeof logSchema>

/**
 * A check of one field across the logs of an answer, remembering the last value that passed: the logs of one
 * block or transaction repeat their block hash, transaction hash, data, address and event topic, and a value
 * equal to one that passed passes again without its regex (the regexes were most of the check's time, and the
 * check runs between an answer and the next window of its lane).
 */
function fieldCheck(pattern: RegExp, nullable: boolean): (value: unknown) => boolean {
  let lastPassed: string | undefined
  return (value) => {
    if (typeof value !== 'string') return value === null && nullable
    if (value === lastPassed) return true
    if (!pattern.test(value)) return false
    lastPassed = value
    return true
  }
}

/**
 * The same checks as an array of logSchema, without building a copy of every log: an eth_getLogs answer
 * can hold 10,000 logs, and valibot's walk (an output object, a dataset and a pipe per field) took most of
 * the logs page's validation time. True only where logSchema passes; on false, logSchema names the fault.
 */
export function isWellFormedLogArray(value: unknown): value is Log[] {
  if (!Array.isArray(value)) return false
  const logIndex = fieldCheck(quantityPattern, true)
  const transactionIndex = fieldCheck(quantityPattern, true)
  const blockNumber = fieldCheck(quantityPattern, true)
  const transactionHash = fieldCheck(hashPattern, true)
  const blockHash = fieldCheck(hashPattern, true)
  const address = fieldCheck(addressPattern, false)
  const data = fieldCheck(dataPattern, false)
  // One per position: topic 0 (the event) repeats from log to log, the indexed arguments after it less so.
  const topic = [fieldCheck(hashPattern, false), fieldCheck(hashPattern, false), fieldCheck(hashPattern, false), fieldCheck(hashPattern, false)]
  for (const log of value as unknown[]) {
    if (typeof log !== 'object' || log === null || Array.isArray(log)) return false
    const entry = log as Record<string, unknown>
    if (typeof entry.removed !== 'boolean') return false
    if (!logIndex(entry.logIndex) || !transactionIndex(entry.transactionIndex) || !blockNumber(entry.blockNumber)) return false
    if (!transactionHash(entry.transactionHash) || !blockHash(entry.blockHash)) return false
    if (!address(entry.address) || !data(entry.data)) return false
    const topics = entry.topics
    if (!Array.isArray(topics) || topics.length > 4) return false
    for (let i = 0; i < topics.length; i++) if (!topic[i]!(topics[i])) return false
  }
  return true
}

/**
 * The spec's receipt object. A receipt has `status` (Byzantium on) or `root` (before): exactly one of
 * them; a null root next to a status (some providers send one) counts as absent.
 * - effectiveGasPrice is optional: answers recorded before 2021 do not have it (the 2016 etl receipt).
 * - type is optional for the same reason.
 */
export const receiptSchema = v.pipe(
  object({
    blockHash: hashSchema,
    blockNumber: quantitySchema,
    transactionHash: hashSchema,
    transactionIndex: quantitySchema,
    from: addressSchema,
    to: v.nullable(addressSchema),
    contractAddress: v.nullable(addressSchema),
    cumulativeGasUsed: quantitySchema,
    gasUsed: quantitySchema,
    effectiveGasPrice: v.optional(quantitySchema),
    logs: array(logSchema),
    logsBloom: bloomSchema,
    status: v.optional(bitSchema),
    root: maybe(hashSchema),
    type: v.optional(quantitySchema),
    blobGasUsed: v.optional(quantitySchema),
    blobGasPrice: v.optional(quantitySchema),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const receipt = dataset.value
    const hasStatus = receipt.status !== undefined
    const hasRoot = receipt.root !== undefined && receipt.root !== null
    if (hasStatus === hasRoot) {
      addIssue({
        message: hasStatus
          ? 'expected status or root, not both'
          : 'expected status (0x0 or 0x1) or, before Byzantium, root: found neither',
      })
    }
  }),
)
export type Receipt = v.InferOutput<typeof receiptSchema>

// ---------------------------------------------------------------------------------------------------------
// Other answers

/** eth_feeHistory: `reward` only when percentiles were asked for; blob fields from Cancun on. */
export const feeHistorySchema = object({
  oldestBlock: quantitySchema,
  baseFeePerGas: array(quantitySchema),
  gasUsedRatio: array(v.number((issue) => `expected a number, got ${shown(issue.input)}`)),
  reward: v.optional(array(array(quantitySchema))),
  baseFeePerBlobGas: v.optional(array(quantitySchema)),
  blobGasUsedRatio: v.optional(array(v.number((issue) => `expected a number, got ${shown(issue.input)}`))),
})
export type FeeHistory = v.InferOutput<typeof feeHistorySchema>
