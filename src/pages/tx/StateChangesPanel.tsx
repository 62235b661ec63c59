import { lazy } from 'react'
import { placement, type TransactionData } from './model.ts'
import { OpenedOnDemand } from './OpenedOnDemand.tsx'

const StateChangesBody = lazy(() => import('./StateChangesBody.tsx'))

/**
 * What the transaction changed: token balances (from its Transfer logs, checked against balanceOf), and per
 * account balance, nonce, code and storage slots before and after, from the node's prestateTracer in diff mode,
 * the slots named where the contract's storage layout is published; asked only when opened.
 */
export function StateChangesPanel({ data }: { data: TransactionData }) {
  if (!placement(data)) return null
  return (
    <OpenedOnDemand title="State changes" testId="tx-state" showLabel="Show state changes" summary="Balances, nonces, code and storage slots before and after the transaction. Read from the node when opened.">
      <StateChangesBody data={data} />
    </OpenedOnDemand>
  )
}
