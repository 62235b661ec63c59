import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Address, Hash } from 'viem'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { prefetchAccount } from '../../queries/account.ts'
import { prefetchBlockPage } from '../../queries/blocks.ts'
import type { BlockRef } from '../../queries/cachePolicy.ts'
import { prefetchTransactionPage } from '../../queries/transactions.ts'

/** Hover and focus prefetch for the links of the live lists: what the page behind the link loads first. */
export function usePrefetch(network: Network) {
  const client = useQueryClient()
  return useMemo(
    () => ({
      block: (id: BlockRef) => () => void prefetchBlockPage(client, network, id),
      transaction: (hash: Hash) => () => void prefetchTransactionPage(client, network, hash),
      address: (address: Address) => () => void prefetchAccount(client, network, address),
    }),
    [client, network],
  )
}
