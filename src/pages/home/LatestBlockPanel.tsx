import { hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import { formatUtc } from '../../format/time.ts'
import type { BlockHeader } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { GasBar } from '../../ui/GasBar.tsx'
import { ClockIcon } from '../../ui/pageIcons.tsx'
import { InfoField } from '../../ui/InfoField.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { blockPath } from '../../urls.ts'
import { RowAge } from './RowAge.tsx'
import type { HeadFeed } from '../../ui/connection.ts'

const badges: Record<HeadFeed, { label: string; badge: string; dot: string }> = {
  live: {
    label: 'Live via WebSocket',
    badge: 'bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-900',
    dot: 'bg-emerald-500',
  },
  polling: {
    label: 'Polling over HTTP',
    badge: 'bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-900',
    dot: 'bg-amber-500',
  },
  connecting: {
    label: 'Connecting',
    badge: 'bg-zinc-100 text-zinc-600 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
    dot: 'bg-zinc-400',
  },
}

function LiveBadge({ feed }: { feed: HeadFeed }) {
  const { label, badge, dot } = badges[feed]
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${badge}`}>
      <span className={`size-1.5 rounded-full ${dot}`} />
      {label}
    </span>
  )
}

/** The chain head, big: its number (live), its age (ticking), and the header fields worth a glance. */
export function LatestBlockPanel({ head, feed }: { head: BlockHeader; feed: HeadFeed }) {
  const number = hexToBigInt(head.number)
  const timestamp = hexToNumber(head.timestamp)
  const gasUsed = hexToBigInt(head.gasUsed)
  const gasLimit = hexToBigInt(head.gasLimit)

  return (
    <Panel className="h-full overflow-hidden">
      <div className="relative px-6 pb-6 pt-5">
        <div className="pointer-events-none absolute inset-x-0 top-0 h-24 bg-gradient-to-b from-accent-50/80 to-transparent dark:from-accent-950/30" />
        <div className="relative flex items-center justify-between gap-3">
          <h2 className="text-xs font-semibold uppercase tracking-[0.08em] text-zinc-500 dark:text-zinc-400">Latest block</h2>
          <LiveBadge feed={feed} />
        </div>
        <div className="relative mt-3 flex flex-wrap items-end gap-x-5 gap-y-2">
          <AppLink
            to={blockPath(number)}
            key={head.hash}
            className="motion-safe:animate-fade-in text-5xl font-semibold tracking-tight text-zinc-900 tabular-nums transition hover:text-accent-600 sm:text-6xl dark:text-white dark:hover:text-accent-400"
          >
            <span className="mr-1 text-zinc-300 dark:text-zinc-600">#</span>
            <span data-testid="head-number">{formatInteger(number)}</span>
          </AppLink>
          <span data-testid="head-age" className="mb-2 inline-flex items-center gap-1.5 text-sm font-medium text-zinc-500 dark:text-zinc-400">
            <ClockIcon className="size-4" />
            <RowAge timestamp={timestamp} />
          </span>
        </div>
      </div>
      <dl className="grid gap-x-8 gap-y-5 border-t border-zinc-100 px-6 py-5 sm:grid-cols-2 dark:border-zinc-800">
        <InfoField label="Hash" testId="head-hash" className="sm:col-span-2">
          <Hash value={head.hash} to={blockPath(head.hash)} short={false} copyLabel="Copy block hash" />
        </InfoField>
        <InfoField label="Timestamp" testId="head-timestamp">
          {/* In UTC, as the block page leads with and the rows' dates read: the same for every viewer, and written
              without the locale data a viewer's zone needs (~30 ms to load before the first render). */}
          <span className="tabular-nums">{formatUtc(timestamp)}</span>
        </InfoField>
        <InfoField label="Gas used" testId="head-gas-used">
          <span className="tabular-nums">{formatInteger(gasUsed)}</span>
          <span className="text-zinc-500 dark:text-zinc-400">of {formatInteger(gasLimit)}</span>
          <GasBar used={gasUsed} limit={gasLimit} className="ml-2 w-28" />
        </InfoField>
        <InfoField label="Parent">
          <Hash value={head.parentHash} to={number > 0n ? blockPath(head.parentHash) : undefined} head={10} tail={8} copyLabel="Copy parent hash" />
        </InfoField>
        <InfoField label="Fee recipient">
          <Address address={head.miner} />
        </InfoField>
      </dl>
    </Panel>
  )
}
