import type { ReactNode } from 'react'

type InfoRowProps = {
  label: ReactNode
  /** The decoded value, shown prominently. */
  children: ReactNode
  /** The value as the node sent it (hex), shown beneath in small monospace; omit when it reads the same. */
  raw?: string | null
  /** A sentence on what the field means, on hover of the label. */
  help?: string
  /** On the value; the raw line gets `${testId}-raw`. */
  testId?: string
}

/** One field of a detail page: label on the left (above, on phones), the decoded value, and the raw value beneath. */
export function InfoRow({ label, children, raw, help, testId }: InfoRowProps) {
  return (
    <div className="grid gap-x-6 gap-y-1 px-5 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] lg:grid-cols-[14rem_minmax(0,1fr)]">
      <dt className="pt-1 text-sm text-zinc-500 dark:text-zinc-400" title={help}>
        {label}
      </dt>
      <dd className="min-w-0">
        <div className="flex min-h-7 min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-900 dark:text-zinc-100" data-testid={testId}>
          {children}
        </div>
        {raw != null && (
          <div className="mt-0.5 break-all font-mono text-xs text-zinc-500 dark:text-zinc-400" data-testid={testId ? `${testId}-raw` : undefined}>
            <span className="sr-only">Raw value: </span>
            {raw}
          </div>
        )}
      </dd>
    </div>
  )
}
