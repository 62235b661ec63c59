import { useEffect, useState } from 'react'

/** The Clipboard API exists only in secure contexts; a LAN address over plain HTTP falls back to execCommand. */
export async function writeClipboard(text: string): Promise<void> {
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

/** Copies on demand; `copied` is true for a moment afterwards, so the click is seen (and announced). */
export function useCopy(value: string): { copied: boolean; copy: () => void } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  return {
    copied,
    copy: () => {
      writeClipboard(value).then(
        () => setCopied(true),
        () => {},
      )
    },
  }
}
