import type { InputHTMLAttributes, ReactNode } from 'react'

/** The few form pieces of the settings page, in the look of the rest of the app (zinc, indigo accent). */

/** A checkbox with its label and an optional line of explanation. */
export function Check({ label, note, testId, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <label className="flex items-start gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
      <input type="checkbox" data-testid={testId} {...input} className="mt-0.5 size-4 shrink-0 accent-accent-600 disabled:opacity-60" />
      <span>
        {label}
        {note && <span className="block text-xs text-zinc-500 dark:text-zinc-400">{note}</span>}
      </span>
    </label>
  )
}

/** A small rounded mark for a capability: on, off (struck through), or a warning (on, but not as asked). */
export function Chip({ on = true, tone, children, title, testId }: { on?: boolean; tone?: 'warning'; children: ReactNode; title?: string; testId?: string }) {
  const look =
    tone === 'warning'
      ? 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:ring-amber-900'
      : on
        ? 'bg-zinc-50 text-zinc-700 ring-zinc-200 dark:bg-zinc-800/60 dark:text-zinc-200 dark:ring-zinc-700'
        : 'bg-transparent text-zinc-500 line-through decoration-zinc-400/70 ring-zinc-200/70 dark:text-zinc-400 dark:ring-zinc-800'
  return (
    <span title={title} data-testid={testId} data-on={on} className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-0.5 font-mono text-[11px] ring-1 ring-inset ${look}`}>
      {children}
    </span>
  )
}
