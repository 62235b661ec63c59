import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { Panel } from '../../ui/Panel.tsx'

/** The transaction page's shape while its first answer is on the way. */
export function TransactionSkeleton() {
  return (
    <div className="space-y-6" data-testid="tx-loading">
      <Panel title="Overview">
        <InfoListSkeleton rows={9} />
      </Panel>
      <div className="grid gap-6 xl:grid-cols-2">
        <Panel title="Gas and fees">
          <InfoListSkeleton rows={5} />
        </Panel>
        <Panel title="Signature">
          <InfoListSkeleton rows={5} />
        </Panel>
      </div>
    </div>
  )
}
