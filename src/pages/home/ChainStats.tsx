import type { ComponentType, ReactNode, SVGProps } from 'react'
import { formatChainId, hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import { averageInterval } from '../../format/time.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { CubeIcon } from '../../ui/icons.tsx'
import { ClockIcon, GaugeIcon, LinkIcon } from '../../ui/pageIcons.tsx'
import { networkPlace } from '../../networks/networkList.ts'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { blockRowCount, type ChainBlock } from './liveWindow.ts'

/**
 * A tiny bar chart, oldest left and newest right (highlighted), drawn as one SVG: like ui/MiniBars, but with
 * no height transitions — on a live page every bar moves every block, and animating them all costs more than
 * it tells.
 */
function SparkBars({ values, label }: { values: readonly number[]; label: string }) {
  const max = Math.max(...values, 0)
  const width = values.length * 4
  return (
    <svg viewBox={`0 0 ${width} 32`} preserveAspectRatio="none" className="h-8 w-full" role="img" aria-label={label}>
      {values.map((value, index) => {
        const height = max === 0 ? 2.5 : Math.max(2.5, (value / max) * 32)
        return (
          <rect
            key={index}
            x={index * 4 + 0.5}
            width={3}
            y={32 - height}
            height={height}
            rx={0.8}
            className={index === values.length - 1 ? 'fill-accent-500' : 'fill-accent-200 dark:fill-accent-900'}
          />
        )
      })}
    </svg>
  )
}

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
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{note}</p>
      </div>
    </div>
  )
}

/** Bars in the small charts: enough for a trend, few enough to read. */
const miniBarCount = 20

/**
 * A few numbers about the chain right now, from the live window (oldest first) and the transaction counts of
 * the listed blocks (oldest first; undefined while they load).
 */
export function ChainStats({ network, blocks, counts }: { network: Network; blocks: readonly ChainBlock[]; counts: readonly number[] | undefined }) {
  const head = blocks.at(-1)
  const recent = blocks.slice(-(miniBarCount + 1))
  const times = recent.map((block) => hexToNumber(block.timestamp))
  const interval = blocks.length > 1 ? averageInterval(blocks.map((block) => hexToNumber(block.timestamp))) : null
  // A chain that has only its genesis block (a developer's fresh node) has no interval to wait for.
  const genesisOnly = blocks.length === 1 && hexToBigInt(blocks[0]!.number) === 0n
  const intervals = times.slice(1).map((time, index) => time - times[index]!)
  const baseFees = recent.slice(1).map((block) => (block.baseFeePerGas ? Number(hexToBigInt(block.baseFeePerGas)) : 0))
  const transactions = counts?.reduce((sum, count) => sum + count, 0)

  return (
    <div className="grid h-full auto-rows-fr grid-cols-2 gap-4" aria-label="Chain statistics">
      <Stat
        label="Chain ID"
        value={formatChainId(network.chainId)}
        note={`${network.label} · ${networkPlace(network)}`}
        icon={LinkIcon}
        testId="stat-chain-id"
        // Where the other cards draw a trend: the id as it travels in eth_chainId, so both forms are at hand.
        chart={
          <p className="flex h-8 items-end">
            <span className="rounded-md bg-zinc-100 px-2 py-1 font-mono text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" title="eth_chainId">
              {network.chainId}
            </span>
          </p>
        }
      />
      <Stat
        label="Block time"
        value={interval !== null ? `${interval.toFixed(1)} s` : genesisOnly ? '—' : <Skeleton className="h-7 w-20" />}
        note={genesisOnly ? 'needs a second block' : `average of the last ${blocks.length}`}
        icon={ClockIcon}
        testId="stat-block-time"
        chart={intervals.length > 0 && <SparkBars values={intervals} label="Seconds between recent blocks" />}
      />
      <Stat
        label="Base fee"
        value={head === undefined ? <Skeleton className="h-7 w-24" /> : head.baseFeePerGas ? formatGwei(hexToBigInt(head.baseFeePerGas)) : '—'}
        note="per gas, latest block"
        icon={GaugeIcon}
        testId="stat-base-fee"
        chart={baseFees.length > 0 && <SparkBars values={baseFees} label="Base fee of recent blocks" />}
      />
      <Stat
        label="Transactions"
        value={transactions === undefined ? <Skeleton className="h-7 w-16" /> : formatInteger(transactions)}
        note={`in the last ${counts?.length ?? blockRowCount} blocks`}
        icon={CubeIcon}
        testId="stat-transactions"
        chart={counts && counts.length > 0 && <SparkBars values={counts} label="Transactions in recent blocks" />}
      />
    </div>
  )
}
