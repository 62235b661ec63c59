import * as v from 'valibot'
import { blockTags, type BlockTag } from '../rpc/methods.ts'
import type { Network } from '../../contract/runtimeConfig.ts'

/**
 * What a network offers and refuses. The spec's service differs per network: some refuse the `safe` tag
 * (rules 4 and 5), only some offer the layer-2 methods, plans differ in batch size and eth_estimateGas
 * failover. The app reads these here and nowhere else decides them.
 */
export type Capabilities = {
  /** The block tags the network accepts; `latest` always is. */
  blockTags: readonly BlockTag[]
  /** Ethereum-style eth_* methods. A Starknet-style network has none. */
  ethMethods: boolean
  /** eth_getBlockReceipts (else receipts are read one by one). */
  blockReceipts: boolean
  /** l2a_getRawBlockTransactions. */
  l2aRawBlockTransactions: boolean
  /** l2b_pendingTransactions. */
  l2bPendingTransactions: boolean
  /** The most calls one HTTP POST may carry; a bigger batch is split. */
  maxBatchSize: number
  /** eth_estimateGas may be forwarded to a partner provider in an outage (a plan setting). */
  estimateGasFailover: boolean
}

/** Where a network comes from: this deployment's /config.json, or the user (kept in this browser). */
export type NetworkSource = 'config' | 'user'

/** A network as the app uses it: the configured fields plus its rules. */
export type AppNetwork = Network & { source: NetworkSource; capabilities: Capabilities }

export const maxBatchLimit = 10_000

export const capabilitiesSchema = v.object({
  blockTags: v.pipe(
    v.array(v.picklist(blockTags as BlockTag[], 'expected one of latest, earliest, pending, safe, finalized')),
    v.check((tags) => tags.includes('latest'), 'must include latest'),
    v.transform((tags) => blockTags.filter((tag) => tags.includes(tag))),
  ),
  ethMethods: v.boolean('expected true or false'),
  blockReceipts: v.boolean('expected true or false'),
  l2aRawBlockTransactions: v.boolean('expected true or false'),
  l2bPendingTransactions: v.boolean('expected true or false'),
  maxBatchSize: v.pipe(v.number('expected a number'), v.integer('expected a whole number'), v.minValue(1, 'expected at least 1'), v.maxValue(maxBatchLimit, `expected at most ${maxBatchLimit}`)),
  estimateGasFailover: v.boolean('expected true or false'),
})

/** An Ethereum-style network that accepts every tag: what a network is assumed to be until told otherwise. */
export const defaultCapabilities: Capabilities = {
  blockTags,
  ethMethods: true,
  blockReceipts: true,
  l2aRawBlockTransactions: false,
  l2bPendingTransactions: false,
  maxBatchSize: 100,
  estimateGasFailover: false,
}

/**
 * The recorded sample networks the local service serves (server/samples/networks.ts): what each
 * recording can answer. l2b is Starknet-style: no eth_* at all, and its chain names blocks by `latest` and
 * `pending` only.
 */
const sampleCapabilities: Record<string, Capabilities> = {
  'mainnet-sample': { ...defaultCapabilities },
  'l2a-sample': { ...defaultCapabilities, l2aRawBlockTransactions: true },
  'l2b-sample': { ...defaultCapabilities, blockTags: ['latest', 'pending'], ethMethods: false, blockReceipts: false, l2bPendingTransactions: true },
}

/** The rules of a network from /config.json, which does not state them: known samples by name, else the defaults. */
export function builtinCapabilities(network: Network): Capabilities {
  return (network.kind === 'sample' ? sampleCapabilities[network.name] : undefined) ?? defaultCapabilities
}

export function configNetwork(network: Network): AppNetwork {
  return { ...network, source: 'config', capabilities: builtinCapabilities(network) }
}

/**
 * The rules of any network object. Pages hold AppNetworks (from useNetwork); code typed with the plain
 * config Network (query factories, tests) still gets the right rules for the same object.
 */
export function capabilitiesOf(network: Network): Capabilities {
  return (network as Partial<AppNetwork>).capabilities ?? builtinCapabilities(network)
}

/** Whether the network answers `method`, as far as its rules say. Unknown methods are assumed offered. */
export function offersMethod(capabilities: Capabilities, method: string): boolean {
  if (method === 'l2a_getRawBlockTransactions') return capabilities.l2aRawBlockTransactions
  if (method === 'l2b_pendingTransactions') return capabilities.l2bPendingTransactions
  if (method === 'eth_getBlockReceipts') return capabilities.ethMethods && capabilities.blockReceipts
  if (method.startsWith('eth_')) return capabilities.ethMethods
  return true
}
