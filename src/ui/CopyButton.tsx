import { useEffect, useState } from 'react'
import { CheckIcon, CopyIcon } from './icons.tsx'

/** The Clipboard API exists only in secure contexts; a LAN address over plain HTTP falls back to execCommand. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text)
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('copy refused')
}

/** Copies `value`; the icon turns into a tick for a moment so the click is seen (and announced). */
export function CopyButton({ value, label = 'Copy', testId }: { value: string; label?: string; testId?: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])

  return (
    <button
      type="button"
      title={copied ? 'Copied' : label}
      aria-label={copied ? 'Copied' : label}
      data-testid={testId}
      data-copy-value={value}
      onClick={() => {
        writeClipboard(value).then(
          () => setCopied(true),
          () => {},
        )
      }}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
    >
      {copied ? <CheckIcon className="size-4 text-emerald-500" /> : <CopyIcon className="size-4" />}
    </button>
  )
}
