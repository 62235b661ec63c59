import * as v from 'valibot'
import type { Address, Hash, Hex } from 'viem'
import { parseResult } from './methods.ts'
import { addressSchema, dataSchema, hashSchema, quantitySchema, receiptSchema, transactionSchema, type Receipt, type Transaction } from './schemas.ts'
import type { CallOptions, RpcTransport } from './transport.ts'

/**
 * Otterscan's ots_* namespace: history reads some nodes serve (anvil, Erigon; API level 8) and the spec's
 * service does not list. Pages use it only where `ots_getApiLevel` answered (src/networks/otterscan.ts);
 * everywhere else they take a path made of the spec's own methods.
 */

/** The ots_ API level an explorer needs: 8 has every method below. */
export const otterscanApiLevel = 8

/** A page of ots_searchTransactionsBefore/After: receipts carry the block's timestamp. */
const historyReceiptSchema = v.intersect([receiptSchema, v.looseObject({ timestamp: quantitySchema })])
const historyPageSchema = v.looseObject({
  txs: v.array(transactionSchema),
  receipts: v.array(historyReceiptSchema),
  firstPage: v.boolean(),
  lastPage: v.boolean(),
})

export type HistoryReceipt = Receipt & { timestamp: Hex }
/** One page of an address's transactions. Before: newest first. After: the node's order, oldest first. */
export type HistoryPage = { txs: Transaction[]; receipts: HistoryReceipt[]; firstPage: boolean; lastPage: boolean }

const creatorSchema = v.nullable(v.looseObject({ hash: hashSchema, creator: addressSchema }))
export type ContractCreator = { hash: Hash; creator: Address }

/** ots_getInternalOperations: 0 transfer, 1 self-destruct, 2 CREATE, 3 CREATE2. */
const operationSchema = v.looseObject({ type: v.picklist([0, 1, 2, 3]), from: addressSchema, to: addressSchema, value: quantitySchema })
export type InternalOperation = v.InferOutput<typeof operationSchema>

async function ask<TSchema extends v.GenericSchema>(rpc: RpcTransport, method: string, params: readonly unknown[], schema: TSchema, options?: CallOptions) {
  return parseResult(method, schema, await rpc.request(method, params, options))
}

export function getApiLevel(rpc: RpcTransport, options?: CallOptions): Promise<number> {
  return ask(rpc, 'ots_getApiLevel', [], v.pipe(v.number(), v.integer()), options)
}

/**
 * The address's transactions before `blockNumber` (0: from the head), newest first, `pageSize` of them or a few
 * more (a node finishes the block it is in).
 */
export function searchTransactionsBefore(rpc: RpcTransport, address: Address, blockNumber: number, pageSize: number, options?: CallOptions): Promise<HistoryPage> {
  return ask(rpc, 'ots_searchTransactionsBefore', [address, blockNumber, pageSize], historyPageSchema, options) as Promise<HistoryPage>
}

/** The address's transactions after `blockNumber` (0: from genesis), oldest first as nodes send them. */
export function searchTransactionsAfter(rpc: RpcTransport, address: Address, blockNumber: number, pageSize: number, options?: CallOptions): Promise<HistoryPage> {
  return ask(rpc, 'ots_searchTransactionsAfter', [address, blockNumber, pageSize], historyPageSchema, options) as Promise<HistoryPage>
}

/** Who deployed the contract and in which transaction; null for an address without code. */
export function getContractCreator(rpc: RpcTransport, address: Address, options?: CallOptions): Promise<ContractCreator | null> {
  return ask(rpc, 'ots_getContractCreator', [address], creatorSchema, options)
}

/** ETH moved inside the transaction (value calls, self-destructs, creations). */
export function getInternalOperations(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<InternalOperation[]> {
  return ask(rpc, 'ots_getInternalOperations', [hash], v.array(operationSchema), options)
}

/** The revert payload of a failed transaction (`0x` for one that did not revert, or reverted without data). */
export function getTransactionError(rpc: RpcTransport, hash: Hash, options?: CallOptions): Promise<Hex> {
  return ask(rpc, 'ots_getTransactionError', [hash], dataSchema, options)
}
