import { memo } from 'react'
import { transactionTypeName, transactionTypeShort } from '../../format/transactionType.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { Address } from '../../ui/Address.tsx'
import { RowAge } from './RowAge.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { LiveTable, LoadingRow } from '../../ui/LiveTable.tsx'
import { Panel } from '../../ui/Panel.tsx'
import type { LatestTransaction } from './liveWindow.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'
import type { Receipt } from '../../rpc/schemas.ts'
import { MethodBadge } from '../../ui/transactions/MethodBadge.tsx'
import { receiptStatus } from '../../format/receiptStatus.ts'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { TransactionFee } from '../../ui/transactions/TransactionFee.tsx'
import { TransactionValue } from '../../ui/transactions/TransactionValue.tsx'

/** A transaction's arrow glyph: from one account to another. */
function TransferIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d="M4 8h13l-3.5-3.5M20 16H7l3.5 3.5" />
    </svg>
  )
}

/**
 * Memoised: a new head re-renders only the rows that changed. No fade-in, unlike a new block's row: a new block
 * replaces most of this list at once, so a fade marks nothing, and it cost the live home page main-thread time
 * on every new block.
 */
const Row = memo(function Row({ network, transaction, receipt, blockNumber, timestamp }: LatestTransaction & { network: Network; receipt: Receipt | undefined }) {
  const type = transaction.type ?? '0x0'
  return (
    <tr
      data-testid="transaction-row"
      data-hash={transaction.hash}
      data-block={blockNumber.toString()}
      className="text-sm transition-[background-color] hover:bg-zinc-50/80 dark:hover:bg-zinc-800/30"
    >
      <td className="py-3 pl-5 pr-3">
        <WithIconTile icon={<TransferIcon className="size-4" />} tone="neutral" shape="round" display="hidden min-[420px]:flex">
          {/* Wraps: a long method name (revertWithoutReason) goes under the hash instead of pushing the table
              past its panel (at two panels a row, 1280-1440 px, the table was 13-54 px wider than its frame). */}
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <TxLink hash={transaction.hash} testId="transaction-row-hash" />
            <MethodBadge input={transaction.input} to={transaction.to} testId="transaction-row-method" />
            {/* Only a failure is marked: a list of green ticks says nothing. */}
            {receipt && receiptStatus(receipt) === 'failed' && <StatusBadge status="failed" testId="transaction-row-failed" />}
          </p>
          <p className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <RowAge timestamp={timestamp} />
            <span className="hidden md:inline">
              <Badge title={transactionTypeName(type)} testId="transaction-row-type">
                {transactionTypeShort(type)}
              </Badge>
            </span>
          </p>
          {/* Phones: from and to on one line here, instead of a column of their own. */}
          <p className="mt-1 flex items-center gap-1 text-xs sm:hidden">
            <Address address={transaction.from} copy={false} />
            <span className="text-zinc-500 dark:text-zinc-400" aria-label="to">→</span>
            {transaction.to ? (
              <Address address={transaction.to} copy={false} />
            ) : (
              <span className="font-medium text-zinc-600 dark:text-zinc-300">Contract creation</span>
            )}
          </p>
        </WithIconTile>
      </td>
      <td className="hidden px-3 py-3 sm:table-cell">
        <p className="flex items-center gap-1.5 text-xs">
          <span className="w-8 shrink-0 text-zinc-500 dark:text-zinc-400">From</span>
          <Address address={transaction.from} testId="transaction-row-from" />
        </p>
        <p className="flex items-center gap-1.5 text-xs">
          <span className="w-8 shrink-0 text-zinc-500 dark:text-zinc-400">To</span>
          {transaction.to ? (
            <Address address={transaction.to} testId="transaction-row-to" />
          ) : (
            <span data-testid="transaction-row-to" className="text-[13px] font-medium text-zinc-600 dark:text-zinc-300">
              Contract creation
            </span>
          )}
        </p>
      </td>
      <td className="py-3 pl-3 pr-5 text-right">
        <p className="text-[13px] font-medium text-zinc-900 dark:text-zinc-100">
          <TransactionValue network={network} value={transaction.value} logs={receipt?.logs} testId="transaction-row-value" />
        </p>
        <p className="mt-0.5 flex items-center justify-end gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {receipt && (
            <span className="hidden lg:inline" title="Fee: gas used × effective gas price">
              <TransactionFee receipt={receipt} testId="transaction-row-fee" />
            </span>
          )}
          <span className="whitespace-nowrap" data-testid="transaction-row-block">
            <BlockLink number={blockNumber} copy={false} />
          </span>
        </p>
      </td>
    </tr>
  )
})

const loadingCells = [
  { cell: 'py-3 pl-5 pr-3', skeleton: 'w-40' },
  { cell: 'hidden px-3 py-3 sm:table-cell', skeleton: 'w-36' },
  { cell: 'py-3 pl-3 pr-5', skeleton: 'ml-auto w-24' },
]

/**
 * The newest transactions, taken from the newest blocks as they arrive (newest first), a fixed number of rows.
 * `rows` undefined: still loading.
 */
export function LatestTransactions({ network, rows, receipts, count, scanned }: { network: Network; rows: readonly LatestTransaction[] | undefined; receipts: ReadonlyMap<string, Receipt>; count: number; scanned: number }) {
  return (
    <Panel className="flex min-w-0 flex-col" title="Latest transactions" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">from the newest blocks</span>}>
      {rows !== undefined && rows.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center px-6 py-14 text-center" data-testid="recent-transactions-empty">
          <span className="flex size-10 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <TransferIcon className="size-5" />
          </span>
          <p className="mt-3 text-sm font-medium text-zinc-700 dark:text-zinc-200">No transactions in the last {scanned} blocks</p>
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">New ones appear here as their blocks arrive.</p>
        </div>
      ) : (
        <LiveTable testId="recent-transactions" caption={`The ${count} newest transactions, newest first, updated live`} columns={['Hash, method and age', 'From and to', 'Value, fee and block']} busy={rows === undefined}>
          {rows === undefined
            ? Array.from({ length: count }, (_, index) => <LoadingRow key={index} cells={loadingCells} />)
            : rows.map((row) => <Row key={row.transaction.hash} {...row} network={network} receipt={receipts.get(row.transaction.hash.toLowerCase())} />)}
        </LiveTable>
      )}
    </Panel>
  )
}
