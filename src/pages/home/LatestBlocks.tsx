import { memo } from 'react'
import { hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatGwei, formatInteger, formatPercent } from '../../format/numbers.ts'
import type { Block } from '../../rpc/schemas.ts'
import { RowAge } from './RowAge.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { GasBar } from '../../ui/GasBar.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { CubeIcon } from '../../ui/icons.tsx'
import { LiveTable, LoadingRow } from '../../ui/LiveTable.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { blockPath, blocksPath } from '../../urls.ts'
import type { ChainBlock } from './liveWindow.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'

/** A listed block: its header, and the block with its transaction hashes once that is here. */
export type BlockRow = { block: ChainBlock; details: Block | null | undefined }

/** Memoised: a new head re-renders only the rows that changed. */
const Row = memo(function Row({ block, details }: BlockRow) {
  const number = hexToBigInt(block.number)
  const used = hexToBigInt(block.gasUsed)
  const limit = hexToBigInt(block.gasLimit)
  const count = details?.transactions.length
  return (
    <tr
      data-testid="block-row"
      data-number={number.toString()}
      data-hash={block.hash}
      className="motion-safe:animate-fade-in text-sm transition-[background-color] hover:bg-zinc-50/80 dark:hover:bg-zinc-800/30"
    >
      <td className="py-3 pl-5 pr-3">
        <WithIconTile icon={<CubeIcon className="size-4" />} tone="neutral" shape="soft" display="hidden min-[420px]:flex">
          <AppLink to={blockPath(number)} testId="block-row-number" className="font-medium tabular-nums text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
            {formatInteger(number)}
          </AppLink>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <RowAge timestamp={hexToNumber(block.timestamp)} />
          </p>
        </WithIconTile>
      </td>
      <td className="px-3 py-3">
        <Hash value={block.hash} to={blockPath(block.hash)} copyLabel="Copy block hash" />
        <p className="text-xs tabular-nums text-zinc-500 dark:text-zinc-400" data-testid="block-row-transactions">
          {count === undefined ? <Skeleton className="h-3 w-12" /> : `${formatInteger(count)} ${count === 1 ? 'txn' : 'txns'}`}
          <span className="sm:hidden"> · {formatPercent(used, limit)} gas</span>
        </p>
      </td>
      <td className="hidden py-3 pl-3 pr-5 sm:table-cell">
        <div className="ml-auto w-40">
          <div className="flex items-baseline justify-between gap-2 text-xs">
            <span className="tabular-nums text-zinc-700 dark:text-zinc-300">{formatInteger(used)} gas</span>
          </div>
          <GasBar used={used} limit={limit} className="mt-1 w-full" />
          <p className="mt-0.5 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
            {block.baseFeePerGas === undefined ? 'no base fee' : `base ${formatGwei(hexToBigInt(block.baseFeePerGas))}`}
          </p>
        </div>
      </td>
    </tr>
  )
})

const loadingCells = [
  { cell: 'py-3 pl-5 pr-3', skeleton: 'w-32' },
  { cell: 'px-3 py-3', skeleton: 'w-36' },
  { cell: 'hidden py-3 pl-3 pr-5 sm:table-cell', skeleton: 'ml-auto w-40' },
]

/** The newest blocks, newest first, a fixed number of rows; each new head slides in at the top. */
export function LatestBlocks({ rows, count, error }: { rows: readonly BlockRow[]; count: number; error: Error | null }) {
  const loading = Array.from({ length: Math.max(0, count - rows.length) }, (_, index) => index)
  return (
    <Panel
      className="flex min-w-0 flex-col"
      title="Latest blocks"
      actions={
        <AppLink to={blocksPath} className="text-xs font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
          All blocks →
        </AppLink>
      }
    >
      {error ? (
        <div className="p-5">
          <ErrorPanel error={error} compact />
        </div>
      ) : (
        <LiveTable testId="recent-blocks" caption={`The ${count} newest blocks, newest first, updated live`} columns={['Block and age', 'Hash and transactions', 'Gas used and base fee']} busy={rows.length < count}>
          {rows.map((row) => (
            <Row key={row.block.hash} {...row} />
          ))}
          {loading.map((index) => (
            <LoadingRow key={`loading-${index}`} cells={loadingCells} />
          ))}
        </LiveTable>
      )}
    </Panel>
  )
}
