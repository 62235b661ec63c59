import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import { hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatGasPricesInOneUnit, formatGwei, formatInteger, formatPercent } from '../../format/numbers.ts'
import { formatAge } from '../../format/time.ts'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { Toggle } from '../../ui/Toggle.tsx'
import { useNow } from '../../ui/useNow.ts'
import { useValueStyle } from '../../ui/valueStyle.tsx'
import { feeAxis, formatShare, gasAxisTop, gasRatio, type ChainBlock } from './liveWindow.ts'

type View = 'chart' | 'table'

/** One slot per block; the plot is drawn in these units and stretched to the panel's width. */
const slot = 10
const plotHeight = 100

/** Two decimals of a plot unit: finer than a pixel at any width, and a short path. */
const round2 = (value: number) => Math.round(value * 100) / 100

function baseFee(block: ChainBlock): bigint | null {
  return block.baseFeePerGas === undefined ? null : hexToBigInt(block.baseFeePerGas)
}

function Legend() {
  return (
    <span className="hidden items-center gap-4 text-xs text-zinc-500 sm:flex dark:text-zinc-400" aria-hidden="true">
      <span className="inline-flex items-center gap-1.5">
        <span className="size-2.5 rounded-[3px] bg-accent-300 dark:bg-accent-700" />
        Gas used / limit
      </span>
      <span className="inline-flex items-center gap-1.5">
        <span className="h-0.5 w-3.5 rounded-full bg-amber-500 dark:bg-amber-400" />
        Base fee
      </span>
    </span>
  )
}

/** The block the pointer (or the arrow keys) rests on, or the newest: its numbers, above the plot. */
function Readout({ block, newest }: { block: ChainBlock; newest: boolean }) {
  const now = useNow()
  const used = hexToBigInt(block.gasUsed)
  const limit = hexToBigInt(block.gasLimit)
  const fee = baseFee(block)
  return (
    <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-sm" data-testid="gas-chart-readout">
      <span className="font-medium text-zinc-900 dark:text-zinc-100">
        <span className="text-zinc-500 dark:text-zinc-400">Block </span>
        <span className="tabular-nums">{formatInteger(hexToBigInt(block.number))}</span>{' '}
        <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">{newest ? 'latest · ' : ''}{formatAge(now / 1000 - hexToNumber(block.timestamp))}</span>
      </span>
      <span className="text-zinc-600 dark:text-zinc-300">
        <span className="mr-1.5 inline-block size-2 rounded-[2px] bg-accent-400 align-middle" />
        <span className="tabular-nums">{formatInteger(used)}</span>
        <span className="text-zinc-500 dark:text-zinc-400"> of {formatInteger(limit)} gas · </span>
        <span className="tabular-nums">{formatPercent(used, limit)}</span>
      </span>
      <span className="text-zinc-600 dark:text-zinc-300">
        <span className="mr-1.5 inline-block h-0.5 w-3 rounded-full bg-amber-500 align-middle dark:bg-amber-400" />
        base fee <span className="tabular-nums">{fee === null ? 'none (before London)' : formatGwei(fee)}</span>
      </span>
    </div>
  )
}

/** Where `block` sits in `blocks`: by hash, else by number (a replaced block keeps its place), else -1. */
function locate(blocks: readonly ChainBlock[], block: ChainBlock): number {
  const byHash = blocks.findIndex((candidate) => candidate.hash === block.hash)
  return byHash >= 0 ? byHash : blocks.findIndex((candidate) => candidate.number === block.number)
}

