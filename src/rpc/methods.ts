import * as v from 'valibot'
import type { Address, Hash, Hex } from 'viem'
import { MalformedResponseError } from './errors.ts'
import {
  blockHeaderSchema,
  blockSchema,
  blockWithTransactionsSchema,
  dataSchema,
  feeHistorySchema,
  isWellFormedLogArray,
  logSchema,
  quantitySchema,
  receiptSchema,
  transactionSchema,
  uncleSchema,
  word32Schema,
  type Block,
  type BlockHeader,
  type BlockWithTransactions,
  type FeeHistory,
  type Log,
  type Quantity,
  type Receipt,
  type Transaction,
  type Uncle,
} from './schemas.ts'
import type { CallOptions, RpcSubscriber, RpcTransport, Unsubscribe } from './transport.ts'

/**
 * One typed function per JSON-RPC method: the only place that knows a method's name, params and result
 * shape. Each checks its answer before returning it, so a page never sees an unchecked value. Every call
 * takes CallOptions: the AbortSignal TanStack Query passes, and a timeout (the transport's default else).
 */

export type BlockTag = 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized'

export const blockTags: readonly BlockTag[] = ['latest', 'earliest', 'pending', 'safe', 'finalized']

/** A block parameter: a hex number or a tag. */
export type BlockId = BlockTag | Quantity

/**
 * Where state is read (balance, code, storage, nonce): a block parameter, or a block hash, which nodes
 * accept in its place (EIP-1898). Omitted, the node reads at `latest`.
 */
export type StateBlock = BlockId | Hash

/** eth_getBlockReceipts also takes a block hash, and (spec) a decimal integer block number. */
export type BlockReceiptsId = BlockId | Hash | number

/** The call object of eth_call and eth_estimateGas (spec: Call object); `input` is the newer name of `data`. */
export type CallRequest = {
  from?: Address
  to?: Address | null
  gas?: Quantity
  gasPrice?: Quantity
  maxPriorityFeePerGas?: Quantity
  maxFeePerGas?: Quantity
  value?: Quantity
  data?: Hex
  input?: Hex
  [field: string]: unknown
}

/** The log filter object of eth_getLogs. */
export type LogFilter = {
  address?: Address | readonly Address[]
  fromBlock?: BlockId
  toBlock?: BlockId
  topics?: ReadonlyArray<Hash | readonly Hash[] | null>
  blockHash?: Hash
}

/** `result[3].logs[0].topics[1]`: the path of a bad field, as one would write it to reach it in code. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let path = 'result'
  for (const item of issue.path ?? []) {
    const key = (item as { key?: unknown }).key
    path += typeof key === 'number' ? `[${key}]` : `.${String(key)}`
  }
  return path
}

/** Checks an answer against its schema; the first bad field is named, as a path below `result`. */
export function parseResult<TSchema extends v.GenericSchema>(method: string, schema: TSchema, value: unknown): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, value)
  if (parsed.success) return parsed.output
  const issue = parsed.issues[0]
  throw new MalformedResponseError(method, issuePath(issue), issue.message)
}

async function request<TSchema extends v.GenericSchema>(
  rpc: RpcTransport,
  method: string,
  params: readonly unknown[],
  schema: TSchema,
  options?: CallOptions,
): Promise<v.InferOutput<TSchema>> {
  return parseResult(method, schema, await rpc.request(method, params, options))
}

/** The params with an omitted trailing block parameter left out, so the node applies its default. */
function withBlock(params: readonly unknown[], block: StateBlock | undefined): readonly unknown[] {
  return block === undefined ? params : [...params, block]
}

const nullableQuantity = v.nullable(quantitySchema)
const blockOrNull = v.nullable(blockSchema)
const blockWithTransactionsOrNull = v.nullable(blockWithTransactionsSchema)
const uncleOrNull = v.nullable(uncleSchema)
const transactionOrNull = v.nullable(transactionSchema)
const receiptOrNull = v.nullable(receiptSchema)
const receiptsOrNull = v.nullable(v.array(receiptSchema, 'expected an array of receipts'))
const logs = v.array(logSchema, 'expected an array of logs')

