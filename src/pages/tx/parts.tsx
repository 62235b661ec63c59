import type { ReactNode } from 'react'
import { Skeleton } from '../../ui/Skeleton.tsx'

/** A value that is not known yet because the transaction is not mined: said in words, not left blank. */
export function NotYet({ children = 'pending', testId }: { children?: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className="text-sm italic text-amber-700 dark:text-amber-400">
      {children}
    </span>
  )
}

/** A value still loading (the receipt after the transaction, the block after both). */
export function Loading({ width = 'w-40' }: { width?: string }) {
  return <Skeleton className={`h-4 ${width}`} />
}

/** A secondary note after a value: "(42% of the limit)", "3 confirmations". */
export function Note({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} className="text-zinc-500 dark:text-zinc-400">
      {children}
    </span>
  )
}

/** Plain text for a field that has none here ("none", "not sent"). */
export function Absent({ children }: { children: ReactNode }) {
  return <span className="text-zinc-500 dark:text-zinc-400">{children}</span>
}

/** Monospace hex that wraps, for values that are not links (r, s, topics). */
export function Mono({ children, testId }: { children: string; testId?: string }) {
  return (
    <span data-testid={testId} className="min-w-0 break-all font-mono text-[13px] text-zinc-800 dark:text-zinc-200">
      {children}
    </span>
  )
}

/** Raw hex with its decimal: "0x5208 · 21000". */
export function rawQuantity(hex: string, unit?: string): string {
  return `${hex} · ${BigInt(hex).toString(10)}${unit ? ` ${unit}` : ''}`
}

/** One quiet line in place of a panel: "none here", or what the network would need to show it. */
export function QuietLine({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p data-testid={testId} className="rounded-xl px-5 py-3 text-sm text-zinc-500 ring-1 ring-zinc-200/80 ring-inset dark:text-zinc-400 dark:ring-zinc-800">
      {children}
    </p>
  )
}

/** "from → to" for a movement of value; the arrow is read as "to". */
export function FromTo({ from, to }: { from: ReactNode; to: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1">
      {from}
      <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-500">
        →
      </span>
      <span className="sr-only">to</span>
      {to}
    </span>
  )
}
