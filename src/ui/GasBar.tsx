import { formatPercent } from '../format/numbers.ts'
import { useValueStyle } from './valueStyle.tsx'

/** How full a block is: gas used against the gas limit. */
export function GasBar({ used, limit, className = 'w-24' }: { used: bigint; limit: bigint; className?: string }) {
  const share = limit === 0n ? 0 : Number((used * 10_000n) / limit) / 100
  const fill = useValueStyle({ transform: `translateX(${Math.min(100, share) - 100}%)` })
  return (
    <span className={`flex items-center gap-2 ${className}`} title={`${formatPercent(used, limit)} of the gas limit`}>
      <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
        {/* Slid by transform, not sized by width: a new head moves the bar on the compositor, where a width
            transition laid the page out on every frame for half a second of each block. */}
        <span className={`block h-full rounded-full bg-accent-500 transition-transform duration-500 ${fill.className ?? ''}`} style={fill.style} />
        {fill.sheet}
      </span>
      <span className="w-11 text-right text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{formatPercent(used, limit)}</span>
    </span>
  )
}