// ---------------------------------------------------------------------------------------------------------
// Chain

export function blockNumber(rpc: RpcTransport, options?: CallOptions): Promise<Quantity> {
  return request(rpc, 'eth_blockNumber', [], quantitySchema, options)
}

export function chainId(rpc: RpcTransport, options?: CallOptions): Promise<Quantity> {
  return request(rpc, 'eth_chainId', [], quantitySchema, options)
}

/** Base fees, gas used ratios and (with percentiles) priority fee rewards of `blockCount` blocks ending at `newest`. */
export function feeHistory(
  rpc: RpcTransport,
  blockCount: Quantity,
  newest: BlockId,
  rewardPercentiles: readonly number[] = [],
  options?: CallOptions,
): Promise<FeeHistory> {
  return request(rpc, 'eth_feeHistory', [blockCount, newest, rewardPercentiles], feeHistorySchema, options)
}

// ---------------------------------------------------------------------------------------------------------
// Blocks

/** The block by number or tag, or null when there is no such block: hashes of its transactions, or (true) the transactions. */
export function getBlockByNumber(rpc: RpcTransport, block: BlockId, transactions: false, options?: CallOptions): Promise<Block | null>
export function getBlockByNumber(rpc: RpcTransport, block: BlockId, transactions: true, options?: CallOptions): Promise<BlockWithTransactions | null>
export function getBlockByNumber(
  rpc: RpcTransport,
  block: BlockId,
  transactions: boolean,
  options?: CallOptions,
): Promise<Block | BlockWithTransactions | null>
export function getBlockByNumber(rpc: RpcTransport, block: BlockId, transactions: boolean, options?: CallOptions) {
  return request(rpc, 'eth_getBlockByNumber', [block, transactions], transactions ? blockWithTransactionsOrNull : blockOrNull, options)
}

/** The block by hash, or null when the node has none with that hash. */
export function getBlockByHash(rpc: RpcTransport, hash: Hash, transactions: false, options?: CallOptions): Promise<Block | null>
export function getBlockByHash(rpc: RpcTransport, hash: Hash, transactions: true, options?: CallOptions): Promise<BlockWithTransactions | null>
export function getBlockByHash(rpc: RpcTransport, hash: Hash, transactions: boolean, options?: CallOptions): Promise<Block | BlockWithTransactions | null>
export function getBlockByHash(rpc: RpcTransport, hash: Hash, transactions: boolean, options?: CallOptions) {
  return request(rpc, 'eth_getBlockByHash', [hash, transactions], transactions ? blockWithTransactionsOrNull : blockOrNull, options)
}

/** Every receipt of a block, in transaction order; null when there is no such block. */
export function getBlockReceipts(rpc: RpcTransport, block: BlockReceiptsId, options?: CallOptions): Promise<Receipt[] | null> {
  return request(rpc, 'eth_getBlockReceipts', [block], receiptsOrNull, options)
}

export function getUncleByBlockHashAndIndex(rpc: RpcTransport, blockHash: Hash, index: Quantity, options?: CallOptions): Promise<Uncle | null> {
  return request(rpc, 'eth_getUncleByBlockHashAndIndex', [blockHash, index], uncleOrNull, options)
}

export function getUncleByBlockNumberAndIndex(rpc: RpcTransport, block: BlockId, index: Quantity, options?: CallOptions): Promise<Uncle | null> {
  return request(rpc, 'eth_getUncleByBlockNumberAndIndex', [block, index], uncleOrNull, options)
}

/** How many uncles the block has; null when there is no such block. */
export function getUncleCountByBlockHash(rpc: RpcTransport, blockHash: Hash, options?: CallOptions): Promise<Quantity | null> {
  return request(rpc, 'eth_getUncleCountByBlockHash', [blockHash], nullableQuantity, options)
}

export function getUncleCountByBlockNumber(rpc: RpcTransport, block: BlockId, options?: CallOptions): Promise<Quantity | null> {
  return request(rpc, 'eth_getUncleCountByBlockNumber', [block], nullableQuantity, options)
}

// ---------------------------------------------------------------------------------------------------------
// Transactions

