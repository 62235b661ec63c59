import { useEffect, useState } from 'react'
import { AlertIcon } from './icons.tsx'
import { isNotRecorded } from '../rpc/errors.ts'
import { errorKind, explainError } from './explainError.ts'
import { NotRecordedPanel } from './NotRecordedPanel.tsx'

/**
 * Says what failed, why and what to do — specific to the error's cause (see explainError): the node
 * unreachable, an HTTP failure, a timeout, a malformed answer naming the field, the node's own error.
 * A sample network's "not in this recording" is shown as the neutral NotRecordedPanel instead.
 * With `onRetry`, a Retry button (pass it for causes that may pass next time: isRetryable in rpc/errors.ts).
 */
export function ErrorPanel({ error, onRetry, compact = false }: { error: unknown; onRetry?: () => void; compact?: boolean }) {
  // Data a recorded sample lacks is no failure: every page that shows a query's error shows it as a note.
  if (isNotRecorded(error)) return <NotRecordedPanel error={error} compact={compact} />
  return <ExplainedError error={error} onRetry={onRetry} compact={compact} />
}

/** A reverted call's payload, decoded (Error(string), Panic(uint256), a custom error) once the decoder has loaded. */
function useRevertReason(revert: `0x${string}` | undefined): string | null {
  const [reason, setReason] = useState<{ revert: string; text: string } | null>(null)
  useEffect(() => {
    if (!revert) return
    let current = true
    void import('../../contract/revert.ts').then(({ decodeRevert, describeRevert }) => {
      if (current) setReason({ revert, text: describeRevert(decodeRevert(revert)) })
    })
    return () => {
      current = false
    }
  }, [revert])
  return reason && reason.revert === revert ? reason.text : null
}

function ExplainedError({ error, onRetry, compact }: { error: unknown; onRetry?: () => void; compact: boolean }) {
  const explained = explainError(error)
  const reason = useRevertReason(explained.revert)
  const { detail, hint } = explained
  const title = reason === null ? explained.title : `${explained.title}: ${reason}`
  return (
    <div
      role="alert"
      data-testid="error-panel"
      data-error-kind={errorKind(error)}
      className={`flex gap-3 rounded-xl bg-red-50/70 text-sm ring-1 ring-red-200 dark:bg-red-950/30 dark:ring-red-900/60 ${compact ? 'p-3' : 'p-5'}`}
    >
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500 dark:text-red-400" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-red-900 dark:text-red-200" data-testid="error-title">
          {title}
        </p>
        <p className="mt-1 break-words font-mono text-xs text-red-800/90 dark:text-red-300/90" data-testid="error-detail">
          {detail}
        </p>
        <p className="mt-2 text-red-900/80 dark:text-red-200/80">{hint}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            data-testid="error-retry"
            className="mt-3 rounded-lg bg-white px-3 py-1.5 text-xs font-medium text-red-900 shadow-sm ring-1 ring-red-200 transition hover:bg-red-50 dark:bg-red-950 dark:text-red-100 dark:ring-red-800 dark:hover:bg-red-900"
          >
            Retry
          </button>
        )}
      </div>
    </div>
  )
}
