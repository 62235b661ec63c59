import type { ReactNode } from 'react'

/** A label above a value, for summary grids (the home page's latest block); detail pages use InfoRow. */
export function InfoField({ label, children, testId, className = '' }: { label: string; children: ReactNode; testId?: string; className?: string }) {
  // The <div> is the one wrapper a <dl> allows around its dt/dd pair: layout classes go on it, not on another box.
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1 text-sm text-zinc-900 dark:text-zinc-100" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}