/** The transaction (pending ones included: their block fields are null), or null when the node knows none. */
export function getTransactionByHash(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<Transaction | null> {
  return request(rpc, 'eth_getTransactionByHash', [hash], transactionOrNull, options)
}

export function getTransactionByBlockHashAndIndex(rpc: RpcTransport, blockHash: Hash, index: Quantity, options?: CallOptions): Promise<Transaction | null> {
  return request(rpc, 'eth_getTransactionByBlockHashAndIndex', [blockHash, index], transactionOrNull, options)
}

export function getTransactionByBlockNumberAndIndex(rpc: RpcTransport, block: BlockId, index: Quantity, options?: CallOptions): Promise<Transaction | null> {
  return request(rpc, 'eth_getTransactionByBlockNumberAndIndex', [block, index], transactionOrNull, options)
}

/** The receipt, or null: no receipt exists for a pending (or unknown) transaction. */
export function getTransactionReceipt(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<Receipt | null> {
  return request(rpc, 'eth_getTransactionReceipt', [hash], receiptOrNull, options)
}

// ---------------------------------------------------------------------------------------------------------
// Accounts and state

export function getBalance(rpc: RpcTransport, address: Address, block?: StateBlock, options?: CallOptions): Promise<Quantity> {
  return request(rpc, 'eth_getBalance', withBlock([address], block), quantitySchema, options)
}

/** The account's nonce: how many transactions it has sent. */
export function getTransactionCount(rpc: RpcTransport, address: Address, block?: StateBlock, options?: CallOptions): Promise<Quantity> {
  return request(rpc, 'eth_getTransactionCount', withBlock([address], block), quantitySchema, options)
}

/** The account's code; `0x` for an account without code. */
export function getCode(rpc: RpcTransport, address: Address, block?: StateBlock, options?: CallOptions): Promise<Hex> {
  return request(rpc, 'eth_getCode', withBlock([address], block), dataSchema, options)
}

/** The 32-byte storage word at `slot` (spec rule 1 says how mapping slots are found). */
export function getStorageAt(rpc: RpcTransport, address: Address, slot: Hex, block?: StateBlock, options?: CallOptions): Promise<Hex> {
  return request(rpc, 'eth_getStorageAt', withBlock([address, slot], block), word32Schema, options)
}

/** The logs matching the filter; the -32005 limits come back as RpcError. */
export async function getLogs(rpc: RpcTransport, filter: LogFilter, options?: CallOptions): Promise<Log[]> {
  const answer = await rpc.request('eth_getLogs', [filter], options)
  // The quick check passes well-formed answers as they are; anything else goes through the schema for its error.
  return isWellFormedLogArray(answer) ? answer : parseResult('eth_getLogs', logs, answer)
}

/** Runs the call without a transaction; a REVERT is an RpcError with code 3 and the revert data. */
export function call(rpc: RpcTransport, callRequest: CallRequest, block?: StateBlock, options?: CallOptions): Promise<Hex> {
  return request(rpc, 'eth_call', withBlock([callRequest], block), dataSchema, options)
}

export function estimateGas(rpc: RpcTransport, callRequest: CallRequest, block?: StateBlock, options?: CallOptions): Promise<Quantity> {
  return request(rpc, 'eth_estimateGas', withBlock([callRequest], block), quantitySchema, options)
}

// ---------------------------------------------------------------------------------------------------------
// Subscriptions

/**
 * Each new chain head (eth_subscribe newHeads), checked like any answer. A malformed header goes to
 * `onError` and the subscription carries on. This is the raw feed: headStream.ts makes it gap-free.
 */
export function subscribeNewHeads(
  socket: RpcSubscriber,
  onHead: (head: BlockHeader) => void,
  onError?: (error: unknown) => void,
  onActive?: () => void,
): Unsubscribe {
  return socket.subscribe(
    'newHeads',
    [],
    (data) => {
      let head: BlockHeader
      try {
        head = parseResult('eth_subscribe(newHeads)', blockHeaderSchema, data)
      } catch (error) {
        onError?.(error)
        return
      }
      onHead(head)
    },
    onError,
    onActive,
  )
}
