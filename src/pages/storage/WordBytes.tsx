import type { Hex } from 'viem'

/**
 * The 32 bytes of a storage word, high-order first as the node returns them, with a packed value's bytes
 * lit: offset counts from the low-order (right) end, as Solidity packs.
 */
export function WordBytes({ word, offset, size }: { word: Hex; offset: number; size: number }) {
  const digits = word.slice(2).padStart(64, '0')
  const first = 32 - offset - size
  const last = 31 - offset
  const packed = size < 32
  return (
    <div className="grid grid-cols-8 gap-1 font-mono text-[12px] sm:grid-cols-16" data-testid="storage-word-bytes" aria-label="The 32 bytes of the word">
      {Array.from({ length: 32 }, (_, index) => {
        const byte = digits.slice(index * 2, index * 2 + 2)
        const lit = packed && index >= first && index <= last
        return (
          <span
            key={index}
            title={`byte ${index} (offset ${31 - index} from the low-order end)`}
            className={`rounded px-0.5 py-0.5 text-center tabular-nums ${
              lit
                ? 'bg-accent-100 font-semibold text-accent-800 ring-1 ring-accent-300 ring-inset dark:bg-accent-900/60 dark:text-accent-100 dark:ring-accent-700'
                : byte === '00'
                  ? 'bg-zinc-50 text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400'
                  : 'bg-zinc-100 font-medium text-zinc-900 dark:bg-zinc-800/80 dark:text-zinc-100'
            }`}
          >
            {byte}
          </span>
        )
      })}
    </div>
  )
}