function Plot({ blocks, size }: { blocks: readonly ChainBlock[]; size: number }) {
  const titleId = useId()
  const descId = useId()
  // The block looked at: it stays the same block while new ones push it left, and its readout stays even
  // if the window is briefly rebuilt without it (history re-read, reorg), rather than jumping to the head.
  const [focused, setFocused] = useState<ChainBlock | null>(null)
  const ratios = blocks.map(gasRatio)
  const top = gasAxisTop(Math.max(0, ...ratios))
  const fees = blocks.map(baseFee)
  const knownFees = fees.filter((fee): fee is bigint => fee !== null)
  const axis = feeAxis(knownFees)
  // One unit on the axis: "1.2 gwei" over "7 wei" read as if the line fell a billionfold further than it did.
  const [highLabel, lowLabel] = formatGasPricesInOneUnit([axis.high, axis.low])
  // Newest at the right edge; a young chain leaves the left slots empty.
  const offset = size - blocks.length
  const x = (index: number) => (offset + index) * slot
  const y = (share: number) => plotHeight - share * plotHeight
  const line = fees.map((fee, index) => (fee === null ? null : `${x(index) + slot / 2},${y(axis.position(fee))}`)).filter(Boolean).join(' ')
  // Each bar a rectangle with its top corners rounded (as rx did), in the plot's units.
  const bars = ratios.map((ratio, index) => {
    const height = Math.max(ratio > 0 ? 1.2 : 0.6, (ratio / top) * plotHeight)
    const [left, right, radius] = [x(index) + 1.5, x(index) + slot - 1.5, Math.min(1.2, height / 2)]
    const [topY, bend] = [round2(plotHeight - height), round2(plotHeight - height + radius)]
    return `M${left} ${plotHeight}V${bend}Q${left} ${topY} ${left + radius} ${topY}H${right - radius}Q${right} ${topY} ${right} ${bend}V${plotHeight}Z`
  })
  const focusedIndex = focused === null ? -1 : locate(blocks, focused)
  const shown = focused === null ? blocks.length - 1 : focusedIndex
  const focusOn = (index: number) => setFocused(blocks[Math.min(blocks.length - 1, Math.max(0, index))]!)
  const first = blocks[0]!
  const last = blocks.at(-1)!
  const [firstNumber, lastNumber] = [hexToBigInt(first.number), hexToBigInt(last.number)]
  const target = top >= 0.5 ? 0.5 / top : null

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      // End: back to following the newest block.
      if (event.key === 'Home') focusOn(0)
      else setFocused(null)
    } else if (step !== 0) {
      event.preventDefault()
      focusOn((shown < 0 ? blocks.length - 1 : shown) + step)
    } else if (event.key === 'Escape') setFocused(null)
  }

  const description =
    `Bars: gas used as a share of the gas limit, on a scale of 0 to ${formatShare(top)}; the fullest block used ${formatShare(Math.max(0, ...ratios))}. ` +
    (knownFees.length > 0 ? axis.low === axis.high
        ? `Line: base fee per gas, steady at ${formatGwei(axis.low)}.`
        : `Line: base fee per gas, from ${formatGwei(axis.low)} to ${formatGwei(axis.high)}; now ${formatGwei(knownFees.at(-1)!)}.` : 'These blocks have no base fee.') +
    ' The arrow keys move from block to block; the table view lists every value.'

  return (
    <div className="space-y-4">
      <Readout block={focused ?? last} newest={focused === null || focused.hash === last.hash} />
      <div className="flex gap-3">
        {/* Gas axis (left). */}
        <div className="relative w-10 shrink-0 text-right text-[11px] tabular-nums text-zinc-500 dark:text-zinc-400" aria-hidden="true">
          <span className="absolute right-0 top-0 -translate-y-1/2">{formatShare(top)}</span>
          <span className="absolute right-0 top-1/2 -translate-y-1/2">{formatShare(top / 2)}</span>
          <span className="absolute bottom-0 right-0 translate-y-1/2">0%</span>
        </div>
        <div
          className="relative h-48 min-w-0 flex-1 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-500 sm:h-56"
          tabIndex={0}
          onKeyDown={onKeyDown}
          onBlur={() => setFocused(null)}
          aria-labelledby={titleId}
          aria-describedby={descId}
          role="group"
          data-testid="gas-chart"
          data-newest-block={lastNumber.toString()}
        >
          <svg
            viewBox={`0 0 ${size * slot} ${plotHeight}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descId}
            onPointerLeave={() => setFocused(null)}
          >
            <title id={titleId}>{`Gas used and base fee, blocks ${formatInteger(firstNumber)} to ${formatInteger(lastNumber)}`}</title>
            <desc id={descId}>{description}</desc>
            {[0, 0.5, 1].map((share) => (
              <line key={share} x1={0} x2={size * slot} y1={y(share)} y2={y(share)} vectorEffect="non-scaling-stroke" className="stroke-zinc-200 dark:stroke-zinc-800" strokeWidth={1} strokeDasharray={share === 0 ? undefined : '3 4'} />
            ))}
            {target !== null && (
              <line x1={0} x2={size * slot} y1={y(target)} y2={y(target)} vectorEffect="non-scaling-stroke" className="stroke-accent-400/60" strokeWidth={1} strokeDasharray="6 4" />
            )}
            {/* The bars as one path and the block looked at drawn over it: 50 rects and 50 hover targets were a
                sixth of the home page's elements, each styled and laid out on every load. */}
            <path d={bars.filter((_, index) => index !== shown).join('')} className="fill-accent-200 dark:fill-accent-900" data-testid="gas-chart-bars" />
            {bars[shown] !== undefined && <path d={bars[shown]} className="fill-accent-500 dark:fill-accent-400" data-testid="gas-chart-bar-shown" />}
            {line && <polyline points={line} fill="none" vectorEffect="non-scaling-stroke" strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" className="stroke-amber-500 dark:stroke-amber-400" />}
            {/* One hover target over the whole plot: the slot under the pointer is the block. */}
            <rect
              x={0}
              width={size * slot}
              y={0}
              height={plotHeight}
              fill="transparent"
              onPointerMove={(event) => {
                const box = event.currentTarget.getBoundingClientRect()
                const index = Math.floor(((event.clientX - box.left) / box.width) * size) - offset
                if (index >= 0 && index < blocks.length && index !== focusedIndex) focusOn(index)
              }}
            />
          </svg>
          {fees[shown] != null && <FeeDot left={((x(shown) + slot / 2) / (size * slot)) * 100} top={(y(axis.position(fees[shown]!)) / plotHeight) * 100} />}
        </div>
        {/* Base-fee axis (right). */}
        <div className="relative w-20 shrink-0 text-[11px] tabular-nums text-amber-700 dark:text-amber-400" aria-hidden="true">
          {knownFees.length > 0 && axis.low !== axis.high ? (
            <>
              <span className="absolute left-0 top-[10%] -translate-y-1/2 whitespace-nowrap" data-testid="fee-axis-high">{highLabel}</span>
              <span className="absolute left-0 top-[90%] -translate-y-1/2 whitespace-nowrap" data-testid="fee-axis-low">{lowLabel}</span>
            </>
          ) : knownFees.length > 0 ? (
            <span className="absolute left-0 top-1/2 -translate-y-1/2 whitespace-nowrap">{formatGwei(axis.low)}</span>
          ) : null}
        </div>
      </div>
      <div className="ml-[3.25rem] mr-[5.75rem] flex justify-between text-[11px] tabular-nums text-zinc-500 dark:text-zinc-400" aria-hidden="true">
        <span>#{formatInteger(firstNumber)}</span>
        <span>{blocks.length} blocks</span>
        <span>#{formatInteger(lastNumber)}</span>
      </div>
    </div>
  )
}

const chartColumns: Column<ChainBlock>[] = [
  { key: 'number', header: 'Block', cell: (block) => <BlockLink number={block.number} copy={false} /> },
  { key: 'used', header: 'Gas used', align: 'right', className: 'tabular-nums', cell: (block) => formatInteger(hexToBigInt(block.gasUsed)) },
  { key: 'limit', header: 'Gas limit', align: 'right', showFrom: 'sm', className: 'tabular-nums', cell: (block) => formatInteger(hexToBigInt(block.gasLimit)) },
  { key: 'share', header: 'Share', align: 'right', className: 'tabular-nums', cell: (block) => formatPercent(hexToBigInt(block.gasUsed), hexToBigInt(block.gasLimit)) },
  {
    key: 'fee',
    header: 'Base fee',
    align: 'right',
    className: 'tabular-nums',
    cell: (block) => {
      const fee = baseFee(block)
      return fee === null ? '—' : formatGwei(fee, 9)
    },
  },
]
const chartRowKey = (block: ChainBlock) => block.hash
const chartRowData = (block: ChainBlock) => ({ 'data-number': hexToBigInt(block.number).toString() })

function ChartTable({ blocks }: { blocks: readonly ChainBlock[] }) {
  const newestFirst = useMemo(() => [...blocks].reverse(), [blocks])
  return (
    <DataTable
      columns={chartColumns}
      rows={newestFirst}
      rowKey={chartRowKey}
      rowData={chartRowData}
      caption={`Gas used, gas limit and base fee of the last ${blocks.length} blocks, newest first`}
      density="compact"
      frameClassName="max-h-80 overflow-auto rounded-lg text-zinc-700 ring-1 ring-zinc-100 dark:text-zinc-300 dark:ring-zinc-800"
      testId="gas-chart-table"
    />
  )
}

/** Gas used against the gas limit (bars) and the base fee (line) over the last `size` blocks, live. */
export function GasChart({ blocks, size, loading }: { blocks: readonly ChainBlock[]; size: number; loading: boolean }) {
  const [view, setView] = useState<View>('chart')
  return (
    <Panel
      testId="gas-chart-panel"
      title={`Gas and base fee · last ${size} blocks`}
      actions={
        <span className="flex items-center gap-4">
          <Legend />
          <Toggle
            label="Show the gas and base fee as"
            value={view}
            onChange={setView}
            testId="gas-chart-view"
            options={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
          />
        </span>
      }
    >
      <div className="px-5 py-5">
        {blocks.length === 0 || (loading && blocks.length < 2) ? (
          <div aria-busy="true" className="space-y-4">
            <Skeleton className="h-5 w-96 max-w-full" />
            <Skeleton className="block h-48 w-full sm:h-56" />
          </div>
        ) : view === 'chart' ? (
          <Plot blocks={blocks} size={size} />
        ) : (
          <ChartTable blocks={blocks} />
        )}
      </div>
    </Panel>
  )
}

/** The base fee of the block shown, on the plot: `left` and `top` in percent of the plot's box. */
function FeeDot({ left, top }: { left: number; top: number }) {
  const place = useValueStyle({ left: `${left}%`, top: `${top}%` })
  return (
    <>
      <span
        aria-hidden="true"
        className={`pointer-events-none absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-amber-500 ring-2 ring-white dark:bg-amber-400 dark:ring-zinc-900 ${place.className ?? ''}`}
        style={place.style}
      />
      {place.sheet}
    </>
  )
}
