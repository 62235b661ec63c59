import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getAddress, isAddress, type Abi, type Address } from 'viem'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { abiSourceOf, knownAbi } from '../../evm/knownAbi.ts'
import { contractInfoQuery } from '../../queries/contractInfo.ts'
import { namesQuery } from '../../queries/names.ts'

export type KnownAbi = { source: 'published' | 'standard'; abi: Abi }

/**
 * Looks up the ABI the app knows for a call's target (evm/knownAbi.ts) when asked: the deployment's published
 * one, or the standard functions the target's code (a proxy's implementation's) dispatches on. Asked on the
 * button, not as the address is typed: reading a contract's code and proxy slots costs a round trip.
 */
export function useKnownAbiLoader(network: Network): (to: string) => Promise<KnownAbi | null> {
  const client = useQueryClient()
  return useCallback(
    async (to: string) => {
      if (!isAddress(to.trim(), { strict: false })) return null
      const address = getAddress(to.trim())
      const [names, info] = await Promise.all([client.fetchQuery(namesQuery(network)), client.fetchQuery(contractInfoQuery(network, address))])
      if (info.code === '0x') return null
      const publishedAt = (at: Address) => names.contractAt(at)?.abi ?? null
      const implementationSelectors = info.implementation && !publishedAt(info.implementation) ? (await client.fetchQuery(contractInfoQuery(network, info.implementation))).selectors : undefined
      const source = abiSourceOf({ address, ...info }, publishedAt, implementationSelectors)
      return source && knownAbi(source.published, source.selectors)
    },
    [client, network],
  )
}
