import type { ReactNode } from 'react'

/** The card every section sits in, so all pages share one look. */
export function Panel({ title, actions, children, className = '', testId }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section data-testid={testId} className={`rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800 ${className}`}>
      {title !== undefined && (
        <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-zinc-100 px-5 py-3.5 dark:border-zinc-800">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</h2>
          {actions}
        </header>
      )}
      {children}
    </section>
  )
}

// Skeleton lives in its own file now; pages written before the move import it from here.
export { Skeleton } from './Skeleton.tsx'
