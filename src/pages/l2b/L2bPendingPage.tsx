import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { formatEther, formatInteger } from '../../format/numbers.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { NetworkLabel } from '../../ui/networks/NetworkLabel.tsx'
import type { L2bPendingTransaction } from '../../rpc/l2Schemas.ts'
import { Badge } from '../../ui/Badge.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Toggle } from '../../ui/Toggle.tsx'
import { useNow } from '../../ui/useNow.ts'
import { pendingQuery, pendingRefreshMs } from '../../queries/l2b.ts'
import { feltText, selectorName } from './selectors.ts'
import { NetworkSubtitle } from '../../ui/networks/NetworkSubtitle.tsx'
import { retryFor } from '../../ui/retryFor.ts'

const method = 'l2b_pendingTransactions'

const missing = <span className="text-zinc-500 dark:text-zinc-400">—</span>

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={`size-4 ${spinning ? 'motion-safe:animate-spin' : ''}`}>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
      <path d="M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
      <path d="M20 20v-4h-4" />
    </svg>
  )
}

/** A hex quantity as a decimal, the hex beneath. */
function Quantity({ value, testId }: { value: string | undefined; testId?: string }) {
  if (value === undefined) return missing
  return (
    <span className="tabular-nums" data-testid={testId} data-value={value}>
      {formatInteger(BigInt(value))}
    </span>
  )
}

function Selector({ value, short, testId }: { value: string | undefined; short: boolean; testId?: string }) {
  if (value === undefined) return missing
  const name = selectorName(value)
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-1.5">
      {name && <Badge tone="accent">{name}</Badge>}
      <Hash value={value} short={short} copyLabel="Copy selector" testId={testId} />
    </span>
  )
}

function columns(): Column<L2bPendingTransaction>[] {
  return [
    {
      key: 'index',
      header: '#',
      cell: (_, index) => (
        <a href={`#l2b-tx-${index}`} className="tabular-nums text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
          {index}
        </a>
      ),
      className: 'w-10',
    },
    { key: 'type', header: 'type', cell: (tx) => <Badge tone="accent">{tx.type}</Badge> },
    { key: 'transaction_hash', header: 'transaction_hash', cell: (tx) => <Hash value={tx.transaction_hash} copyLabel="Copy hash" />, skeletonWidth: 'w-32' },
    {
      key: 'max_fee',
      header: 'max_fee',
      cell: (tx) => (tx.max_fee === undefined ? missing : <span className="whitespace-nowrap tabular-nums">{formatEther(BigInt(tx.max_fee), 6)}</span>),
      align: 'right',
    },
    { key: 'version', header: 'version', cell: (tx) => <Quantity value={tx.version} />, align: 'right', showFrom: 'md' },
    { key: 'nonce', header: 'nonce', cell: (tx) => <Quantity value={tx.nonce} />, align: 'right', showFrom: 'md' },
    { key: 'contract_address', header: 'contract_address', cell: (tx) => (tx.contract_address === undefined ? missing : <Hash value={tx.contract_address} copyLabel="Copy address" />), showFrom: 'lg' },
    { key: 'entry_point_selector', header: 'entry_point_selector', cell: (tx) => <Selector value={tx.entry_point_selector} short />, showFrom: 'lg' },
    { key: 'signature', header: 'signature', cell: (tx) => (tx.signature === undefined ? missing : <Badge>{tx.signature.length} felts</Badge>), showFrom: 'sm' },
    { key: 'calldata', header: 'calldata', cell: (tx) => (tx.calldata === undefined ? missing : <Badge>{tx.calldata.length} felts</Badge>), align: 'right', showFrom: 'sm' },
  ]
}

