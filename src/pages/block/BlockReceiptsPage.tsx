import type { Hex } from 'viem'
import { useParams } from 'react-router'
import { hexToBigInt } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import { receiptStatus } from '../../format/receiptStatus.ts'
import { transactionTypeName, transactionTypeShort } from '../../format/transactionType.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { NetworkLabel } from '../../ui/networks/NetworkLabel.tsx'
import { isRetryable } from '../../rpc/errors.ts'
import type { Receipt } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader, type PageStep } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { blockPath, blockReceiptsPath, parseBlockId, type BlockRouteId, type ParsedBlockId } from '../../urls.ts'
import { blockIdHint, describeBlockId } from './fields.ts'
import { useBlockData } from '../../queries/useBlockData.ts'
import { NetworkSubtitle } from '../../ui/networks/NetworkSubtitle.tsx'

/** /block/:id/receipts — eth_getBlockReceipts as a table, every receipt field but the logs themselves. */
export function BlockReceiptsPage() {
  const network = useNetwork()
  const param = useParams().id ?? ''
  const parsed = parseBlockId(param)
  if (!network.capabilities.blockReceipts) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Block receipts" title={`Receipts of block ${param}`} subtitle={<NetworkLabel network={network} />} />
        <MethodUnavailable method="eth_getBlockReceipts" what="A block's receipts in one table" offers={(capabilities) => capabilities.blockReceipts} />
      </div>
    )
  }
  if (!parsed) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Block receipts" title={param} subtitle={<NetworkLabel network={network} />} />
        <NotFoundPanel what="block" query={param} network={network.label} hint={`That is not a block id. ${blockIdHint}`} />
      </div>
    )
  }
  return <ReceiptsView key={`${network.name}/${param}`} network={network} parsed={parsed} param={param} />
}

const muted = 'text-zinc-500 dark:text-zinc-400'

function sum(receipts: readonly Receipt[], pick: (receipt: Receipt) => bigint): bigint {
  return receipts.reduce((total, receipt) => total + pick(receipt), 0n)
}

/** A hex quantity of the receipt written as a grouped integer; the hex stays in data-value for tests. */
function Quantity({ value, testId, className = '' }: { value: Hex; testId: string; className?: string }) {
  return (
    <span className={`tabular-nums ${className}`} data-testid={testId} data-value={value}>
      {formatInteger(hexToBigInt(value))}
    </span>
  )
}

function columns(): Column<Receipt>[] {
  return [
    {
      key: 'index',
      header: '#',
      cell: (receipt) => <Quantity value={receipt.transactionIndex} testId="receipt-index" className="text-zinc-600 dark:text-zinc-300" />,
      className: 'w-10',
      skeletonWidth: 'w-6',
    },
    { key: 'hash', header: 'Transaction', cell: (receipt) => <TxLink hash={receipt.transactionHash} testId="receipt-tx" />, skeletonWidth: 'w-28' },
    { key: 'from', header: 'From', cell: (receipt) => <Address address={receipt.from} copy={false} testId="receipt-from" />, showFrom: 'lg' },
    {
      key: 'to',
      header: 'To / created',
      cell: (receipt) =>
        receipt.to ? (
          <Address address={receipt.to} copy={false} testId="receipt-to" />
        ) : receipt.contractAddress ? (
          <span className="inline-flex items-center gap-1.5">
            <Badge tone="accent">created</Badge>
            <Address address={receipt.contractAddress} copy={false} testId="receipt-created" />
          </span>
        ) : (
          <span className={muted}>—</span>
        ),
      showFrom: 'md',
    },
    {
      key: 'outcome',
      header: 'Status / root',
      cell: (receipt) =>
        receipt.status !== undefined ? (
          <span data-testid="receipt-status" data-value={receipt.status}>
            <StatusBadge status={receiptStatus(receipt)} testId="receipt-status-badge" />
          </span>
        ) : receipt.root ? (
          <span className="inline-flex items-center gap-1.5" data-testid="receipt-root" data-value={receipt.root}>
            <span title="Pre-Byzantium: the receipt carries the post-transaction state root instead of a status.">
              <Badge>root</Badge>
            </span>
            <Hash value={receipt.root} head={6} tail={4} copyLabel="Copy state root" />
          </span>
        ) : (
          <StatusBadge status="unknown" />
        ),
      skeletonWidth: 'w-24',
    },
    {
      key: 'gasUsed',
      header: 'Gas used',
      cell: (receipt) => <Quantity value={receipt.gasUsed} testId="receipt-gas-used" />,
      align: 'right',
    },
    {
      key: 'cumulative',
      header: 'Cumulative gas',
      cell: (receipt) => <Quantity value={receipt.cumulativeGasUsed} testId="receipt-cumulative" className="text-zinc-600 dark:text-zinc-300" />,
      align: 'right',
      showFrom: 'sm',
    },
    {
      key: 'price',
      header: 'Effective gas price',
      cell: (receipt) =>
        receipt.effectiveGasPrice ? (
          <span className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300" data-testid="receipt-price" data-value={receipt.effectiveGasPrice} title={`${formatInteger(hexToBigInt(receipt.effectiveGasPrice))} wei`}>
            {formatGwei(hexToBigInt(receipt.effectiveGasPrice))}
          </span>
        ) : (
          <span className={muted} title="Not in this receipt (nodes from before London leave it out)">
            —
          </span>
        ),
      align: 'right',
      showFrom: 'md',
    },
    {
      key: 'logs',
      header: 'Logs',
      cell: (receipt) => (
        <span className={`tabular-nums ${receipt.logs.length === 0 ? muted : ''}`} data-testid="receipt-logs" data-value={receipt.logs.length}>
          {formatInteger(receipt.logs.length)}
        </span>
      ),
      align: 'right',
    },
    {
      key: 'type',
      header: 'Type',
      cell: (receipt) =>
        receipt.type ? (
          <span title={transactionTypeName(receipt.type)} data-testid="receipt-type" data-value={receipt.type}>
            <Badge>{transactionTypeShort(receipt.type)}</Badge>
          </span>
        ) : (
          <span className={muted}>—</span>
        ),
      showFrom: 'sm',
    },
  ]
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 px-5 py-4">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
      <p className="mt-1 text-lg font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </p>
    </div>
  )
}

