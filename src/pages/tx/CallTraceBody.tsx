import { useQuery } from '@tanstack/react-query'
import { historyMethodsQuery } from '../../networks/otterscan.ts'
import { tracingSupportQuery } from '../../networks/tracing.ts'
import { useNames } from '../../queries/names.ts'
import { callTreeQuery } from '../../queries/traces.ts'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { CallTreeView } from '../../ui/trace/CallTreeView.tsx'
import type { TransactionData } from './model.ts'
import { Note } from './parts.tsx'
import { TraceLoading } from './traceLoading.tsx'
import { retryFor } from '../../ui/retryFor.ts'

/** The opened call trace: its own chunk, loaded when the panel is first opened (CallTracePanel.tsx). */
export default function CallTraceBody({ data }: { data: TransactionData }) {
  const { network, hash } = data
  const support = useQuery(tracingSupportQuery(network))
  const history = useQuery(historyMethodsQuery(network))
  const names = useNames(network)
  const via = support.data?.callTracer.offered ? 'callTracer' : support.data && history.data?.offered ? 'ots' : null
  const tree = useQuery({ ...callTreeQuery(network, hash, via ?? 'callTracer'), enabled: via !== null })
  if (support.error || history.error) {
    const error = support.error ?? history.error
    return <ErrorPanel error={error} onRetry={() => void (support.error ? support.refetch() : history.refetch())} compact />
  }
  if (support.isPending || history.isPending || (via !== null && tree.isPending)) {
    return <TraceLoading testId="tx-trace-loading" />
  }
  if (via === null) {
    const callTracer = support.data.callTracer
    return (
      <div className="px-5 py-4" data-testid="tx-trace-unavailable">
        <Note>
          This node cannot show the call tree: it needs debug_traceTransaction with callTracer ({callTracer.offered ? 'offered' : `refused: ${callTracer.said}`}) or Otterscan&apos;s
          ots_traceTransaction ({history.data.offered ? 'offered' : history.data.reason}).
        </Note>
      </div>
    )
  }
  if (tree.error) return <ErrorPanel error={tree.error} onRetry={retryFor(tree)} compact />
  return (
    <>
      {via === 'ots' && <p className="px-5 pt-3 text-sm text-zinc-600 dark:text-zinc-400">From Otterscan&apos;s ots_traceTransaction: the node gives no gas or failures per frame.</p>}
      <CallTreeView tree={tree.data!} names={names} idPrefix={`trace-${hash.slice(2, 10)}`} />
    </>
  )
}
