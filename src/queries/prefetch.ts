import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Address, Hash } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { prefetchAccount } from './account.ts'
import { prefetchBlockPage } from './blockPage.ts'
import type { BlockRef } from './cachePolicy.ts'
import { prefetchTransactionByIndex, prefetchTransactionPage } from './transactions.ts'

/**
 * Hover and focus handlers for links: each starts loading what the page behind the link asks for first (its
 * data, in one batch), so the click finds it in flight or done.
 */
export function usePrefetch(network: Network) {
  const client = useQueryClient()
  return useMemo(
    () => ({
      block: (id: BlockRef) => () => void prefetchBlockPage(client, network, id),
      transaction: (hash: Hash) => () => void prefetchTransactionPage(client, network, hash),
      account: (address: Address) => () => void prefetchAccount(client, network, address),
      transactionAt: (block: BlockRef, index: bigint) => () => void prefetchTransactionByIndex(client, network, block, index),
    }),
    [client, network],
  )
}
