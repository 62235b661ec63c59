import type { Address, Hash, Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { CallRequest, StateBlock } from '../rpc/methods.ts'
import type { ResolvedBlockRef } from './cachePolicy.ts'

/**
 * Every query key, in one place: each starts with the network's name, then the resource. Blocks with full
 * transactions sit below the block's own key, so invalidating a block invalidates both forms.
 */
export const queryKeys = {
  network: (network: Network) => [network.name] as const,
  head: (network: Network) => [network.name, 'head'] as const,
  block: (network: Network, ref: ResolvedBlockRef) => [network.name, 'block', ref.key] as const,
  blockWithTransactions: (network: Network, ref: ResolvedBlockRef) => [network.name, 'block', ref.key, 'transactions'] as const,
  blockReceipts: (network: Network, ref: ResolvedBlockRef) => [network.name, 'blockReceipts', ref.key] as const,
  recentBlocks: (network: Network, to: Hex, count: number) => [network.name, 'recentBlocks', to, count] as const,
  uncle: (network: Network, ref: ResolvedBlockRef, index: Hex) => [network.name, 'uncle', ref.key, index] as const,
  transaction: (network: Network, hash: Hash) => [network.name, 'transaction', hash.toLowerCase() as Hash] as const,
  transactionByIndex: (network: Network, ref: ResolvedBlockRef, index: Hex) => [network.name, 'transactionByIndex', ref.key, index] as const,
  receipt: (network: Network, hash: Hash) => [network.name, 'receipt', hash.toLowerCase() as Hash] as const,
  /** Why a failed transaction failed, asked the way named: the node's record (ots) or a replay. */
  failureReason: (network: Network, hash: Hash, via: 'ots' | 'replay') => [network.name, 'failureReason', hash.toLowerCase() as Hash, via] as const,
  internalOperations: (network: Network, hash: Hash) => [network.name, 'internalOperations', hash.toLowerCase() as Hash] as const,
  /** A mined transaction's call tree, by the tracer named (callTracer, else Otterscan's list). */
  callTree: (network: Network, hash: Hash, via: 'callTracer' | 'ots') => [network.name, 'callTree', hash.toLowerCase() as Hash, via] as const,
  stateDiff: (network: Network, hash: Hash) => [network.name, 'stateDiff', hash.toLowerCase() as Hash] as const,
  account: (network: Network, address: Address, ref: ResolvedBlockRef) => [network.name, 'account', address.toLowerCase() as Address, ref.key] as const,
  token: (network: Network, address: Address) => [network.name, 'token', address.toLowerCase() as Address] as const,
  contractInfo: (network: Network, address: Address) => [network.name, 'contractInfo', address.toLowerCase() as Address] as const,
  storageWord: (network: Network, address: Address, slot: Hex, block: StateBlock) => [network.name, 'storage', address.toLowerCase() as Address, slot, block] as const,
  storageBytes: (network: Network, address: Address, slot: Hex, length: number, block: StateBlock) =>
    [network.name, 'storageBytes', address.toLowerCase() as Address, slot, length, block] as const,
  /** One run of the call console: everything sent, and the run count (Run again asks again). */
  callConsole: (network: Network, method: 'eth_call' | 'eth_estimateGas', request: CallRequest, block: StateBlock, run: number) =>
    [network.name, 'callConsole', method, request, block, run] as const,
  l2aRawBlock: (network: Network, block: number) => [network.name, 'l2aRawBlockTransactions', block] as const,
  l2bPending: (network: Network) => [network.name, 'l2bPendingTransactions'] as const,
  /** By name alone: the network list reads it for a sample before it has the network object's rules. */
  sampleContents: (network: string) => [network, 'sampleContents'] as const,
  /** The file store, as seen through one client (a serial number: the credentials themselves hold the secret). */
  files: (network: Network, clientSerial: number) => [network.name, 'files', clientSerial] as const,
}
