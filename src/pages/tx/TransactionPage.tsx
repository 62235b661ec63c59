import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import type { Hash } from 'viem'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { transactionQuery } from '../../queries/transactions.ts'
import { HashTitle } from '../../ui/HashTitle.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { TransactionBadges, TransactionView } from './TransactionView.tsx'
import { TransactionSkeleton } from './TransactionSkeleton.tsx'
import { pendingRefetch, useTransactionData } from './useTransactionData.ts'
import { parseTransactionHash } from '../../urls.ts'
import { retryFor } from '../../ui/retryFor.ts'

const placeholderHash = `0x${'0'.repeat(64)}` as Hash


export function TransactionTitle({ hash }: { hash: string }) {
  return (
    <HashTitle value={hash} copyLabel="Copy transaction hash" testId="tx-title-hash" />
  )
}

/** /tx/:hash — a transaction by its hash (eth_getTransactionByHash) with its receipt, asked together. */
export function TransactionPage() {
  const network = useNetwork()
  const param = useParams().hash
  const hash = parseTransactionHash(param)
  const transaction = useQuery({
    ...transactionQuery(network, hash ?? placeholderHash),
    enabled: hash !== null && network.capabilities.ethMethods,
    refetchInterval: pendingRefetch,
  })
  const { data, receipt } = useTransactionData(network, hash !== null && network.capabilities.ethMethods ? hash : null, transaction)

  if (!network.capabilities.ethMethods) {
    return <MethodUnavailable method="eth_getTransactionByHash" offers={(capabilities) => capabilities.ethMethods} what="Transactions by hash" />
  }
  if (hash === null || data === null) {
    return (
      <NotFoundPanel
        what="transaction"
        query={param ?? ''}
        network={network.label}
        hint="That is not a transaction hash: a transaction hash is 0x followed by 64 hex digits."
        testId="tx-not-found"
      />
    )
  }

  const header = <PageHeader kicker="Transaction" title={<TransactionTitle hash={hash} />} actions={<TransactionBadges data={data} />} />

  // The transaction could not be read: its receipt (a recorded sample may hold only that) is still worth showing.
  if (transaction.error && data.receipt == null) {
    const waiting = data.receipt === undefined && !receipt.error
    return (
      <div className="space-y-6">
        {header}
        {waiting ? <TransactionSkeleton /> : <ErrorPanel error={transaction.error} onRetry={retryFor(transaction)} />}
      </div>
    )
  }
  if (data.transaction === null && data.receipt === null) {
    return (
      <NotFoundPanel
        what="transaction"
        query={hash}
        network={network.label}
        hint="Neither the transaction nor a receipt is known to this node. One sent a moment ago may not have reached it yet; or it is on another network."
        testId="tx-not-found"
      />
    )
  }
  if (data.transaction === undefined && data.receipt === undefined) {
    return (
      <div className="space-y-6">
        {header}
        <TransactionSkeleton />
      </div>
    )
  }
  return (
    <div className="space-y-6">
      {header}
      <TransactionView data={data} onRetryTransaction={retryFor(transaction)} onRetryReceipt={retryFor(receipt)} />
    </div>
  )
}
