import { ScanError } from '../../logs/scanLogs.ts'
import { isRetryable, RpcError } from '../../rpc/errors.ts'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { AlertIcon } from '../../ui/icons.tsx'
import { explainLogError } from '../../logs/logErrors.ts'

/** The cause a failed scan carries: the node's or transport's error, for the shared panel to explain. */
function underlying(error: unknown): unknown {
  return error instanceof ScanError ? error.cause : error
}

export function LogsErrorPanel({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const explained = explainLogError(error)
  if (!explained) {
    const cause = underlying(error)
    return <ErrorPanel error={cause} onRetry={isRetryable(cause) || !(cause instanceof RpcError) ? onRetry : undefined} />
  }
  return (
    <div role="alert" data-testid="error-panel" data-error-kind={explained.kind} className="flex gap-3 rounded-xl bg-red-50/70 p-5 text-sm ring-1 ring-red-200 dark:bg-red-950/30 dark:ring-red-900/60">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500 dark:text-red-400" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-red-900 dark:text-red-200" data-testid="error-title">
          {explained.title}
        </p>
        <p className="mt-1 break-words font-mono text-xs text-red-800/90 dark:text-red-300/90" data-testid="error-detail">
          {explained.detail}
        </p>
        <p className="mt-2 text-red-900/80 dark:text-red-200/80">{explained.hint}</p>
      </div>
    </div>
  )
}
