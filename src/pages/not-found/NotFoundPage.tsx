import { useLocation } from 'react-router'
import { AppLink } from '../../ui/AppLink.tsx'
import { homePath } from '../../urls.ts'

/** Any path no route claims. */
export function NotFoundPage() {
  const { pathname } = useLocation()
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-20 text-center" data-testid="not-found">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white">Nothing here yet</h1>
      <p className="mt-3 break-all text-sm text-zinc-500 dark:text-zinc-400">
        chainglass has no page at <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">{pathname}</code>.
      </p>
      <AppLink to={homePath} className="mt-8 rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm transition hover:bg-accent-500">
        Back to the overview
      </AppLink>
    </div>
  )
}
