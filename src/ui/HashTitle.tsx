import { CopyButton } from './CopyButton.tsx'

const looks = {
  /** A page's title: an address, a transaction hash. */
  page: { box: 'inline-flex max-w-full items-center gap-1', text: 'min-w-0 break-all font-mono text-lg font-medium sm:text-xl' },
  /** The answer of a panel: a computed slot. */
  panel: { box: 'flex items-start gap-1', text: 'min-w-0 flex-1 font-mono text-[15px] leading-6 font-medium break-all text-zinc-900 dark:text-white' },
  /** A raw word beneath a heading. */
  word: { box: 'flex items-start gap-1', text: 'min-w-0 flex-1 font-mono text-[13px] break-all text-zinc-700 dark:text-zinc-300' },
} as const

/** A long hex value shown whole (wrapping anywhere), with its copy button beside it. */
export function HashTitle({ value, copyLabel, testId, look = 'page' }: { value: string; copyLabel: string; testId: string; look?: keyof typeof looks }) {
  const { box, text } = looks[look]
  return (
    <span className={box}>
      <span className={text} data-testid={testId}>
        {value}
      </span>
      <CopyButton value={value} label={copyLabel} />
    </span>
  )
}
