import type { ReactNode } from 'react'
import { inputClass } from '../../ui/form.ts'

/**
 * Form pieces the call console and the storage calculator share (neutral zinc, indigo accent, like the
 * rest of the app); the button and the input look are the app's own, in src/ui.
 */

export const monoInputClass = `${inputClass} font-mono text-[13px]`

export const textareaClass =
  'block w-full min-w-0 resize-y rounded-lg bg-white px-3 py-2 font-mono text-[13px] leading-5 text-zinc-900 ring-1 ring-inset ring-zinc-200 transition placeholder:font-sans placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500 aria-invalid:ring-red-300 dark:bg-zinc-950/60 dark:text-zinc-100 dark:ring-zinc-700/80 dark:placeholder:text-zinc-600 dark:aria-invalid:ring-red-800'

/** A small uppercase heading inside a panel. */
export function SectionLabel({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <h3 className="text-[11px] font-semibold tracking-[0.08em] text-zinc-500 uppercase dark:text-zinc-400">{children}</h3>
      {aside}
    </div>
  )
}

/** Characters that hide or reorder text: C0/C1 controls, zero-width and bidi controls. */
// eslint-disable-next-line no-control-regex
const hiddenCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/** Text from the chain with its invisible characters written as \u{…}, or null when it has none. */
function escapedIfHidden(text: string): string | null {
  const escaped = text.replace(hiddenCharacters, (char) => `\\u{${char.codePointAt(0)!.toString(16).padStart(4, '0')}}`)
  return escaped === text ? null : escaped
}

/** Text that came from the chain: always a text node, line breaks kept, and its hidden characters spelled out beneath. */
export function ChainText({ text, testId, className = '' }: { text: string; testId?: string; className?: string }) {
  const escaped = escapedIfHidden(text)
  return (
    <span className={`min-w-0 ${className}`}>
      <span data-testid={testId} className="break-words whitespace-pre-wrap [unicode-bidi:isolate]">
        {text}
      </span>
      {escaped !== null && (
        <span className="mt-1 block font-mono text-xs text-amber-700 dark:text-amber-400" data-testid={testId ? `${testId}-escaped` : undefined}>
          Holds hidden characters: {escaped}
        </span>
      )}
    </span>
  )
}

/** A list of results for a narrow column: each label above its value. */
export function ResultList({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <dl className="divide-y divide-zinc-100 dark:divide-zinc-800/80" data-testid={testId}>
      {children}
    </dl>
  )
}

export function ResultRow({ label, aside, help, children }: { label: ReactNode; aside?: ReactNode; help?: string; children: ReactNode }) {
  return (
    <div className="px-5 py-3.5">
      <dt className="flex min-h-5 items-center justify-between gap-3 text-xs font-medium text-zinc-500 dark:text-zinc-400" title={help}>
        {label}
        {aside}
      </dt>
      <dd className="mt-1.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  )
}
