import type { ReactNode } from 'react'

/** The card every section sits in, so all pages share one look. */
export function Panel({ title, actions, children, className = '' }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800 ${className}`}>
      {title !== undefined && (
        <header className="flex items-center justify-between gap-4 border-b border-zinc-100 px-5 py-3.5 dark:border-zinc-800">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
          {actions}
        </header>
      )}
      {children}
    </section>
  )
}

/** A label above a value, for the detail grids. */
export function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1 text-sm text-zinc-900 dark:text-zinc-100" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

export function Skeleton({ className = '' }: { className?: string }) {
  return <span className={`inline-block animate-pulse rounded-md bg-zinc-200/80 dark:bg-zinc-800 ${className}`} />
}
