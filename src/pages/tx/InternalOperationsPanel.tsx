import { useQuery } from '@tanstack/react-query'
import type { Hash } from 'viem'
import { internalOnly, operationKinds, type TopLevel } from '../../evm/internalOperations.ts'
import { formatEther, formatInteger, formatWei } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { historyMethodsQuery } from '../../networks/otterscan.ts'
import { internalOperationsQuery } from '../../queries/internalOperations.ts'
import type { InternalOperation } from '../../rpc/otterscan.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge, type BadgeTone } from '../../ui/Badge.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { placement, type TransactionData } from './model.ts'
import { FromTo, QuietLine } from './parts.tsx'
import { retryFor } from '../../ui/retryFor.ts'

const kindTones: Record<(typeof operationKinds)[keyof typeof operationKinds], BadgeTone> = {
  transfer: 'accent',
  'self-destruct': 'danger',
  create: 'success',
  create2: 'success',
}

function OperationRow({ operation }: { operation: InternalOperation }) {
  const kind = operationKinds[operation.type]
  const value = BigInt(operation.value)
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-5 py-3 text-sm" data-testid="tx-internal-op" data-kind={kind}>
      <Badge tone={kindTones[kind]}>{kind}</Badge>
      <FromTo
        from={<Address address={operation.from} testId="tx-internal-from" />}
        to={<Address address={operation.to} testId="tx-internal-to" />}
      />
      <span className="ml-auto font-medium tabular-nums" title={`${operation.value} · ${formatWei(value)}`} data-testid="tx-internal-value" data-value={value.toString(10)}>
        {formatEther(value)}
      </span>
    </li>
  )
}

function OperationsList({ network, hash, topLevel }: { network: AppNetwork; hash: Hash; topLevel: TopLevel | null }) {
  const operations = useQuery(internalOperationsQuery(network, hash))
  if (operations.isPending) {
    return (
      <Panel title="Internal ETH transfers" testId="tx-internal">
        <div className="space-y-3 px-5 py-4" aria-busy="true">
          <Skeleton className="block h-4 w-full max-w-xl" />
        </div>
      </Panel>
    )
  }
  if (operations.error) {
    return (
      <Panel title="Internal ETH transfers" testId="tx-internal">
        <div className="p-5">
          <ErrorPanel error={operations.error} onRetry={retryFor(operations)} compact />
        </div>
      </Panel>
    )
  }
  // Without the transaction (a sample may hold only the receipt), the node's list is shown as it came.
  const shown = topLevel ? internalOnly(operations.data, topLevel) : operations.data
  if (shown.length === 0) {
    return <QuietLine testId="tx-internal-none">No internal ETH transfers, self-destructs or contract creations inside this transaction.</QuietLine>
  }
  return (
    <Panel title={`Internal ETH transfers (${formatInteger(shown.length)})`} testId="tx-internal">
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {shown.map((operation, index) => (
          <OperationRow key={index} operation={operation} />
        ))}
      </ol>
    </Panel>
  )
}

/**
 * Ether moved inside a mined transaction — value calls between contracts, self-destructs, creations —
 * from ots_getInternalOperations where the network offers ots_; a quiet line saying so when there are
 * none, and one naming what it needs where ots_ is not offered. Receipts and logs cannot show these: a
 * plain value transfer leaves no log.
 */
export function InternalOperationsPanel({ data }: { data: TransactionData }) {
  const history = useQuery(historyMethodsQuery(data.network))
  const { transaction, receipt } = data
  if (!placement(data) || history.isPending) return null
  if (!history.data?.offered) {
    const why = history.data ? history.data.reason : 'the node could not be asked whether it offers them'
    return (
      <QuietLine testId="tx-internal-unavailable">
        Internal ETH transfers are not shown: they need Otterscan&apos;s ots_getInternalOperations (ots_ API level 8), and {why}.
      </QuietLine>
    )
  }
  const topLevel = transaction ? { from: transaction.from, to: transaction.to, value: transaction.value, contractAddress: receipt?.contractAddress ?? null } : null
  return <OperationsList network={data.network} hash={data.hash} topLevel={topLevel} />
}
