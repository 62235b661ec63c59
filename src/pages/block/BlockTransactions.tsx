import { useQueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import type { Hash as HashType } from 'viem'
import { hexToBigInt } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import { receiptStatus } from '../../format/receiptStatus.ts'
import { transactionTypeName, transactionTypeShort } from '../../format/transactionType.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { lackedMethods, subscribeLacks } from '../../networks/lacks.ts'
import { firstScreenReceipts, firstScreenTransactions, transactionHashesOf } from '../../queries/blockPage.ts'
import { readsReceiptsOneByOne } from '../../queries/blocks.ts'
import { isNotRecorded, isRetryable } from '../../rpc/errors.ts'
import type { Block, BlockWithTransactions, Receipt, Transaction } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { Toggle } from '../../ui/Toggle.tsx'
import { MethodBadge } from '../../ui/transactions/MethodBadge.tsx'
import { TransactionFee } from '../../ui/transactions/TransactionFee.tsx'
import { TransactionValue } from '../../ui/transactions/TransactionValue.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { blockReceiptsPath, blockTxPath, type BlockRouteId } from '../../urls.ts'
import { receiptsByHash } from './fields.ts'

export type TransactionDetails = 'hashes' | 'full'

type Row = {
  index: number
  hash: HashType
  transaction: Transaction | undefined
  /** undefined: loading; null: not available (see the panel's note). */
  receipt: Receipt | null | undefined
}

type BlockTransactionsProps = {
  block: Block | BlockWithTransactions
  fullBlock: BlockWithTransactions | null | undefined
  details: TransactionDetails
  onDetailsChange: (details: TransactionDetails) => void
  receipts: Receipt[] | null | undefined
  receiptsError: Error | null
  receiptsSkipped: 'pending' | 'unsupported' | null
  onRetryReceipts: () => void
  /** How links to a transaction by position name this block: its number, its hash, or `pending`. */
  linkId: BlockRouteId
}

const muted = 'text-zinc-500 dark:text-zinc-400'

/**
 * Each row is one line: the hash's copy button (28 px) is its tallest cell, inside the cells' 12 px padding
 * top and bottom, under the row's 1 px border. A fixed height lets the table skip measuring rows.
 */
const rowHeight = 1 + 12 + 28 + 12

function Dash() {
  return <span className={muted}>—</span>
}

function GasUsedCell({ receipt }: { receipt: Receipt | null | undefined }) {
  if (receipt === undefined) return <Skeleton className="h-4 w-16" />
  if (receipt === null) return <Dash />
  return (
    <span className="tabular-nums" data-testid="tx-gas-used" data-value={hexToBigInt(receipt.gasUsed).toString(10)}>
      {formatInteger(hexToBigInt(receipt.gasUsed))}
    </span>
  )
}

function StatusCell({ receipt, pending }: { receipt: Receipt | null | undefined; pending: boolean }) {
  if (pending) return <StatusBadge status="pending" testId="tx-status" />
  if (receipt === undefined) return <Skeleton className="h-5 w-20" />
  if (receipt === null) return <Dash />
  return <StatusBadge status={receiptStatus(receipt)} testId="tx-status" />
}

/** Sender and recipient: from the full transaction when there, else from the receipt (which carries both). */
function Parties({ row }: { row: Row }) {
  const from = row.transaction?.from ?? row.receipt?.from
  const to = row.transaction ? row.transaction.to : row.receipt ? row.receipt.to : undefined
  const created = row.receipt?.contractAddress ?? null
  if (from === undefined) return row.receipt === null ? <Dash /> : <Skeleton className="h-4 w-48" />
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Address address={from} copy={false} testId="tx-from" />
      <span className={muted} aria-label="to">
        →
      </span>
      {to ? (
        <Address address={to} copy={false} testId="tx-to" />
      ) : created ? (
        <span className="inline-flex items-center gap-1">
          <Badge tone="accent">create</Badge>
          <Address address={created} copy={false} testId="tx-created" />
        </span>
      ) : to === null ? (
        <Badge tone="accent">contract creation</Badge>
      ) : (
        <Skeleton className="h-4 w-20" />
      )}
    </span>
  )
}

/**
 * A block's transactions: hashes or full objects (the transaction-details flag), each with its status and
 * gas used from the block's one eth_getBlockReceipts. Past 100 rows the table renders only what is in view.
 */
