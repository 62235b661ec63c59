import { AppLink } from './AppLink.tsx'
import { homePath } from '../urls.ts'
import { ErrorPanel } from './ErrorPanel.tsx'

/** A page that failed to load or render: the header stays, the failure is explained in place. */
export function RouteError({ error }: { error: unknown }) {
  return (
    <div className="mx-auto max-w-2xl py-10">
      <h1 className="mb-4 text-xl font-semibold tracking-tight">This page could not be shown</h1>
      <ErrorPanel error={error} />
      <AppLink to={homePath} className="mt-6 inline-block text-sm font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
        ← Back to the overview
      </AppLink>
    </div>
  )
}
