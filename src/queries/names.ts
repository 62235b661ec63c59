import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublishedContracts } from '../../contract/publishedContracts.ts'
import type { Network } from '../../contract/runtimeConfig.ts'
import { createNames, type Names, type SignatureTable } from '../evm/names/names.ts'

/** The table of well-known ABIs: its own chunk, fetched the first time any page needs a name. */
async function loadTable(): Promise<SignatureTable> {
  return (await import('virtual:signature-table')).default
}

/** The network's published contracts; none when it publishes none or the list cannot be read (names are a help, not a need). */
async function loadContracts(network: Network, signal: AbortSignal): Promise<PublishedContracts['contracts']> {
  if (!network.contractsUrl) return []
  try {
    const response = await fetch(network.contractsUrl, { signal, credentials: 'omit' })
    if (!response.ok) return []
    const body = (await response.json()) as Partial<PublishedContracts>
    return Array.isArray(body.contracts) ? body.contracts.filter((entry) => typeof entry?.address === 'string' && Array.isArray(entry.abi) && typeof entry.name === 'string') : []
  } catch (error) {
    if (signal.aborted) throw error
    return []
  }
}

export function namesQuery(network: Network) {
  return queryOptions({
    queryKey: [network.name, 'names', network.contractsUrl ?? null] as const,
    queryFn: async ({ signal }): Promise<Names> => {
      const [table, contracts] = await Promise.all([loadTable(), loadContracts(network, signal)])
      return createNames(table, contracts)
    },
    // The table is fixed for the build; a deployment's contracts change when its demo chain is redeployed.
    staleTime: 5 * 60_000,
  })
}

/** The names for the network; null until they have loaded (pages show selectors meanwhile). */
export function useNames(network: Network): Names | null {
  return useQuery(namesQuery(network)).data ?? null
}
