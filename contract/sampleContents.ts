import * as v from 'valibot'

/**
 * What a recorded sample network holds, as its node tells it (server/samples/contents.ts derives it from the
 * recordings; the app reads it to know what the sample answers and to link to it). One schema for both sides:
 * the service types what it sends with it, the app checks what it reads with it.
 */

/** The one method only sample networks answer; the gateway refuses it (-32601) anywhere else. */
export const sampleContentsMethod = 'chainglass_sampleContents'

const hex = v.custom<`0x${string}`>((input) => typeof input === 'string' && /^0x[0-9a-fA-F]*$/.test(input), 'expected hex')
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

const recordedUncle = v.object({
  index: count,
  hash: hex,
  /** The uncle's own number, when its header was recorded; null when only the block's list names it. */
  number: v.nullable(hex),
})

const recordedBlock = v.object({
  number: hex,
  hash: hex,
  transactions: count,
  /** Full transaction objects were recorded (else only their hashes). */
  fullTransactions: v.boolean(),
  /** The block's receipts were recorded whole. */
  receipts: v.boolean(),
  uncles: v.array(recordedUncle),
})

export const sampleContentsSchema = v.object({
  name: v.string(),
  /** A sentence or two, for people: what the recording is and where it comes from. */
  description: v.string(),
  /** Every method the sample answers from its recordings (others answer -32601 or "not in this recording"). */
  methods: v.array(v.string()),
  /** The block tags its chain names blocks by. */
  blockTags: v.array(v.string()),
  /** Blocks recorded themselves (by number or hash). */
  blocks: v.array(recordedBlock),
  /** Blocks whose receipts were recorded whole; the block itself may not be. */
  blockReceipts: v.array(v.object({ number: hex, hash: hex, count, logs: count })),
  /** Receipts recorded one by one (not part of a whole block's receipts). */
  receipts: v.array(v.object({ transactionHash: hex, blockNumber: hex })),
  /** Recorded eth_getLogs queries and eth_call answers, counted. */
  logQueries: count,
  calls: count,
  /** l2a_getRawBlockTransactions: the recorded block numbers and how many transactions each holds. */
  l2aBlocks: v.array(v.object({ number: count, transactions: count })),
  /** l2b_pendingTransactions: how many pending transactions were recorded, or null when none was. */
  l2bPendingTransactions: v.nullable(count),
})

export type SampleContents = v.InferOutput<typeof sampleContentsSchema>
export type RecordedBlock = v.InferOutput<typeof recordedBlock>

/**
 * The `data` of a sample node's refusal for something its recordings do not hold, so a client can tell "not
 * in this recording" from a node error without reading the message.
 */
export const notRecordedReason = 'not-in-recording'
export type NotRecordedData = { reason: typeof notRecordedReason; detail: string }

export function isNotRecordedData(data: unknown): data is NotRecordedData {
  return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === notRecordedReason && typeof (data as { detail?: unknown }).detail === 'string'
}
