import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { formatInteger } from '../../format/numbers.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { NetworkLabel } from '../../ui/networks/NetworkLabel.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CubeIcon } from '../../ui/icons.tsx'
import { l2aBlockPath, parseL2aBlock } from '../../urls.ts'
import type { L2aRawTransaction } from '../../rpc/l2Schemas.ts'
import { rawBlockQuery } from '../../queries/l2a.ts'
import { RawTransactionCard } from './RawTransactionCard.tsx'
import { formatMillisUtc, isoMillis } from '../../format/time.ts'
import { formatEther } from '../../format/numbers.ts'
import { NetworkSubtitle } from '../../ui/networks/NetworkSubtitle.tsx'
import { retryFor } from '../../ui/retryFor.ts'

const method = 'l2a_getRawBlockTransactions'

function summaryColumns(): Column<L2aRawTransaction>[] {
  return [
    {
      key: 'index',
      header: '#',
      cell: (_, index) => (
        <a href={`#l2a-tx-${index}`} className="tabular-nums text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
          {index}
        </a>
      ),
      className: 'w-12',
    },
    {
      key: 'hash',
      header: 'Canonical hash',
      cell: (tx) => (tx.common_data.L1 ? <Hash value={tx.common_data.L1.canonicalTxHash} copyLabel="Copy hash" /> : <span className="text-zinc-500 dark:text-zinc-400">—</span>),
      skeletonWidth: 'w-32',
    },
    { key: 'serial', header: 'Serial id', cell: (tx) => (tx.common_data.L1 ? <span className="tabular-nums">{formatInteger(tx.common_data.L1.serialId)}</span> : '—'), showFrom: 'md' },
    {
      key: 'origin',
      header: 'Origin',
      cell: (tx) => <Badge tone={tx.common_data.L1 ? 'accent' : 'neutral'}>{tx.common_data.L1 ? 'Layer 1' : (Object.keys(tx.common_data)[0] ?? 'unknown')}</Badge>,
      showFrom: 'sm',
    },
    { key: 'sender', header: 'Sender', cell: (tx) => (tx.common_data.L1 ? <Address address={tx.common_data.L1.sender} /> : '—'), showFrom: 'lg' },
    { key: 'contract', header: 'Contract', cell: (tx) => <Address address={tx.execute.contractAddress} /> },
    { key: 'value', header: 'Value', cell: (tx) => <span className="whitespace-nowrap tabular-nums">{formatEther(BigInt(tx.execute.value), 6)}</span>, align: 'right', showFrom: 'md' },
    {
      key: 'received',
      header: 'Received',
      cell: (tx) => (
        <time dateTime={isoMillis(tx.received_timestamp_ms) ?? undefined} className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300">
          {formatMillisUtc(tx.received_timestamp_ms)}
        </time>
      ),
      align: 'right',
      showFrom: 'sm',
    },
  ]
}

/** /l2a/:block — the raw transactions of one block (l2a_getRawBlockTransactions), every field the spec lists. */
export function L2aBlockPage() {
  const network = useNetwork()
  const param = useParams().block ?? ''
  const block = parseL2aBlock(param)

  if (!network.capabilities.l2aRawBlockTransactions) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Layer-2 raw block" title={block === null ? param : `Block ${formatInteger(block)}`} subtitle={<NetworkLabel network={network} />} />
        <MethodUnavailable method={method} what="Raw layer-2 blocks" offers={(capabilities) => capabilities.l2aRawBlockTransactions} />
      </div>
    )
  }
  if (block === null) {
    return <NotFoundPanel what="block" query={param} network={network.label} hint="A raw layer-2 block is named by its number, a whole number such as 5817." />
  }
  return <L2aBlock block={block} />
}

function L2aBlock({ block }: { block: number }) {
  const network = useNetwork()
  const raw = useQuery(rawBlockQuery(network, block))
  const transactions = raw.data
  const count = transactions?.length

  return (
    <div className="space-y-6" data-testid="l2a-page">
      <PageHeader
        kicker="Layer-2 raw block"
        title={`Block ${formatInteger(block)}`}
        subtitle={
          <NetworkSubtitle network={network} method={method}>
            {count !== undefined && <span>{count === 1 ? '1 transaction' : `${formatInteger(count)} transactions`}</span>}
          </NetworkSubtitle>
        }
        prev={block > 0 ? { to: l2aBlockPath(block - 1), label: `Block ${formatInteger(block - 1)}` } : null}
        next={{ to: l2aBlockPath(block + 1), label: `Block ${formatInteger(block + 1)}` }}
      />
      {raw.error && !transactions ? (
        <ErrorPanel error={raw.error} onRetry={retryFor(raw)} />
      ) : transactions?.length === 0 ? (
        <Panel className="flex flex-col items-center px-6 py-14 text-center" testId="l2a-empty">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <CubeIcon className="size-6" />
          </span>
          <h2 className="mt-4 text-base font-semibold">Block {formatInteger(block)} has no raw transactions</h2>
          <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">The node answered with an empty list: the block holds none, or is not produced yet.</p>
        </Panel>
      ) : (
        <>
          <Panel title="Transactions" testId="l2a-summary">
            <DataTable columns={summaryColumns()} rows={transactions} rowKey={(tx, index) => `${index}:${tx.common_data.L1?.canonicalTxHash ?? ''}`} caption={`Raw transactions of block ${block}`} skeletonRows={2} testId="l2a-table" rowTestId="l2a-row" />
          </Panel>
          {transactions === undefined ? (
            <Panel>
              <InfoListSkeleton rows={10} />
            </Panel>
          ) : (
            transactions.map((transaction, index) => <RawTransactionCard key={index} transaction={transaction} index={index} collapsed={transactions.length > 3 && index > 0} />)
          )}
        </>
      )}
    </div>
  )
}
