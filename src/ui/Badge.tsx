import type { ReactNode } from 'react'

const tones = {
  neutral: 'bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  accent: 'bg-accent-50 text-accent-700 ring-accent-200 dark:bg-accent-950/50 dark:text-accent-300 dark:ring-accent-900',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-900',
  danger: 'bg-red-50 text-red-700 ring-red-200 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900',
} as const

export type BadgeTone = keyof typeof tones

/** A small rounded label: a transaction type, a tag, a state. */
export function Badge({ tone = 'neutral', children, title, testId }: { tone?: BadgeTone; children: ReactNode; title?: string; testId?: string }) {
  return (
    <span title={title} data-testid={testId} className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[tone]}`}>
      {children}
    </span>
  )
}
