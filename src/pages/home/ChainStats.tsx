import type { ComponentType, ReactNode, SVGProps } from 'react'
import { formatChainId, hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import { averageInterval } from '../../format/time.ts'
import type { Network } from '../../networks/runtimeConfig.ts'
import type { BlockHeader } from '../../rpc/schemas.ts'
import { ClockIcon, CubeIcon, GaugeIcon, LinkIcon } from '../../ui/icons.tsx'
import { MiniBars } from '../../ui/MiniBars.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { recentBlockCount, useRecentBlocks } from './RecentBlocks.tsx'

type StatProps = { label: string; value: ReactNode; note: string; icon: ComponentType<SVGProps<SVGSVGElement>>; chart?: ReactNode; testId?: string }

function Stat({ label, value, note, icon: Icon, chart, testId }: StatProps) {
  return (
    <div className="flex flex-col justify-between gap-4 rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800">
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</p>
        <span className="flex size-7 items-center justify-center rounded-lg bg-accent-50 text-accent-600 dark:bg-accent-950/60 dark:text-accent-300">
          <Icon className="size-4" />
        </span>
      </div>
      {chart}
      <div>
        <p className="text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid={testId}>
          {value}
        </p>
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-500">{note}</p>
      </div>
    </div>
  )
}

/** A few numbers about the chain right now, from the head and the recent blocks (already cached). */
export function ChainStats({ network, head }: { network: Network; head: BlockHeader }) {
  const recent = useRecentBlocks(network, hexToBigInt(head.number))
  const blocks = recent.flatMap((row) => (row.block ? [row.block] : []))
  const loaded = blocks.length === recent.length
  const interval = loaded ? averageInterval(blocks.map((block) => hexToNumber(block.timestamp))) : null
  const transactions = blocks.reduce((sum, block) => sum + block.transactions.length, 0)
  // Oldest first for the charts.
  const ascending = loaded ? [...blocks].reverse() : []
  const times = ascending.map((block) => hexToNumber(block.timestamp))
  const intervals = times.slice(1).map((time, index) => time - times[index]!)
  const baseFees = ascending.map((block) => (block.baseFeePerGas ? Number(hexToBigInt(block.baseFeePerGas)) : 0))
  const counts = ascending.map((block) => block.transactions.length)

  return (
    <div className="grid h-full auto-rows-fr grid-cols-2 gap-4" aria-label="Chain statistics">
      <Stat
        label="Chain ID"
        value={formatChainId(network.chainId)}
        note={`${network.label} · ${network.kind === 'local' ? 'local service' : network.kind === 'sample' ? 'recorded sample' : 'hosted'}`}
        icon={LinkIcon}
        testId="stat-chain-id"
      />
      <Stat
        label="Block time"
        value={interval === null ? loaded ? '—' : <Skeleton className="h-7 w-20" /> : `${interval.toFixed(1)} s`}
        note={`average of the last ${recentBlockCount}`}
        icon={ClockIcon}
        chart={intervals.length > 0 && <MiniBars values={intervals} label="Seconds between recent blocks" />}
      />
      <Stat
        label="Base fee"
        value={head.baseFeePerGas ? formatGwei(hexToBigInt(head.baseFeePerGas)) : '—'} note="per gas, latest block"
        icon={GaugeIcon}
        chart={baseFees.length > 0 && <MiniBars values={baseFees} label="Base fee of recent blocks" />}
      />
      <Stat
        label="Transactions"
        value={loaded ? formatInteger(transactions) : <Skeleton className="h-7 w-16" />}
        note={`in the last ${recentBlockCount} blocks`}
        icon={CubeIcon}
        chart={counts.length > 0 && <MiniBars values={counts} label="Transactions in recent blocks" />}
      />
    </div>
  )
}
