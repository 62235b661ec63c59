import { lazy, Suspense, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { placement, type TransactionData } from './model.ts'
import { TraceLoading } from './traceLoading.tsx'

const CallTraceBody = lazy(() => import('./CallTraceBody.tsx'))

/**
 * Who called whom inside a mined transaction, with what, and which frame reverted: asked only when opened
 * (a trace is never on the page's first screen), from callTracer where the node offers it, else Otterscan's
 * list, else a note saying what the node lacks.
 */
export function CallTracePanel({ data }: { data: TransactionData }) {
  const [open, setOpen] = useState(false)
  if (!placement(data)) return null
  return (
    <Panel
      title="Call trace"
      testId="tx-trace"
      actions={
        <Button size="sm" tone="ghost" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="tx-trace-toggle">
          {open ? 'Hide' : 'Show call trace'}
        </Button>
      }
    >
      {open ? (
        <Suspense fallback={<TraceLoading testId="tx-trace-loading" />}>
          <CallTraceBody data={data} />
        </Suspense>
      ) : <p className="px-5 py-3 text-sm text-zinc-600 dark:text-zinc-400">Every call inside the transaction, with its input, output and gas, and where a revert began. Read from the node when opened.</p>}
    </Panel>
  )
}