function stepTo(number: bigint): PageStep {
  return { to: blockReceiptsPath(number), label: `Receipts of block ${formatInteger(number)}` }
}

function ReceiptsView({ network, parsed, param }: { network: AppNetwork; parsed: ParsedBlockId; param: string }) {
  const data = useBlockData(network, parsed, false)
  const { receipts, block, head } = data
  const pending = data.receiptsSkipped === 'pending'
  const numberHex = block?.number ?? receipts?.[0]?.blockNumber ?? null
  const number = numberHex === null ? null : hexToBigInt(numberHex)
  const blockId: BlockRouteId | null = parsed.kind === 'hash' ? parsed.hash : number

  const prev = number !== null && number > 0n ? stepTo(number - 1n) : number === null ? undefined : null
  const next = number !== null ? (head != null && number >= head ? null : stepTo(number + 1n)) : undefined

  const failed = receipts ? receipts.filter((receipt) => receiptStatus(receipt) === 'failed').length : 0
  const withRoot = receipts ? receipts.filter((receipt) => receipt.root).length : 0

  return (
    <div className="space-y-6" data-testid="receipts-page">
      <PageHeader
        kicker="Block receipts · eth_getBlockReceipts"
        title={<span data-testid="receipts-title">{number !== null ? `Receipts of block ${formatInteger(number)}` : `Receipts of block ${describeBlockId(parsed)}`}</span>}
        subtitle={
          <NetworkSubtitle network={network}>
            {blockId !== null && (
              <>
                <AppLink to={blockPath(blockId)} testId="receipts-block-link">
                  the block&apos;s page
                </AppLink>
              </>
            )}
          </NetworkSubtitle>
        }
        prev={prev}
        next={next}
      />
      {pending ? (
        <Panel className="px-6 py-10 text-center text-sm text-zinc-600 dark:text-zinc-400" testId="receipts-pending">
          The pending block is not sealed, so its transactions have no receipts yet. (eth_getBlockReceipts answers <code className="font-mono">pending</code> with the latest block&apos;s receipts:
          see those at <AppLink to={blockReceiptsPath('latest')}>latest</AppLink>.)
        </Panel>
      ) : data.receiptsError && !receipts ? (
        <ErrorPanel error={data.receiptsError} onRetry={isRetryable(data.receiptsError) ? data.retry : undefined} />
      ) : receipts === null ? (
        <NotFoundPanel
          what="block"
          query={param}
          network={network.label}
          hint={parsed.kind === 'number' && head != null && parsed.number > head ? `The chain's head is block ${formatInteger(head)}: this block is not mined yet.` : 'eth_getBlockReceipts answered null: the node has no such block.'}
        />
      ) : (
        <>
          <Panel className="grid grid-cols-2 divide-zinc-100 sm:grid-cols-4 sm:divide-x dark:divide-zinc-800" testId="receipts-summary">
            <Stat label="Receipts" value={receipts ? formatInteger(receipts.length) : '…'} testId="receipts-count" />
            <Stat label="Gas used" value={receipts ? formatInteger(sum(receipts, (receipt) => hexToBigInt(receipt.gasUsed))) : '…'} testId="receipts-gas" />
            <Stat label="Logs" value={receipts ? formatInteger(receipts.reduce((total, receipt) => total + receipt.logs.length, 0)) : '…'} testId="receipts-logs" />
            <Stat label={withRoot > 0 ? 'With a state root' : 'Failed'} value={receipts ? formatInteger(withRoot > 0 ? withRoot : failed) : '…'} />
          </Panel>
          {withRoot > 0 && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="receipts-prebyzantium">
              These receipts are from before the Byzantium fork: each carries the post-transaction state <code className="font-mono text-[13px]">root</code> instead of a{' '}
              <code className="font-mono text-[13px]">status</code>, so whether a transaction succeeded is not recorded in it.
            </p>
          )}
          <Panel title="Receipts" testId="receipts-panel" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">one eth_getBlockReceipts, in transaction order</span>}>
            <DataTable
              columns={columns()}
              rows={receipts}
              rowKey={(receipt) => receipt.transactionHash}
              caption={`Receipts of block ${param}`}
              empty="This block has no transactions, so no receipts."
              testId="receipts-table"
              rowTestId="receipt-row"
            />
          </Panel>
        </>
      )}
    </div>
  )
}
