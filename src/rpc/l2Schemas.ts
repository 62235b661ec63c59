import * as v from 'valibot'
import { addressSchema, dataSchema, hashSchema, quantitySchema } from './schemas.ts'

/**
 * The two layer-2 objects of the spec, with its field names exactly ("Raw layer-2 transaction object",
 * "Pending layer-2 transaction object"). As with schemas.ts: strict on what each field is, tolerant of
 * fields a provider adds (kept, untouched). Integers here are JSON numbers, as the spec says (block
 * numbers, serial ids, millisecond timestamps), not hex.
 */

function shown(value: unknown): string {
  const text = value === undefined ? 'nothing' : (JSON.stringify(value) ?? String(value))
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

function object<const TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.looseObject(entries, (issue) => (issue.expected?.startsWith('"') ? 'missing' : `expected an object, got ${shown(issue.input)}`))
}

/** A non-negative integer sent as a JSON number (a block number, a serial id, milliseconds). */
export const jsonIntegerSchema = v.pipe(
  v.number((issue) => `expected an integer, got ${shown(issue.input)}`),
  v.check((value) => Number.isSafeInteger(value) && value >= 0, (issue) => `expected a non-negative integer, got ${shown(issue.input)}`),
)

const text = v.string((issue) => `expected text, got ${shown(issue.input)}`)

// ---------------------------------------------------------------------------------------------------------
// l2a_getRawBlockTransactions

/** common_data.L1: the layer-1 transaction that brought this one (a priority operation). */
export const l2aL1DataSchema = object({
  canonicalTxHash: hashSchema,
  deadlineBlock: jsonIntegerSchema,
  ethBlock: jsonIntegerSchema,
  ethHash: hashSchema,
  fullFee: quantitySchema,
  gasLimit: quantitySchema,
  gasPerPubdataLimit: quantitySchema,
  layer2TipFee: quantitySchema,
  maxFeePerGas: quantitySchema,
  opProcessingType: text,
  priorityQueueType: text,
  refundRecipient: addressSchema,
  sender: addressSchema,
  serialId: jsonIntegerSchema,
  toMint: quantitySchema,
})

export const l2aExecuteSchema = object({
  calldata: dataSchema,
  contractAddress: addressSchema,
  /** Bytecodes the transaction deploys; providers send [] or null for none. */
  factoryDeps: v.nullable(v.array(dataSchema, (issue) => `expected an array, got ${shown(issue.input)}`)),
  value: quantitySchema,
})

/**
 * The spec describes common_data.L1 only. A transaction that did not come from layer 1 carries another
 * variant in its place (a provider's `L2`, `ProtocolUpgrade`): kept as it came, for the page to show raw.
 */
export const l2aCommonDataSchema = v.looseObject({ L1: v.optional(l2aL1DataSchema) }, (issue) => `expected an object, got ${shown(issue.input)}`)

export const l2aRawTransactionSchema = object({
  common_data: l2aCommonDataSchema,
  execute: l2aExecuteSchema,
  received_timestamp_ms: jsonIntegerSchema,
})

export const l2aRawTransactionsSchema = v.array(l2aRawTransactionSchema, (issue) => `expected an array of raw transactions, got ${shown(issue.input)}`)

export type L2aL1Data = v.InferOutput<typeof l2aL1DataSchema>
export type L2aExecute = v.InferOutput<typeof l2aExecuteSchema>
export type L2aRawTransaction = v.InferOutput<typeof l2aRawTransactionSchema>

// ---------------------------------------------------------------------------------------------------------
// l2b_pendingTransactions

/** A field element as hex: any number of digits (the recordings drop leading zeros: 63-digit hashes). */
export const feltSchema = v.custom<`0x${string}`>(
  (input) => typeof input === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(input),
  (issue) => `expected a hex field element, got ${shown(issue.input)}`,
)

const felts = v.array(feltSchema, (issue) => `expected an array of hex values, got ${shown(issue.input)}`)

/**
 * The spec lists the keys and their shapes only. `type` and `transaction_hash` identify every pending
 * transaction; the others are checked when present, since a transaction kind may lack some (a DECLARE has
 * no entry_point_selector), and one such transaction must not hide the rest of the list.
 */
export const l2bPendingTransactionSchema = object({
  type: text,
  transaction_hash: feltSchema,
  max_fee: v.optional(feltSchema),
  version: v.optional(feltSchema),
  signature: v.optional(felts),
  nonce: v.optional(feltSchema),
  contract_address: v.optional(feltSchema),
  entry_point_selector: v.optional(feltSchema),
  calldata: v.optional(felts),
})

export const l2bPendingTransactionsSchema = v.array(l2bPendingTransactionSchema, (issue) => `expected an array of pending transactions, got ${shown(issue.input)}`)

export type L2bPendingTransaction = v.InferOutput<typeof l2bPendingTransactionSchema>

/** The spec's keys, in its order: the columns of the pending table. */
export const l2bPendingKeys = ['type', 'transaction_hash', 'max_fee', 'version', 'signature', 'nonce', 'contract_address', 'entry_point_selector', 'calldata'] as const
