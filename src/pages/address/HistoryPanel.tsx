import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Address as AddressType } from 'viem'
import { receiptStatus } from '../../format/receiptStatus.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { addressHistoryQuery, historyCursorText, type HistoryCursor, type HistoryRow } from '../../queries/addressHistory.ts'
import { Address } from '../../ui/Address.tsx'
import { Age } from '../../ui/Age.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { Button } from '../../ui/Button.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { MethodBadge } from '../../ui/transactions/MethodBadge.tsx'
import { TransactionFee } from '../../ui/transactions/TransactionFee.tsx'
import { TransactionValue } from '../../ui/transactions/TransactionValue.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { directionOf } from '../../history/direction.ts'
import { historyToCsv } from '../../history/historyCsv.ts'
import { saveAs } from '../../ui/download.ts'
import { DownloadIcon } from '../../ui/pageIcons.tsx'
import { retryFor } from '../../ui/retryFor.ts'

export const historyRowData = (row: HistoryRow) => ({ 'data-hash': row.transaction.hash })

const directionTones = { out: 'warning', in: 'success', self: 'neutral', create: 'accent' } as const
const directionWords = { out: 'OUT', in: 'IN', self: 'SELF', create: 'CREATE' } as const

function Counterparty({ row, address }: { row: HistoryRow; address: AddressType }) {
  const direction = directionOf(row, address)
  if (direction === 'create') {
    const created = row.receipt?.contractAddress
    return created ? <Address address={created} copy={false} testId="history-counterparty" /> : <span className="text-zinc-500 dark:text-zinc-400">contract creation</span>
  }
  const other = direction === 'out' ? row.transaction.to : direction === 'self' ? address : row.transaction.from
  return other ? <Address address={other} copy={false} testId="history-counterparty" /> : <span className="text-zinc-500 dark:text-zinc-400">—</span>
}

/** The history table's columns: the node's history and the block-by-block scan list the same rows. */
export function historyColumns(network: AppNetwork, address: AddressType): Column<HistoryRow>[] {
  return [
    { key: 'hash', header: 'Transaction', cell: (row) => <TxLink hash={row.transaction.hash} testId="history-hash" />, skeletonWidth: 'w-28' },
    { key: 'method', header: 'Method', cell: (row) => <MethodBadge input={row.transaction.input} to={row.transaction.to} testId="history-method" />, showFrom: 'md' },
    {
      key: 'age',
      header: 'Block · age',
      cell: (row) => (
        <span className="flex flex-col text-xs">
          {row.transaction.blockNumber && <BlockLink number={BigInt(row.transaction.blockNumber)} copy={false} testId="history-block" />}
          {row.receipt && <Age timestamp={Number(BigInt(row.receipt.timestamp))} />}
        </span>
      ),
      showFrom: 'sm',
    },
    {
      key: 'direction',
      header: 'Dir.',
      cell: (row) => {
        const direction = directionOf(row, address)
        return (
          <span data-testid="history-direction" data-value={direction}>
            <Badge tone={directionTones[direction]}>{directionWords[direction]}</Badge>
          </span>
        )
      },
    },
    { key: 'counterparty', header: 'Counterparty', cell: (row) => <Counterparty row={row} address={address} />, showFrom: 'md' },
    { key: 'value', header: 'Value', cell: (row) => <TransactionValue network={network} value={row.transaction.value} logs={row.receipt?.logs} testId="history-value" />, align: 'right' },
    { key: 'fee', header: 'Fee', cell: (row) => <TransactionFee receipt={row.receipt} gasPrice={row.transaction.gasPrice} testId="history-fee" />, align: 'right', showFrom: 'lg' },
    { key: 'status', header: 'Status', cell: (row) => (row.receipt ? <StatusBadge status={receiptStatus(row.receipt)} testId="history-status" /> : <span>—</span>), showFrom: 'sm' },
  ]
}

/**
 * The address's transactions from the node's history (ots_searchTransactionsBefore/After), a page at a time,
 * newest first; the pager moves by block, so a link to a page shows the same page later.
 */
export function HistoryPanel({ network, address, cursor, onCursor }: { network: AppNetwork; address: AddressType; cursor: HistoryCursor; onCursor: (cursor: HistoryCursor) => void }) {
  const page = useQuery({ ...addressHistoryQuery(network, address, cursor), placeholderData: (previous) => previous })
  const columns = useMemo(() => historyColumns(network, address), [network, address])
  const rows = page.data?.rows
  const newest = rows?.[0]?.transaction.blockNumber
  const oldest = rows?.at(-1)?.transaction.blockNumber
  if (page.error && !page.data) return <div className="p-4"><ErrorPanel error={page.error} compact onRetry={retryFor(page)} /></div>
  return (
    <div data-testid="history" data-cursor={historyCursorText(cursor) ?? 'newest'} aria-busy={page.isFetching}>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.transaction.hash}
        caption="The address's transactions, newest first"
        empty={<span data-testid="history-empty">No transactions {cursor.kind === 'newest' ? 'sent or received by this address' : 'in this direction'}.</span>}
        testId="history-table"
        rowTestId="history-row"
        rowData={historyRowData}
      />
      <nav aria-label="History pages" className="flex flex-wrap items-center justify-between gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
        <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="history-page-note">
          {rows && rows.length > 0 ? `${rows.length} transactions, blocks ${Number(BigInt(oldest ?? '0x0')).toLocaleString('en-US')} – ${Number(BigInt(newest ?? '0x0')).toLocaleString('en-US')}` : ''}
        </span>
        <span className="flex flex-wrap gap-2">
          {rows && rows.length > 0 && (
            <Button size="sm" onClick={() => saveAs(historyToCsv(rows, address), `${network.name}-${address.toLowerCase()}-transactions-${historyCursorText(cursor) ?? 'newest'}.csv`, 'text/csv')} title="The transactions of this page" data-testid="history-export">
              <DownloadIcon className="size-4" />
              Export page
            </Button>
          )}
          <Button size="sm" disabled={!page.data?.hasNewer || page.isFetching} onClick={() => onCursor({ kind: 'newest' })} data-testid="history-newest">
            Newest
          </Button>
          <Button size="sm" disabled={!page.data?.hasNewer || !newest || page.isFetching} onClick={() => onCursor({ kind: 'after', block: Number(BigInt(newest!)) })} data-testid="history-newer">
            ← Newer
          </Button>
          <Button size="sm" disabled={!page.data?.hasOlder || !oldest || page.isFetching} onClick={() => onCursor({ kind: 'before', block: Number(BigInt(oldest!)) })} data-testid="history-older">
            Older →
          </Button>
          <Button size="sm" disabled={!page.data?.hasOlder || page.isFetching} onClick={() => onCursor({ kind: 'oldest' })} data-testid="history-oldest">
            Oldest
          </Button>
        </span>
      </nav>
    </div>
  )
}
