import { useQuery } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { tracingSupportQuery } from '../../networks/tracing.ts'
import { useNames } from '../../queries/names.ts'
import { stateDiffQuery } from '../../queries/traces.ts'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { StateChangesView } from '../../ui/trace/StateChangesView.tsx'
import type { TransactionData } from './model.ts'
import { Note } from './parts.tsx'
import { TraceLoading } from './traceLoading.tsx'
import { retryFor } from '../../ui/retryFor.ts'

/** The opened state changes: their own chunk, loaded when the panel is first opened (StateChangesPanel.tsx). */
export default function StateChangesBody({ data }: { data: TransactionData }) {
  const { network, hash, transaction, receipt } = data
  const support = useQuery(tracingSupportQuery(network))
  const offered = support.data?.prestateTracer.offered === true
  const diff = useQuery({ ...stateDiffQuery(network, hash), enabled: offered })
  const names = useNames(network)
  if (support.error) return <ErrorPanel error={support.error} onRetry={() => void support.refetch()} compact />
  if (support.isPending || (offered && diff.isPending)) {
    return <TraceLoading testId="tx-state-loading" />
  }
  if (!support.data.prestateTracer.offered) {
    return (
      <div className="px-5 py-4" data-testid="tx-state-unavailable">
        <Note>This node cannot show the state a transaction changed: it needs debug_traceTransaction with prestateTracer in diff mode, which it refused ({support.data.prestateTracer.said}).</Note>
      </div>
    )
  }
  if (diff.error) return <ErrorPanel error={diff.error} onRetry={retryFor(diff)} compact />
  const first = [transaction?.from, transaction?.to ?? receipt?.contractAddress].filter((address): address is Hex => typeof address === 'string')
  return <StateChangesView network={network} names={names} diff={diff.data!} first={first} logs={receipt?.logs} blockNumber={receipt ? BigInt(receipt.blockNumber) : null} />
}
