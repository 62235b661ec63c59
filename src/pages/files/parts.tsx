import type { ReactNode } from 'react'
import { FilesError } from '../../files/errors.ts'
import { AlertIcon } from '../../ui/icons.tsx'

/** Small building blocks of the file panel, in the look of the rest of the app (zinc, indigo accent). */

/**
 * A file-store failure, in the look of the app's ErrorPanel: title, what the service said, and what to do.
 * (The shared ErrorPanel's explainError does not know FilesError yet.)
 */
export function FilesErrorNotice({ error, onRetry, action, compact = false, testId = 'files-error' }: { error: unknown; onRetry?: () => void; action?: ReactNode; compact?: boolean; testId?: string }) {
  const known = error instanceof FilesError ? error : null
  const title = known?.title ?? 'Something went wrong'
  const detail = known ? (known.detail || (known.status ? `HTTP ${known.status}` : '')) : error instanceof Error ? error.message : String(error)
  const hint = known?.hint ?? 'Reload the page; if it happens again, the details above help a bug report.'
  return (
    <div role="alert" data-testid={testId} className={`flex gap-3 rounded-xl bg-red-50/70 text-sm ring-1 ring-red-200 dark:bg-red-950/30 dark:ring-red-900/60 ${compact ? 'p-3' : 'p-4'}`}>
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500 dark:text-red-400" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-red-900 dark:text-red-200">{title}</p>
        {detail && <p className="mt-1 break-words font-mono text-xs text-red-800/90 dark:text-red-300/90">{detail}</p>}
        <p className="mt-1.5 text-red-900/80 dark:text-red-200/80">{hint}</p>
        {(onRetry || action) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {onRetry && (
              <button
                type="button"
                onClick={onRetry}
                className="rounded-lg bg-white px-3 py-1.5 text-xs font-medium text-red-900 shadow-sm ring-1 ring-red-200 transition hover:bg-red-50 dark:bg-red-950 dark:text-red-100 dark:ring-red-800 dark:hover:bg-red-900"
              >
                Try again
              </button>
            )}
            {action}
          </div>
        )}
      </div>
    </div>
  )
}

/** A centred message for an empty list or an empty panel. */
export function EmptyState({ icon, title, children, testId }: { icon: ReactNode; title: string; children?: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className="flex flex-col items-center px-6 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">{icon}</span>
      <p className="mt-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      {children && <div className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">{children}</div>}
    </div>
  )
}

