import { lazy, Suspense, useState } from 'react'
import { Button } from '../../ui/Button.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { placement, type TransactionData } from './model.ts'
import { TraceLoading } from './traceLoading.tsx'

const StateChangesBody = lazy(() => import('./StateChangesBody.tsx'))

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
      {open ? (
        <Suspense fallback={<TraceLoading testId="tx-state-loading" />}>
          <StateChangesBody data={data} />
        </Suspense>
      ) : <p className="px-5 py-3 text-sm text-zinc-600 dark:text-zinc-400">Balances, nonces, code and storage slots before and after the transaction. Read from the node when opened.</p>}
    </Panel>
  )
}
