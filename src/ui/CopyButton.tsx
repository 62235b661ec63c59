import { Button } from './Button.tsx'
import { useCopy } from './clipboard.ts'
import { CheckIcon } from './icons.tsx'
import { CopyIcon } from './pageIcons.tsx'

/** Copies `value`; the icon turns into a tick for a moment so the click is seen (and announced). */
export function CopyButton({ value, label = 'Copy', testId }: { value: string; label?: string; testId?: string }) {
  const { copied, copy } = useCopy(value)
  return (
    <button
      type="button"
      title={copied ? 'Copied' : label}
      aria-label={copied ? 'Copied' : label}
      data-testid={testId}
      data-copy-value={value}
      onClick={copy}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
    >
      {copied ? <CheckIcon className="size-4 text-emerald-500" /> : <CopyIcon className="size-4" />}
    </button>
  )
}

/** A small button with words that copies `value` and says so; the label names what is copied. */
export function CopyTextButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { copied, copy } = useCopy(value)
  return (
    <Button size="sm" data-testid={testId} onClick={copy}>
      {copied ? <CheckIcon className="size-3.5 text-emerald-500" /> : <CopyIcon className="size-3.5" />}
      {copied ? 'Copied' : label}
    </Button>
  )
}
