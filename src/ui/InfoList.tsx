import type { ReactNode } from 'react'
import { Skeleton } from './Skeleton.tsx'

/** The list of InfoRows of a detail page, one per line, divided. */
export function InfoList({ children, testId, id }: { children: ReactNode; testId?: string; id?: string }) {
  return (
    <dl id={id} className="divide-y divide-zinc-100 dark:divide-zinc-800/80" data-testid={testId}>
      {children}
    </dl>
  )
}

const valueWidths = ['w-72', 'w-40', 'w-96', 'w-56', 'w-32', 'w-64']

/** An InfoList's shape while it loads: the rows it will have, greyed. */
export function InfoListSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div aria-busy="true" data-testid="info-list-loading">
      <span className="sr-only">Loading…</span>
      <div className="divide-y divide-zinc-100 dark:divide-zinc-800/80">
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid gap-x-6 gap-y-2 px-5 py-4 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-[14rem_minmax(0,1fr)]">
            <Skeleton className="h-4 w-28" />
            <Skeleton className={`h-4 max-w-full ${valueWidths[index % valueWidths.length]}`} />
          </div>
        ))}
      </div>
    </div>
  )
}
