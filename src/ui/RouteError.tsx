import { Component, type ReactNode } from 'react'
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

type BoundaryState = { error: unknown; failedAt: string | null }

/** Catches a page's failure (its code not loading, a render error) for RouteError; `resetKey` changing clears it. */
export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error }
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null
    // The failure belongs to the location it happened at: a new location renders its page again.
    if (state.failedAt === null) return { failedAt: props.resetKey }
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null }
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />
  }
}
