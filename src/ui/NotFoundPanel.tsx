import type { ReactNode } from 'react'
import { homePath } from '../urls.ts'
import { AppLink } from './AppLink.tsx'
import { SearchIcon } from './icons.tsx'

type NotFoundPanelProps = {
  /** What was looked for, in words: "block", "transaction", "uncle". */
  what: string
  /** What it was looked for by, as the user gave it: "16500000", "0xab…", "latest". */
  query: string
  /** The network's label. */
  network: string
  /** A sentence on why, or what to try ("A transaction just sent may not have reached this node yet."). */
  hint?: ReactNode
  testId?: string
}

/** The node answered null: says "not found", what was looked for, and on which network. Never a blank page. */
export function NotFoundPanel({ what, query, network, hint, testId = 'not-found' }: NotFoundPanelProps) {
  const noun = what.charAt(0).toUpperCase() + what.slice(1)
  return (
    <section
      role="status"
      data-testid={testId}
      className="flex flex-col items-center rounded-2xl bg-white px-6 py-14 text-center shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <SearchIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-zinc-900 dark:text-white">{`${noun} not found`}</h2>
      <p className="mt-2 max-w-xl text-sm text-zinc-600 dark:text-zinc-400">
        There is no {what} <code className="break-all rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">{query}</code> on{' '}
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{network}</span>.
      </p>
      {hint !== undefined && <p className="mt-2 max-w-xl text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>}
      <AppLink to={homePath} className="mt-6 rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-sm transition hover:bg-accent-500">
        Back to the overview
      </AppLink>
    </section>
  )
}
