import type { ReactNode } from 'react'
import { AppLink } from './AppLink.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from './pageIcons.tsx'

/** Where a previous/next button leads: a path from urls.ts and words for screen readers ("Block 122"). */
export type PageStep = { to: string; label: string }

type PageHeaderProps = {
  title: ReactNode
  /** A small word above the title ("Block", "Transaction"). */
  kicker?: ReactNode
  subtitle?: ReactNode
  /** Previous/next buttons show when either is given; null shows that side disabled (the genesis block has no previous). */
  prev?: PageStep | null
  next?: PageStep | null
  /** More controls at the right (a Toggle, a Badge). */
  actions?: ReactNode
  testId?: string
}

const stepClass = 'flex size-9 items-center justify-center rounded-lg ring-1 ring-inset transition'

function Step({ step, direction }: { step: PageStep | null | undefined; direction: 'prev' | 'next' }) {
  const Icon = direction === 'prev' ? ChevronLeftIcon : ChevronRightIcon
  const word = direction === 'prev' ? 'Previous' : 'Next'
  if (!step) {
    return (
      <span aria-disabled="true" title={`No ${word.toLowerCase()}`} data-testid={`page-${direction}`} className={`${stepClass} cursor-not-allowed text-zinc-300 ring-zinc-200 dark:text-zinc-700 dark:ring-zinc-800`}>
        <Icon className="size-4" />
        <span className="sr-only">No {word.toLowerCase()}</span>
      </span>
    )
  }
  return (
    <AppLink
      to={step.to}
      title={`${word}: ${step.label}`}
      testId={`page-${direction}`}
      className={`${stepClass} bg-white text-zinc-600 shadow-sm ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-white`}
    >
      <Icon className="size-4" />
      <span className="sr-only">
        {word}: {step.label}
      </span>
    </AppLink>
  )
}

/** The top of a detail page: what it shows, a line about it, previous/next, and page actions. */
export function PageHeader({ title, kicker, subtitle, prev, next, actions, testId = 'page-header' }: PageHeaderProps) {
  const stepping = prev !== undefined || next !== undefined
  return (
    <header className="flex flex-wrap items-end justify-between gap-4" data-testid={testId}>
      <div className="min-w-0">
        {kicker !== undefined && <p className="text-xs font-semibold uppercase tracking-[0.08em] text-zinc-500 dark:text-zinc-400">{kicker}</p>}
        <h1 className="mt-1 break-all text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white" data-testid="page-title">
          {title}
        </h1>
        {subtitle !== undefined && <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{subtitle}</p>}
      </div>
      {(stepping || actions) && (
        <div className="flex items-center gap-2">
          {actions}
          {stepping && (
            <nav aria-label="Previous and next" className="flex items-center gap-1.5">
              <Step step={prev} direction="prev" />
              <Step step={next} direction="next" />
            </nav>
          )}
        </div>
      )}
    </header>
  )
}
