import type { ReactNode } from 'react'

/**
 * The logs tool's field label and note; the button and the input look are the app's own, in src/ui.
 */

export function FieldLabel({ htmlFor, children, aside }: { htmlFor: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <label htmlFor={htmlFor} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {children}
      </label>
      {aside && <span className="text-[11px] text-zinc-500 dark:text-zinc-400">{aside}</span>}
    </div>
  )
}

/** A field's problem (red) or its hint (grey), beneath it. */
export function FieldNote({ id, problem, hint, testId }: { id: string; problem?: string; hint?: ReactNode; testId?: string }) {
  if (problem) {
    return (
      <p id={id} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400" data-testid={testId}>
        {problem}
      </p>
    )
  }
  if (!hint) return null
  return (
    <p id={id} className="mt-1 truncate text-xs text-zinc-500 dark:text-zinc-400">
      {hint}
    </p>
  )
}

