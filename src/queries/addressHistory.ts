import { queryOptions } from '@tanstack/react-query'
import type { Address } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import { clientsFor } from '../networks/clients.ts'
import { getContractCreator, searchTransactionsAfter, searchTransactionsBefore, type HistoryReceipt } from '../rpc/otterscan.ts'
import type { Transaction } from '../rpc/schemas.ts'

/** Transactions per page: Otterscan's own page size (the gateway allows up to 100). */
export const historyPageSize = 25

/**
 * Where a page of an address's history starts: the newest (before the head), older than a block, newer than
 * a block, or the oldest (after genesis). As a URL parameter: "", "before:123", "after:123", "oldest".
 */
export type HistoryCursor = { kind: 'newest' } | { kind: 'before'; block: number } | { kind: 'after'; block: number } | { kind: 'oldest' }

export function parseHistoryCursor(text: string | null): HistoryCursor {
  if (text === 'oldest') return { kind: 'oldest' }
  const match = /^(before|after):(\d{1,15})$/.exec(text ?? '')
  return match ? { kind: match[1] as 'before' | 'after', block: Number(match[2]) } : { kind: 'newest' }
}

export function historyCursorText(cursor: HistoryCursor): string | null {
  return cursor.kind === 'newest' ? null : cursor.kind === 'oldest' ? 'oldest' : `${cursor.kind}:${cursor.block}`
}

export type HistoryRow = { transaction: Transaction; receipt: HistoryReceipt | undefined }

/** A page, newest first whichever way it was read; `hasNewer`/`hasOlder` say where the pager can go. */
export type HistoryPage = { rows: HistoryRow[]; hasNewer: boolean; hasOlder: boolean }

/**
 * One page of the address's transactions (ots_searchTransactionsBefore/After): one request, receipts with block
 * times included, so the page shows method, value, fee, status and age without asking for more.
 */
export function addressHistoryQuery(network: Network, address: Address, cursor: HistoryCursor) {
  return queryOptions({
    queryKey: [network.name, 'addressHistory', address.toLowerCase(), historyCursorText(cursor)] as const,
    queryFn: async ({ signal }): Promise<HistoryPage> => {
      const http = clientsFor(network).http
      const before = cursor.kind === 'newest' || cursor.kind === 'before'
      const page = before
        ? await searchTransactionsBefore(http, address, cursor.kind === 'before' ? cursor.block : 0, historyPageSize, { signal })
        : await searchTransactionsAfter(http, address, cursor.kind === 'after' ? cursor.block : 0, historyPageSize, { signal })
      const receipts = new Map(page.receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))
      const rows = page.txs.map((transaction) => ({ transaction, receipt: receipts.get(transaction.hash.toLowerCase()) }))
      // Shown newest first, whatever order the node sends: anvil sends "after" pages newest first too, other
      // nodes oldest first; sorted by block, then position.
      const ordered = rows.sort((a, b) => compareDescending(a.transaction, b.transaction))
      // In both directions (as anvil and Otterscan number pages from the newest): firstPage is the page at the
      // newest end, lastPage the one at the oldest end.
      return { rows: ordered, hasNewer: !page.firstPage, hasOlder: !page.lastPage }
    },
    // A page by block is fixed once its blocks are mined; the newest page gains rows with new blocks.
    staleTime: cursor.kind === 'newest' ? 4_000 : Infinity,
  })
}

/** Newer first: by block number, then by position in the block. */
function compareDescending(a: Transaction, b: Transaction): number {
  const block = BigInt(b.blockNumber ?? '0x0') - BigInt(a.blockNumber ?? '0x0')
  if (block !== 0n) return block > 0n ? 1 : -1
  const index = BigInt(b.transactionIndex ?? '0x0') - BigInt(a.transactionIndex ?? '0x0')
  return index > 0n ? 1 : index < 0n ? -1 : 0
}

export function contractCreatorQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: [network.name, 'contractCreator', address.toLowerCase()] as const,
    queryFn: ({ signal }) => getContractCreator(clientsFor(network).http, address, { signal }),
    staleTime: Infinity,
  })
}
