import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Address, Hash } from 'viem'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { prefetchAccount } from '../../queries/account.ts'
import { prefetchBlockPage } from '../../queries/blocks.ts'
import type { BlockRef } from '../../queries/cachePolicy.ts'
import { prefetchTransactionByIndex, prefetchTransactionPage } from '../../queries/transactions.ts'

/** Hover handlers for links: start loading the page a link leads to (its data, in one batch) before the click. */
export function usePrefetch() {
  const client = useQueryClient()
  const network = useNetwork()
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
