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
  return (
    <div className="flex w-full min-w-0 items-start gap-1">
      <div className="min-w-0 flex-1">
        <div
          data-testid={testId}
          className="max-h-40 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 break-all text-zinc-700 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-300 dark:ring-zinc-800"
        >
          {value}
        </div>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{bytes === 0 ? 'empty' : `${formatInteger(bytes)} bytes${bytes >= 1024 ? ` (${formatBytes(bytes)})` : ''}`}</p>
      </div>
      <CopyButton value={value} label={label} />
    </div>
  )
}
