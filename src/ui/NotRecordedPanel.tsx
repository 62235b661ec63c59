import { homePath } from '../urls.ts'
import { AppLink, inlineLinkClass } from './AppLink.tsx'
import { explainError } from './explainError.ts'
import { CubeIcon } from './icons.tsx'

/**
 * A recorded sample network has no such data in its recording. Not an error (the node did its job, nothing
 * will change on retry), so it reads as a note: neutral colours, a status rather than an alert, the node's own
 * detail, and the way to what the recording does hold.
 */
export function NotRecordedPanel({ error, compact = false }: { error: unknown; compact?: boolean }) {
  const { title, detail } = explainError(error)
  return (
    <div
      role="status"
      data-testid="not-recorded-panel"
      className={`flex gap-3 rounded-xl bg-zinc-50 text-sm ring-1 ring-zinc-200 dark:bg-zinc-900/60 dark:ring-zinc-800 ${compact ? 'p-3' : 'p-5'}`}
    >
      <CubeIcon className="mt-0.5 size-5 shrink-0 text-zinc-400 dark:text-zinc-500" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-zinc-900 dark:text-zinc-100" data-testid="not-recorded-title">
          {title}
        </p>
        <p className="mt-1 break-words text-xs text-zinc-600 dark:text-zinc-400" data-testid="not-recorded-detail">
          {detail}
        </p>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          This recorded sample network answers only for what was recorded.{' '}
          <AppLink to={homePath} className={inlineLinkClass} testId="not-recorded-home">
            See what it holds
          </AppLink>
          .
        </p>
      </div>
    </div>
  )
}
