import { receiptStatus } from '../../format/receiptStatus.ts'
import { transactionTypeShort } from '../../format/transactionType.ts'
import { AppLink, linkClass } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { ClockIcon } from '../../ui/pageIcons.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { getAddress, type Abi } from 'viem'
import { useNames } from '../../queries/names.ts'
import { AccessListPanel, AuthorizationListPanel } from './AccessListPanel.tsx'
import { CallTracePanel } from './CallTracePanel.tsx'
import { StateChangesPanel } from './StateChangesPanel.tsx'
import { FailurePanel } from './FailurePanel.tsx'
import { InternalOperationsPanel } from './InternalOperationsPanel.tsx'
import { TokenTransfersPanel } from './TokenTransfersPanel.tsx'
import { GasPanel } from './GasPanel.tsx'
import { InputPanel, SignaturePanel } from './InputPanel.tsx'
import { LogsPanel } from './LogsPanel.tsx'
import { isPending, type TransactionData } from './model.ts'
import { OverviewPanel } from './OverviewPanel.tsx'
import { ReceiptPanel } from './ReceiptPanel.tsx'

/**
 * The call console's simulation of a mined transaction: its sender, recipient, value, input and gas, on the state
 * at the end of the block before its own (the transactions before it in its block are not replayed), ready to
 * change and run again.
 */
export function simulationLink(transaction: NonNullable<TransactionData['transaction']>): string | null {
  if (transaction.blockNumber === null) return null
  const params = new URLSearchParams({ method: 'simulate', from: getAddress(transaction.from) })
  if (transaction.to) params.set('to', getAddress(transaction.to))
  params.set('value', transaction.value)
  params.set('data', transaction.input)
  params.set('gas', transaction.gas)
  params.set('block', String(BigInt(transaction.blockNumber) > 0n ? BigInt(transaction.blockNumber) - 1n : 0n))
  return `/call?${params}`
}

/** The badges beside a transaction's title: its outcome and its type; and the way to simulate it with changes. */
export function TransactionBadges({ data }: { data: TransactionData }) {
  const type = data.transaction?.type ?? data.receipt?.type
  const pending = isPending(data)
  const simulate = data.transaction ? simulationLink(data.transaction) : null
  return (
    <div className="flex flex-wrap items-center gap-2">
      {(data.receipt !== undefined || pending) && <StatusBadge status={receiptStatus(data.receipt ?? null)} testId="tx-header-status" />}
      {type && (
        <Badge tone="accent" testId="tx-header-type">
          {transactionTypeShort(type)}
        </Badge>
      )}
      {simulate && (
        <AppLink to={simulate} className={`${linkClass} text-sm font-medium`} testId="tx-simulate" title="Open this transaction in the call console as a simulation on the block before it, to change its fields, state or block and run it again">
          Simulate with changes
        </AppLink>
      )}
    </div>
  )
}

function PendingBanner() {
  return (
    <div role="status" data-testid="tx-pending" className="flex items-start gap-3 rounded-xl bg-amber-50/80 p-4 text-sm ring-1 ring-amber-200 dark:bg-amber-950/30 dark:ring-amber-900/60">
      <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-600 motion-safe:animate-pulse dark:text-amber-400" />
      <div>
        <p className="font-semibold text-amber-900 dark:text-amber-200">Pending: known to the node, not in a block yet</p>
        <p className="mt-1 text-amber-900/80 dark:text-amber-200/80">
          It has no block, position or receipt until it is mined. This page keeps asking for its receipt and turns into the mined transaction by itself.
        </p>
      </div>
    </div>
  )
}

function PanelSkeleton({ title, rows }: { title: string; rows: number }) {
  return (
    <Panel title={title}>
      <div className="space-y-4 px-5 py-4" aria-busy="true">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} className="block h-4 w-full max-w-md" />
        ))}
      </div>
    </Panel>
  )
}

type TransactionViewProps = {
  data: TransactionData
  onRetryTransaction?: () => void
  onRetryReceipt?: () => void
}

const noAbi: Abi = []

/**
 * Every field of the transaction and of its receipt, raw and decoded, in panels: the tokens it moved and why
 * it failed first, then overview, internal transfers, gas and fees, input and signature, access list,
 * receipt, logs. Works from whichever of the two the node gave.
 */
export function TransactionView({ data, onRetryTransaction, onRetryReceipt }: TransactionViewProps) {
  const { transaction, receipt } = data
  // A failed transaction's custom errors decode with every ABI the app knows: the deployment's own and the table.
  const names = useNames(data.network)
  const pending = isPending(data)
  const authorizations = transaction?.authorizationList
  return (
    <div className="space-y-6">
      {pending && <PendingBanner />}
      {data.transactionError != null && transaction == null && (
        <ErrorPanel error={data.transactionError} onRetry={onRetryTransaction} compact />
      )}
      <TokenTransfersPanel data={data} />
      <FailurePanel data={data} abi={names?.errorsAbi() ?? noAbi} />
      <OverviewPanel data={data} />
      <InternalOperationsPanel data={data} />
      <CallTracePanel data={data} />
      <StateChangesPanel data={data} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <GasPanel data={data} />
        {transaction ? <SignaturePanel transaction={transaction} /> : transaction === undefined ? <PanelSkeleton title="Signature" rows={5} /> : null}
      </div>
      {transaction ? <InputPanel network={data.network} transaction={transaction} /> : transaction === undefined ? <PanelSkeleton title="Input data" rows={3} /> : null}
      {transaction?.accessList && <AccessListPanel accessList={transaction.accessList} />}
      {authorizations && authorizations.length > 0 && <AuthorizationListPanel authorizations={authorizations} />}
      {data.receiptError != null && !receipt && <ErrorPanel error={data.receiptError} onRetry={onRetryReceipt} compact />}
      {receipt ? (
        <>
          <LogsPanel network={data.network} logs={receipt.logs} />
          <ReceiptPanel receipt={receipt} />
        </>
      ) : receipt === undefined && data.receiptError == null ? (
        <PanelSkeleton title="Logs" rows={4} />
      ) : null}
    </div>
  )
}