/** An array of felts, every one in full with its position and a copy button. */
function FeltList({ values, testId }: { values: readonly string[] | undefined; testId: string }) {
  if (values === undefined) return missing
  if (values.length === 0) return <span className="text-zinc-500 dark:text-zinc-400">empty</span>
  return (
    <ol className="w-full divide-y divide-zinc-100 overflow-hidden rounded-lg ring-1 ring-inset ring-zinc-200/80 dark:divide-zinc-800 dark:ring-zinc-800">
      {values.map((value, index) => (
        <li key={index} className="flex min-w-0 items-center gap-3 bg-zinc-50/60 px-3 py-1 dark:bg-zinc-950/40">
          <span className="w-6 shrink-0 text-right font-mono text-[11px] text-zinc-500 dark:text-zinc-400 tabular-nums">{index}</span>
          <Hash value={value} short={false} copyLabel={`Copy element ${index}`} testId={`${testId}-${index}`} />
          {feltText(value) !== null && (
            <span className="ml-auto hidden min-w-0 truncate text-xs text-zinc-500 md:inline dark:text-zinc-400" title="The element read as a short string">
              “{feltText(value)}”
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}

function PendingCard({ transaction, index }: { transaction: L2bPendingTransaction; index: number }) {
  const prefix = `l2b-tx-${index}`
  const rows: Array<{ key: string; value: ReactNode; raw?: string | null; help: string }> = [
    { key: 'type', help: 'The transaction kind', value: <Badge tone="accent">{transaction.type}</Badge> },
    { key: 'transaction_hash', help: 'The transaction hash', value: <Hash value={transaction.transaction_hash} short={false} copyLabel="Copy hash" /> },
    {
      key: 'max_fee',
      help: 'The most the sender pays in fees, in wei',
      value: transaction.max_fee === undefined ? missing : formatEther(BigInt(transaction.max_fee)),
      raw: transaction.max_fee,
    },
    { key: 'version', help: 'The transaction version', value: <Quantity value={transaction.version} />, raw: transaction.version },
    { key: 'signature', help: 'The signature, as field elements', value: <FeltList values={transaction.signature} testId={`${prefix}-signature`} /> },
    { key: 'nonce', help: "The sender's nonce", value: <Quantity value={transaction.nonce} />, raw: transaction.nonce },
    { key: 'contract_address', help: 'The account contract the transaction invokes', value: transaction.contract_address === undefined ? missing : <Hash value={transaction.contract_address} short={false} copyLabel="Copy address" /> },
    { key: 'entry_point_selector', help: 'The function called on the contract', value: <Selector value={transaction.entry_point_selector} short={false} /> },
    { key: 'calldata', help: 'The arguments, as field elements', value: <FeltList values={transaction.calldata} testId={`${prefix}-calldata`} /> },
  ]
  return (
    <section id={prefix} data-testid={prefix} data-hash={transaction.transaction_hash} className="scroll-mt-24 rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-100 px-5 py-3.5 dark:border-zinc-800">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Pending transaction {index}</h2>
        <Badge tone="accent">{transaction.type}</Badge>
        <Hash value={transaction.transaction_hash} head={6} tail={6} copy={false} />
      </header>
      <InfoList>
        {rows.map((row) => (
          <InfoRow key={row.key} label={<code className="font-mono text-[13px]">{row.key}</code>} help={row.help} raw={row.raw} testId={`${prefix}-${row.key}`}>
            {row.value}
          </InfoRow>
        ))}
      </InfoList>
    </section>
  )
}

/** /l2b/pending — l2b_pendingTransactions, every key the spec lists, refreshed every few seconds and on demand. */
export function L2bPendingPage() {
  const network = useNetwork()
  if (!network.capabilities.l2bPendingTransactions) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Layer-2 pending pool" title="Pending transactions" subtitle={<NetworkLabel network={network} />} />
        <MethodUnavailable method={method} what="Pending layer-2 transactions" offers={(capabilities) => capabilities.l2bPendingTransactions} />
      </div>
    )
  }
  return <PendingList />
}

function PendingList() {
  const network = useNetwork()
  const [live, setLive] = useState<'live' | 'paused'>('live')
  const pending = useQuery({ ...pendingQuery(network), refetchInterval: live === 'live' ? pendingRefreshMs : false })
  const now = useNow()
  const transactions = pending.data
  const updatedAgo = pending.dataUpdatedAt > 0 ? Math.max(0, Math.floor((now - pending.dataUpdatedAt) / 1000)) : null

  return (
    <div className="space-y-6" data-testid="l2b-page">
      <PageHeader
        kicker="Layer-2 pending pool"
        title="Pending transactions"
        subtitle={<NetworkSubtitle network={network} method={method} />}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400" data-testid="l2b-updated" aria-live="polite">
              {pending.isFetching ? 'Refreshing…' : updatedAgo === null ? 'Not loaded yet' : `Updated ${updatedAgo} s ago`}
              {live === 'live' ? ` · every ${pendingRefreshMs / 1000} s` : ' · paused'}
            </span>
            <Toggle
              label="Automatic refresh"
              value={live}
              onChange={setLive}
              testId="l2b-live"
              options={[
                { value: 'live', label: 'Live', title: `Ask again every ${pendingRefreshMs / 1000} seconds` },
                { value: 'paused', label: 'Paused', title: 'Keep this list until you refresh' },
              ]}
            />
            <button
              type="button"
              data-testid="l2b-refresh"
              onClick={() => void pending.refetch()}
              disabled={pending.isFetching}
              className="inline-flex h-9 items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-zinc-700 shadow-sm ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-50 disabled:cursor-wait dark:bg-zinc-900 dark:text-zinc-200 dark:ring-zinc-800 dark:hover:bg-zinc-800"
            >
              <RefreshIcon spinning={pending.isFetching} />
              Refresh
            </button>
          </div>
        }
      />
      {pending.error && !transactions ? (
        <ErrorPanel error={pending.error} onRetry={retryFor(pending)} />
      ) : (
        <>
          {pending.error && transactions && <ErrorPanel compact error={pending.error} />}
          <Panel
            title={transactions === undefined ? 'Pending' : `${formatInteger(transactions.length)} pending`}
            actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">Every key of each transaction; the full values are below the table.</span>}
            testId="l2b-summary"
          >
            <DataTable
              columns={columns()}
              rows={transactions}
              rowKey={(tx) => tx.transaction_hash}
              caption="Pending layer-2 transactions"
              empty="No pending transactions right now."
              skeletonRows={3}
              testId="l2b-table"
              rowTestId="l2b-row"
            />
          </Panel>
          {transactions?.map((transaction, index) => <PendingCard key={transaction.transaction_hash} transaction={transaction} index={index} />)}
        </>
      )}
    </div>
  )
}
