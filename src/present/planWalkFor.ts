import type { QueryClient } from '@tanstack/react-query'
import type { AppNetwork } from '../networks/capabilities.ts'
import { clientsFor } from '../networks/clients.ts'
import { filesCredentials } from '../files/credentials.ts'
import { headQuery } from '../queries/head.ts'
import { sampleContentsQuery } from '../queries/sampleContents.ts'
import { recordedSteps } from './recordedSteps.ts'
import { discoverChainFacts, type ChainFacts, type Found } from './discover.ts'
import { planWalk, type Walk } from './steps.ts'

async function chainFacts(network: AppNetwork, queryClient: QueryClient): Promise<Found<ChainFacts>> {
  if (network.kind === 'sample') return { ok: false, reason: `${network.label} is a recording: no live chain to look through` }
  if (!network.capabilities.ethMethods) return { ok: false, reason: `${network.label} has no eth_* methods` }
  try {
    const head = await queryClient.fetchQuery(headQuery(network))
    if (!head) return { ok: false, reason: `${network.label} has no latest block` }
    return { ok: true, value: await discoverChainFacts(clientsFor(network).http, BigInt(head.number)) }
  } catch (error) {
    return { ok: false, reason: `the chain could not be read: ${error instanceof Error ? error.message : String(error)}` }
  }
}

function fileStore(network: AppNetwork): Found<true> {
  if (network.ipfsUrl === null) return { ok: false, reason: `${network.label} has no file store` }
  if (!filesCredentials(network)) return { ok: false, reason: 'no file-store credentials for this network yet (the Files page asks for them)' }
  return { ok: true, value: true }
}

/** The walk for `network`, from what it holds right now. */
export async function planWalkFor(network: AppNetwork, queryClient: QueryClient): Promise<Walk> {
  const [chain, recording] = await Promise.all([
    chainFacts(network, queryClient),
    network.kind === 'sample' ? queryClient.fetchQuery(sampleContentsQuery(network)).catch(() => null) : Promise.resolve(null),
  ])
  // Chain id 1: Ethereum mainnet, where Byzantium's block number is known.
  const recorded = network.kind === 'sample' ? (recording ? recordedSteps(recording, BigInt(network.chainId) === 1n) : []) : undefined
  return planWalk({ chain, fileStore: fileStore(network), recorded })
}
