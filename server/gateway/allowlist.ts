import { sampleContentsMethod } from '../../contract/sampleContents.ts'
import { traceMethods } from './rules/traceOptions.ts'

/**
 * What the keyed endpoint lets through. The chain changes only by signed transactions: every node
 * control method (anvil_*, evm_*, hardhat_*, personal_*, eth_sendTransaction, ...) is refused, and of debug_*
 * only the read-only traces pass (with the tracers rules/traceOptions.ts allows).
 */

/** The spec's fourteen methods (Part A, methods table). */
export const specMethods = [
  'eth_getStorageAt',
  'eth_getLogs',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_estimateGas',
  'eth_call',
  'eth_getTransactionReceipt',
  'eth_getBlockReceipts',
  'l2a_getRawBlockTransactions',
  'l2b_pendingTransactions',
] as const

/** Read methods an explorer needs beyond the spec's table. */
export const explorerReadMethods = [
  'eth_blockNumber',
  'eth_chainId',
  'net_version',
  'web3_clientVersion',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionByHash',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_syncing',
] as const

/**
 * Otterscan's ots_* namespace (API level 8): history and trace reads a node like anvil or Erigon serves.
 * Every one only reads; they are listed by name, not let through by prefix, so a state-changing method a
 * node might add under the same prefix stays refused.
 */
export const historyReadMethods = [
  'ots_getApiLevel',
  'ots_hasCode',
  'ots_getInternalOperations',
  'ots_getTransactionError',
  'ots_traceTransaction',
  'ots_getBlockDetails',
  'ots_getBlockDetailsByHash',
  'ots_getBlockTransactions',
  'ots_searchTransactionsBefore',
  'ots_searchTransactionsAfter',
  'ots_getTransactionBySenderAndNonce',
  'ots_getContractCreator',
] as const

/** Simulation: calls run on a copy of the state (with overrides), nothing of which is kept. */
export const simulationMethods = ['eth_simulateV1'] as const

export const writeMethods = ['eth_sendRawTransaction'] as const

/** Only over WebSocket. */
export const subscriptionMethods = ['eth_subscribe', 'eth_unsubscribe'] as const

export const subscriptionKinds = ['newHeads', 'logs', 'newPendingTransactions'] as const

const allowed = new Set<string>([...specMethods, ...explorerReadMethods, ...historyReadMethods, ...traceMethods, ...simulationMethods, ...writeMethods, ...subscriptionMethods])

export function isAllowedMethod(method: string): boolean {
  return allowed.has(method)
}

/**
 * Answered only on the recorded sample networks (their description of what they hold); everywhere else
 * it is an unknown method (-32601), so the spec's networks offer exactly the spec's methods.
 */
export const sampleOnlyMethods = [sampleContentsMethod] as const

export function isSampleMethod(method: string): boolean {
  return (sampleOnlyMethods as readonly string[]).includes(method)
}

export function isSubscriptionMethod(method: string): boolean {
  return method === 'eth_subscribe' || method === 'eth_unsubscribe'
}