export function BlockTransactions({ block, fullBlock, details, onDetailsChange, receipts, receiptsError, receiptsSkipped, onRetryReceipts, linkId }: BlockTransactionsProps) {
  const network = useNetwork()
  const queryClient = useQueryClient()
  const pending = receiptsSkipped === 'pending'
  // Re-rendered when the node turns out to lack eth_getBlockReceipts (networks/lacks.ts).
  useSyncExternalStore(subscribeLacks, () => lackedMethods(network), () => lackedMethods(network))
  const oneByOne = readsReceiptsOneByOne(network)
  // A recorded sample without this block's receipts: the columns only receipts fill are left out, not dashed.
  const receiptsNotRecorded = isNotRecorded(receiptsError)
  const hashes = transactionHashesOf(block)
  const byHash = receiptsByHash(receipts)
  // A long block's first rows have their receipts before the block's (the server's first screen read those
  // alone, queries/blockPage.ts): shown until the block's arrive, which then fill every row.
  const early = byHash || receiptsError ? undefined : firstScreenReceipts(queryClient, network, hashes)
  const receiptOf = (hash: string): Receipt | null | undefined => {
    if (receiptsSkipped !== null || receipts === null || receiptsError) return null
    if (!byHash) return early?.get(hash.toLowerCase())
    return byHash.get(hash.toLowerCase()) ?? null
  }

  // Likewise their transactions, before the block's full ones: those rows are whole, the others wait.
  const earlyTransactions = details === 'full' && !fullBlock ? firstScreenTransactions(queryClient, network, hashes) : undefined
  const rows: Row[] | undefined =
    details === 'full'
      ? fullBlock
        ? fullBlock.transactions.map((transaction, index) => ({ index, hash: transaction.hash, transaction, receipt: receiptOf(transaction.hash) }))
        : earlyTransactions && hashes.map((hash, index) => ({ index, hash, transaction: earlyTransactions.get(hash.toLowerCase()), receipt: receiptOf(hash) }))
      : hashes.map((hash, index) => ({ index, hash, transaction: undefined, receipt: receiptOf(hash) }))

  const columns: Column<Row>[] = [
    {
      key: 'index',
      header: '#',
      cell: (row) => (
        <AppLink to={blockTxPath(linkId, row.index)} testId="tx-index" title={`Transaction ${row.index} of this block`} className="tabular-nums text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
          {row.index}
        </AppLink>
      ),
      className: 'w-12',
      skeletonWidth: 'w-6',
    },
    {
      key: 'hash',
      header: 'Transaction',
      cell: (row) => <TxLink hash={row.hash} testId="tx-hash" />,
      skeletonWidth: 'w-28',
    },
    ...(details === 'full'
      ? ([
          {
            key: 'method',
            header: 'Method',
            cell: (row) => (row.transaction ? <MethodBadge input={row.transaction.input} to={row.transaction.to} testId="tx-method" /> : <Skeleton className="h-5 w-20" />),
            showFrom: 'sm',
          },
          {
            key: 'type',
            header: 'Type',
            cell: (row) => {
              if (!row.transaction) return <Skeleton className="h-5 w-10" />
              const type = row.transaction.type ?? '0x0'
              return (
                <span title={transactionTypeName(type)} data-testid="tx-type">
                  <Badge>{transactionTypeShort(type)}</Badge>
                </span>
              )
            },
            showFrom: 'lg',
          },
        ] satisfies Column<Row>[])
      : []),
    ...(receiptsNotRecorded && details === 'hashes' ? [] : ([{ key: 'parties', header: 'From → To', cell: (row) => <Parties row={row} />, showFrom: 'md', skeletonWidth: 'w-48' }] satisfies Column<Row>[])),
    ...(details === 'full'
      ? ([
          {
            key: 'value',
            header: 'Value',
            cell: (row) =>
              row.transaction ? <TransactionValue network={network} value={row.transaction.value} logs={row.receipt?.logs} testId="tx-value" /> : <Skeleton className="h-4 w-20" />,
            align: 'right',
          },
          {
            key: 'price',
            header: 'Gas price',
            cell: (row) => {
              const price = row.receipt?.effectiveGasPrice ?? row.transaction?.gasPrice
              return price ? (
                <span className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300" title={row.receipt?.effectiveGasPrice ? 'Effective gas price (receipt)' : 'Gas price (transaction)'}>
                  {formatGwei(hexToBigInt(price))}
                </span>
              ) : row.transaction ? (
                <Dash />
              ) : (
                <Skeleton className="h-4 w-16" />
              )
            },
            align: 'right',
            showFrom: 'lg',
          },
        ] satisfies Column<Row>[])
      : []),
    ...(receiptsNotRecorded
      ? []
      : ([
          { key: 'status', header: 'Status', cell: (row) => <StatusCell receipt={row.receipt} pending={pending} />, skeletonWidth: 'w-20' },
          { key: 'gasUsed', header: 'Gas used', cell: (row) => <GasUsedCell receipt={pending ? null : row.receipt} />, align: 'right', skeletonWidth: 'w-16', showFrom: 'md' },
          {
            key: 'fee',
            header: 'Fee',
            cell: (row) => (row.receipt === undefined && !pending ? <Skeleton className="h-4 w-20" /> : <TransactionFee receipt={pending ? null : row.receipt} gasPrice={row.transaction?.gasPrice} testId="tx-fee" />),
            align: 'right',
            skeletonWidth: 'w-20',
            showFrom: 'sm',
          },
        ] satisfies Column<Row>[])),
  ]

  const count = block.transactions.length
  return (
    <Panel
      testId="block-transactions"
      title={
        <span className="inline-flex items-center gap-2">
          Transactions
          <Badge testId="block-tx-count">{formatInteger(count)}</Badge>
        </span>
      }
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {receiptsSkipped === null && !receiptsError && (
            <AppLink to={blockReceiptsPath(linkId)} className="text-xs font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300" testId="block-receipts-link">
              All receipts →
            </AppLink>
          )}
          <Toggle
            label="Transaction details"
            value={details}
            onChange={onDetailsChange}
            testId="tx-details"
            options={[
              { value: 'full', label: 'Full objects', title: 'eth_getBlockBy… with the transaction-details flag true: full transaction objects' },
              { value: 'hashes', label: 'Hashes', title: 'eth_getBlockBy… with the transaction-details flag false: hashes only' },
            ]}
          />
        </div>
      }
    >
      {receiptsNotRecorded && (
        <div className="border-b border-zinc-100 p-4 dark:border-zinc-800" data-testid="block-receipts-not-recorded">
          <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
            This block&apos;s receipts are not in the recording, so its transactions are listed without status, gas used and fee{details === 'hashes' ? ', or sender and recipient' : ''}.
          </p>
          <ErrorPanel error={receiptsError} compact />
        </div>
      )}
      {receiptsError && !receiptsNotRecorded && (
        <div className="border-b border-zinc-100 p-4 dark:border-zinc-800">
          <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">The block&apos;s receipts could not be read, so status and gas used are not shown.</p>
          <ErrorPanel error={receiptsError} compact onRetry={isRetryable(receiptsError) ? onRetryReceipts : undefined} />
        </div>
      )}
      {receiptsSkipped === null && oneByOne && (
        <p className="border-b border-zinc-100 px-5 py-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400" data-testid="block-receipts-fallback">
          {network.label} does not offer <code className="font-mono">eth_getBlockReceipts</code>: each transaction&apos;s receipt was read instead
          ({block.transactions.length === 1 ? 'one call' : `${block.transactions.length.toLocaleString('en-US')} calls`}, in one batch{block.transactions.length > network.capabilities.maxBatchSize ? ' per ' + network.capabilities.maxBatchSize.toLocaleString('en-US') : ''}).
        </p>
      )}
      {receiptsSkipped === 'unsupported' && (
        <p className="border-b border-zinc-100 px-5 py-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          {network.label} does not offer eth_getBlockReceipts, so status and gas used are on each transaction&apos;s page.
        </p>
      )}
      {details === 'hashes' && !receiptsNotRecorded && (
        <p className="border-b border-zinc-100 px-5 py-2.5 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400" data-testid="block-tx-hashes-note">
          Hashes only: method and value come with <span className="font-medium text-zinc-700 dark:text-zinc-300">Full objects</span>; fee and status come from the block&apos;s receipts.
        </p>
      )}
      {pending && (
        <p className="border-b border-zinc-100 px-5 py-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          The pending block is not sealed: its transactions have no receipts yet.
        </p>
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.index}:${row.hash}`}
        caption={`Transactions of the block (${details === 'full' ? 'full objects' : 'hashes'})`}
        empty="This block has no transactions."
        testId="block-tx-table"
        rowTestId="block-tx-row"
        rowHeight={rowHeight}
      />
    </Panel>
  )
}
