import { shortHex } from '../format/hex.ts'
import { AppLink } from './AppLink.tsx'
import { CopyButton } from './CopyButton.tsx'

export type HashProps = {
  /** The full value: a hash, an address, any long hex. Rendered as text, copied whole. */
  value: string
  /** A path from urls.ts to link to; plain text without one. */
  to?: string
  /** Shortened to 0x1234…cdef with the whole value on hover (default), or written in full (wrapping). */
  short?: boolean
  /** Hex digits kept at each end when short. */
  head?: number
  tail?: number
  copy?: boolean
  copyLabel?: string
  testId?: string
  /** Shown instead of the hex (a name, "You"); the hex stays in the title and the copy. */
  label?: string
}

/** A hash (or any long hex): shortened with the full value in its title, a link when it leads somewhere, a copy button. */
export function Hash({ value, to, short = true, head = 4, tail = 4, copy = true, copyLabel = 'Copy', testId, label }: HashProps) {
  const text = label ?? (short ? shortHex(value, head, tail) : value)
  const textClass = `font-mono text-[13px] ${short || label ? 'whitespace-nowrap' : 'min-w-0 break-all'}`
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-0.5" data-testid={testId} data-value={value}>
      {to ? (
        <AppLink to={to} title={value} className={`${textClass} text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300`}>
          {text}
        </AppLink>
      ) : (
        <span title={value} className={`${textClass} text-zinc-800 dark:text-zinc-200`}>
          {text}
        </span>
      )}
      {copy && <CopyButton value={value} label={copyLabel} />}
    </span>
  )
}
