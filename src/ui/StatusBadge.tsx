import type { ReceiptStatus } from '../format/receiptStatus.ts'
import { Badge, type BadgeTone } from './Badge.tsx'
import { CheckIcon, CrossIcon } from './icons.tsx'
import { ClockIcon } from './pageIcons.tsx'

const looks: Record<ReceiptStatus, { tone: BadgeTone; text: string; title: string }> = {
  success: { tone: 'success', text: 'Success', title: 'The receipt’s status is 0x1.' },
  failed: { tone: 'danger', text: 'Failed', title: 'The receipt’s status is 0x0: the transaction reverted, and its fee was still paid.' },
  pending: { tone: 'warning', text: 'Pending', title: 'No receipt yet: the transaction is not in a block.' },
  'pre-byzantium': {
    tone: 'neutral',
    text: 'State root (pre-Byzantium)',
    title: 'Receipts before the Byzantium fork carry the post-transaction state root instead of a status, so success is not recorded.',
  },
  unknown: { tone: 'neutral', text: 'Unknown', title: 'The receipt has neither a status nor a state root.' },
}

/** A transaction's outcome from its receipt (see format/receiptStatus.ts for how it is read). */
export function StatusBadge({ status, testId = 'status-badge' }: { status: ReceiptStatus; testId?: string }) {
  const look = looks[status]
  return (
    <span data-status={status} className="inline-flex">
      <Badge tone={look.tone} title={look.title} testId={testId}>
        {status === 'success' && <CheckIcon className="size-3.5" />}
        {status === 'failed' && <CrossIcon className="size-3.5" />}
        {status === 'pending' && <ClockIcon className="size-3.5 motion-safe:animate-pulse" />}
        {look.text}
      </Badge>
    </span>
  )
}
