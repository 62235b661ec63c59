import * as v from 'valibot'
import { blockTags, type BlockTag } from '../rpc/methods.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { SampleContents } from '../../contract/sampleContents.ts'

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

/**
 * A network as the app uses it: the configured fields plus its rules, and for a recorded sample what it holds
 * (null until it has said, and for any other network).
 */
export type AppNetwork = Network & { source: NetworkSource; capabilities: Capabilities; sample: SampleContents | null }

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
 * A recorded sample network's rules, from what it says it holds (chainglass_sampleContents): the methods it
 * answers and the tags its chain names blocks by. Nothing here knows one sample from another.
 */
export function sampleCapabilities(contents: SampleContents): Capabilities {
  const answers = (method: string) => contents.methods.includes(method)
  // Chain identity alone (eth_chainId, …) is not Ethereum-style data: a sample without any recorded eth_* reads has none.
  const chainIdentity = new Set(['eth_chainId', 'eth_syncing'])
  return {
    ...defaultCapabilities,
    blockTags: blockTags.filter((tag) => tag === 'latest' || contents.blockTags.includes(tag)),
    ethMethods: contents.methods.some((method) => method.startsWith('eth_') && !chainIdentity.has(method)),
    blockReceipts: answers('eth_getBlockReceipts'),
    l2aRawBlockTransactions: answers('l2a_getRawBlockTransactions'),
    l2bPendingTransactions: answers('l2b_pendingTransactions'),
  }
}

/**
 * A sample whose description has not arrived offers nothing yet: no call goes out on a guess (the page waits
 * for the description, ui/networks/SampleGate.tsx), and no other page suggests it for a method it may lack.
 */
export const undescribedSampleCapabilities: Capabilities = {
  ...defaultCapabilities,
  blockTags: ['latest'],
  ethMethods: false,
  blockReceipts: false,
}

/** The rules of a network from /config.json, which does not state them: a sample's from its description, else the defaults. */
export function builtinCapabilities(network: Network, sample?: SampleContents): Capabilities {
  if (network.kind !== 'sample') return defaultCapabilities
  return sample ? sampleCapabilities(sample) : undescribedSampleCapabilities
}

export function configNetwork(network: Network, sample?: SampleContents): AppNetwork {
  return { ...network, source: 'config', capabilities: builtinCapabilities(network, sample), sample: sample ?? null }
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
