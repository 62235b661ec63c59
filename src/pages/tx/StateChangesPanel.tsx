import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Hex } from 'viem'
import { tracingSupportQuery } from '../../networks/tracing.ts'
import { useNames } from '../../queries/names.ts'
import { stateDiffQuery } from '../../queries/traces.ts'
import { isRetryable } from '../../rpc/errors.ts'
import { Button } from '../../ui/Button.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { StateChangesView } from '../../ui/trace/StateChangesView.tsx'
import { placement, type TransactionData } from './model.ts'
import { Note } from './parts.tsx'

function StateBody({ data }: { data: TransactionData }) {
  const { network, hash, transaction, receipt } = data
  const support = useQuery(tracingSupportQuery(network))
  const offered = support.data?.prestateTracer.offered === true
  const diff = useQuery({ ...stateDiffQuery(network, hash), enabled: offered })
  const names = useNames(network)
  if (support.error) return <ErrorPanel error={support.error} onRetry={() => void support.refetch()} compact />
  if (support.isPending || (offered && diff.isPending)) {
    return (
      <div className="space-y-3 px-5 py-4" aria-busy="true" data-testid="tx-state-loading">
        <Skeleton className="block h-4 w-full max-w-xl" />
      </div>
    )
  }
  if (!support.data.prestateTracer.offered) {
    return (
      <div className="px-5 py-4" data-testid="tx-state-unavailable">
        <Note>This node cannot show the state a transaction changed: it needs debug_traceTransaction with prestateTracer in diff mode, which it refused ({support.data.prestateTracer.said}).</Note>
      </div>
    )
  }
  if (diff.error) return <ErrorPanel error={diff.error} onRetry={isRetryable(diff.error) ? () => void diff.refetch() : undefined} compact />
  const first = [transaction?.from, transaction?.to ?? receipt?.contractAddress].filter((address): address is Hex => typeof address === 'string')
  return <StateChangesView network={network} names={names} diff={diff.data!} first={first} logs={receipt?.logs ?? []} blockNumber={receipt ? BigInt(receipt.blockNumber) : null} />
}

/**
 * What the transaction changed: token balances (from its Transfer logs, checked against balanceOf), and per
 * account balance, nonce, code and storage slots before and after, from the node's prestateTracer in diff mode,
 * the slots named where the contract's storage layout is published; asked only when opened.
 */
export function StateChangesPanel({ data }: { data: TransactionData }) {
  const [open, setOpen] = useState(false)
  if (!placement(data)) return null
  return (
    <Panel
      title="State changes"
      testId="tx-state"
      actions={
        <Button size="sm" tone="ghost" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="tx-state-toggle">
          {open ? 'Hide' : 'Show state changes'}
        </Button>
      }
    >
      {open ? <StateBody data={data} /> : <p className="px-5 py-3 text-sm text-zinc-600 dark:text-zinc-400">Balances, nonces, code and storage slots before and after the transaction. Read from the node when opened.</p>}
    </Panel>
  )
}
