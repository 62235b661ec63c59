import type { Address, Hash, Hex } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
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
  account: (network: Network, address: Address, ref: ResolvedBlockRef) => [network.name, 'account', address.toLowerCase() as Address, ref.key] as const,
}
