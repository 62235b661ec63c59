import { lazy } from 'react'
import { placement, type TransactionData } from './model.ts'
import { OpenedOnDemand } from './OpenedOnDemand.tsx'

const CallTraceBody = lazy(() => import('./CallTraceBody.tsx'))

/**
 * Who called whom inside a mined transaction, with what, and which frame reverted: asked only when opened,
 * from callTracer where the node offers it, else Otterscan's list, else a note saying what the node lacks.
 */
export function CallTracePanel({ data }: { data: TransactionData }) {
  if (!placement(data)) return null
  return (
    <OpenedOnDemand title="Call trace" testId="tx-trace" showLabel="Show call trace" summary="Every call inside the transaction, with its input, output and gas, and where a revert began. Read from the node when opened.">
      <CallTraceBody data={data} />
    </OpenedOnDemand>
  )
}
