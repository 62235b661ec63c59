import { useQuery } from '@tanstack/react-query'
import type { Abi } from 'viem'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useHistoryMethods } from '../../networks/otterscan.ts'
import { failureReasonQuery, type FailureReason } from '../../queries/failureReason.ts'
import type { Receipt, Transaction } from '../../rpc/schemas.ts'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { RevertDetails } from '../call/RevertDetails.tsx'

/** gasUsed equal to the gas limit: the transaction most likely ran out of gas (a revert leaves gas unused). */
export function usedAllGas(transaction: Transaction, receipt: Receipt): boolean {
  return BigInt(receipt.gasUsed) >= BigInt(transaction.gas)
}

function Source({ reason }: { reason: FailureReason }) {
  if (reason.source === 'history') {
    return (
      <Badge tone="neutral" title="ots_getTransactionError: the revert payload the node kept for this transaction" testId="tx-failure-source">
        from the node&apos;s history (ots_getTransactionError)
      </Badge>
    )
  }
  return (
    <Badge tone="warning" title="eth_call with the transaction's from, to, value, input and gas, at the end of its parent block" testId="tx-failure-source">
      replayed as eth_call at block {formatInteger(BigInt(reason.block))}
    </Badge>
  )
}

function OutOfGas({ transaction, receipt }: { transaction: Transaction; receipt: Receipt }) {
  return (
    <p className="px-5 py-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="tx-failure-out-of-gas">
      It used all the gas it was given ({formatInteger(BigInt(receipt.gasUsed))} of {formatInteger(BigInt(transaction.gas))}): it most likely ran out of gas.
    </p>
  )
}

function Explanation({ reason, transaction, receipt, abi }: { reason: FailureReason; transaction: Transaction; receipt: Receipt; abi: Abi }) {
  const outOfGas = usedAllGas(transaction, receipt)
  if (reason.source === 'history') {
    if (reason.data === '0x' && outOfGas) return <OutOfGas transaction={transaction} receipt={receipt} />
    return <RevertDetails message={null} code={null} data={reason.data} abi={abi} />
  }
  const caveat = (
    <p className="border-b border-zinc-100 px-5 py-2.5 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400" data-testid="tx-failure-replay-note">
      This node keeps no revert payloads, so the call was run again on the state at the end of block <BlockLink number={BigInt(reason.block)} copy={false} />. Transactions
      before it in its own block are not replayed: where they changed what it read, the answer can differ.
    </p>
  )
  if (reason.outcome === 'reverted') {
    return (
      <>
        {caveat}
        <RevertDetails message={reason.message} code={reason.code} data={reason.data} abi={abi} />
      </>
    )
  }
  if (reason.outcome === 'succeeded') {
    return (
      <>
        {caveat}
        {outOfGas ? (
          <OutOfGas transaction={transaction} receipt={receipt} />
        ) : (
          <p className="px-5 py-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="tx-failure-replay-succeeded">
            The replay did not fail: the failure depended on state that its block changed before it ran (an earlier transaction in the same block).
          </p>
        )}
      </>
    )
  }
  return (
    <>
      {caveat}
      <p className="px-5 py-3 text-sm text-zinc-700 dark:text-zinc-300" data-testid="tx-failure-refused">
        The node refused the replay (code {reason.code}): <span className="font-mono text-[13px]">{reason.message}</span>
      </p>
    </>
  )
}

/**
 * Why a failed transaction failed, near the top of its page: the revert payload from the node's history where it
 * keeps one, else a replay; decoded as the Call page decodes a revert (Error, Panic, custom errors the ABIs know).
 */
export function FailurePanel({ network, transaction, receipt, abi }: { network: AppNetwork; transaction: Transaction; receipt: Receipt; abi: Abi }) {
  const history = useHistoryMethods(network)
  const reason = useQuery({ ...failureReasonQuery(network, transaction, history?.offered === true), enabled: history !== undefined })
  return (
    <Panel title="Why it failed" testId="tx-failure" actions={reason.data ? <Source reason={reason.data} /> : undefined}>
      {reason.data ? (
        <Explanation reason={reason.data} transaction={transaction} receipt={receipt} abi={abi} />
      ) : reason.error ? (
        <div className="p-4">
          <ErrorPanel error={reason.error} compact onRetry={() => void reason.refetch()} />
        </div>
      ) : (
        <div className="space-y-3 px-5 py-4" aria-busy="true">
          <Skeleton className="block h-4 w-64" />
          <Skeleton className="block h-4 w-96 max-w-full" />
        </div>
      )}
    </Panel>
  )
}
