import { useEffect, useRef, useState, type RefObject } from 'react'
import type { Hex } from 'viem'
import { byteLength } from '../format/hex.ts'
import { formatBytes, formatInteger } from '../format/numbers.ts'
import { CopyButton } from './CopyButton.tsx'

/**
 * A long hex value (input data, logsBloom, a log's data) in full: wrapped in a scrolling box, with its size
 * and a copy button. `0x` reads as "empty".
 */
export function HexBlock({ value, testId, label = 'Copy data' }: { value: Hex; testId?: string; label?: string }) {
  const bytes = byteLength(value)
  const box = useRef<HTMLDivElement>(null)
  const scrolls = useScrolls(box, value)
  return (
    <div className="flex w-full min-w-0 items-start gap-1">
      <div className="min-w-0 flex-1">
        <div
          ref={box}
          data-testid={testId}
          // A box that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1); one that does not is no tab stop.
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? `${label.replace(/^Copy /, '')}, scrollable` : undefined}
          className="max-h-40 overflow-auto focus-visible:outline-2 focus-visible:outline-accent-500 rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 break-all text-zinc-700 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-300 dark:ring-zinc-800"
        >
          {value}
        </div>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{bytes === 0 ? 'empty' : `${formatInteger(bytes)} bytes${bytes >= 1024 ? ` (${formatBytes(bytes)})` : ''}`}</p>
      </div>
      <CopyButton value={value} label={label} />
    </div>
  )
}

/** Whether the box's content is taller than the box (it scrolls), measured again when its size changes. */
function useScrolls(box: RefObject<HTMLDivElement | null>, content: string): boolean {
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const node = box.current
    if (!node || typeof ResizeObserver === 'undefined') return
    const measure = () => setScrolls(node.scrollHeight > node.clientHeight + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(node)
    return () => observer.disconnect()
  }, [box, content])
  return scrolls
}
