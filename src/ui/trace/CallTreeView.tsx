import { useVirtualizer } from '@tanstack/react-virtual'
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Hex } from 'viem'
import { decodeRevert, describeRevert } from '../../../contract/revert.ts'
import { decodeReturn, valueText } from '../../evm/abiValues.ts'
import { initiallyCollapsed, visibleRows, type CallTree, type TraceFrame } from '../../evm/callTree.ts'
import { calledFunction, describeCalldata } from '../../evm/names/calldata.ts'
import type { Names } from '../../evm/names/names.ts'
import { formatEther, formatInteger } from '../../format/numbers.ts'
import { shortHex } from '../../format/hex.ts'
import { Address } from '../Address.tsx'
import { Badge } from '../Badge.tsx'
import { HexBlock } from '../HexBlock.tsx'

/** Every row is one line this tall: rows are never measured, so a 10,000-frame tree scrolls without layout work. */
const rowHeight = 32

/** The frame's call as one line: the callee's contract name and function, else the selector. */
function callLabel(frame: TraceFrame, names: Names | null): string {
  if (frame.type.startsWith('CREATE')) return 'new contract'
  if (frame.type === 'SELFDESTRUCT') return 'self-destruct'
  const described = describeCalldata(frame.input, names, frame.to)
  const contract = frame.to ? names?.contractAt(frame.to)?.name : undefined
  const callee = contract ?? (frame.to ? shortHex(frame.to) : '?')
  switch (described.kind) {
    case 'known':
      return `${callee}.${described.name}(${described.args.map((argument) => shorten(valueText(argument.value))).join(', ')})`
    case 'unknown':
      return `${callee}.${described.selector}(…)`
    case 'empty':
      return `${callee} (no input)`
    default:
      return callee
  }
}

function shorten(text: string): string {
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return shortHex(text as Hex)
  return text.length > 24 ? `${text.slice(0, 21)}…` : text
}

const typeTone = (type: string) => (type.startsWith('CREATE') ? 'success' : type === 'SELFDESTRUCT' ? 'danger' : type === 'DELEGATECALL' || type === 'STATICCALL' ? 'neutral' : 'accent')

function FrameDetails({ frame, names }: { frame: TraceFrame; names: Names | null }) {
  const fn = calledFunction(frame.input, names, frame.to)
  const described = frame.to ? describeCalldata(frame.input, names, frame.to) : null
  let returned: string | null = null
  if (fn && frame.output && !frame.error) {
    try {
      returned = decodeReturn(fn, frame.output)?.map((value) => `${value.name ? `${value.name}: ` : ''}${value.text}`).join(', ') ?? null
    } catch {
      returned = null
    }
  }
  const revert = frame.error ? (frame.output && frame.output !== '0x' ? describeRevert(decodeRevert(frame.output, names?.errorsAbi() ?? [])) : null) : null
  return (
    <dl className="grid gap-x-4 gap-y-2 border-t border-zinc-100 px-5 py-4 text-sm sm:grid-cols-[10rem_1fr] dark:border-zinc-800" data-testid="tx-trace-details">
      <dt className="text-zinc-500 dark:text-zinc-400">Type</dt>
      <dd>{frame.type}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Caller</dt>
      <dd>
        <Address address={frame.from} short={false} testId="tx-trace-from" />
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">{frame.type.startsWith('CREATE') ? 'Created' : 'Callee'}</dt>
      <dd>{frame.to ? <Address address={frame.to} short={false} testId="tx-trace-to" /> : 'none (the creation failed)'}</dd>
      {frame.value !== null && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">Value</dt>
          <dd className="tabular-nums" data-testid="tx-trace-value" data-value={frame.value.toString(10)}>
            {formatEther(frame.value)}
          </dd>
        </>
      )}
      {frame.gasUsed !== null && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">Gas used</dt>
          <dd className="tabular-nums" data-testid="tx-trace-gas">
            {formatInteger(frame.gasUsed)}
          </dd>
        </>
      )}
      <dt className="text-zinc-500 dark:text-zinc-400">Input</dt>
      <dd className="min-w-0" data-testid="tx-trace-input">
        {described?.kind === 'known' ? (
          <div className="mb-2 font-mono text-[13px] break-all" data-testid="tx-trace-function">
            {described.signature}
            <ul className="mt-1 space-y-0.5">
              {described.args.map((argument, index) => (
                <li key={index}>
                  <span className="text-zinc-500 dark:text-zinc-400">{argument.name}:</span> {valueText(argument.value)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {frame.input === '0x' ? 'none' : <HexBlock value={frame.input} label="Copy input" />}
      </dd>
      {frame.error ? (
        <>
          <dt className="text-red-700 dark:text-red-400">Failed</dt>
          <dd className="text-red-800 dark:text-red-300" data-testid="tx-trace-error">
            {frame.error}
            {revert ? `: ${revert}` : ''}
          </dd>
        </>
      ) : null}
      {frame.output !== null && frame.output !== '0x' && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">{frame.error ? 'Revert data' : 'Output'}</dt>
          <dd className="min-w-0" data-testid="tx-trace-output">
            {returned !== null && <div className="mb-2 font-mono text-[13px] break-all">{returned}</div>}
            <HexBlock value={frame.output} label="Copy output" />
          </dd>
        </>
      )}
    </dl>
  )
}

/**
 * The call tree, virtualized: only the rows in view are in the DOM. One focusable tree (aria-activedescendant),
 * so the keys move through rows that may not be rendered yet: up and down, right opens or enters, left closes
 * or goes to the caller, Home and End.
 */
export function CallTreeView({ tree, names, idPrefix }: { tree: CallTree; names: Names | null; idPrefix: string }) {
  const [collapsed, setCollapsed] = useState(() => initiallyCollapsed(tree))
  const [active, setActive] = useState(tree.revertingRow ?? 0)
  const shown = useMemo(() => visibleRows(tree, collapsed), [tree, collapsed])
  const positionOf = useMemo(() => new Map(shown.map((row, position) => [row, position])), [shown])
  const scroller = useRef<HTMLDivElement>(null)
  // The compiler leaves this component unmemoised (the virtualizer's functions change as it scrolls), as wanted.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: shown.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12, initialOffset: Math.max(0, ((positionOf.get(active) ?? 0) - 4) * rowHeight) })
  const idOf = (row: number) => `${idPrefix}-${row}`

  const toggle = (row: number) =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (next.has(row)) next.delete(row)
      else next.add(row)
      return next
    })
  const moveTo = (row: number) => {
    setActive(row)
    const position = positionOf.get(row)
    if (position !== undefined) virtualizer.scrollToIndex(position, { align: 'auto' })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const position = positionOf.get(active) ?? 0
    const row = tree.rows[active]!
    const hasChildren = row.end > active + 1
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(shown[Math.min(shown.length - 1, position + 1)]!),
      ArrowUp: () => moveTo(shown[Math.max(0, position - 1)]!),
      Home: () => moveTo(0),
      End: () => moveTo(shown.at(-1)!),
      ArrowRight: () => (hasChildren && collapsed.has(active) ? toggle(active) : hasChildren ? moveTo(active + 1) : undefined),
      ArrowLeft: () => (hasChildren && !collapsed.has(active) ? toggle(active) : row.parent >= 0 ? moveTo(row.parent) : undefined),
      Enter: () => hasChildren && toggle(active),
    }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  const items = virtualizer.getVirtualItems()
  const top = items[0]?.start ?? 0
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0)
  return (
    <div>
      <div
        ref={scroller}
        role="tree"
        aria-label="Call trace"
        tabIndex={0}
        aria-activedescendant={idOf(active)}
        onKeyDown={onKeyDown}
        className="max-h-[28rem] overflow-auto outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-inset"
        data-testid="tx-trace-tree"
        data-rows={tree.rows.length}
      >
        <div aria-hidden="true" style={{ height: top }} />
        {items.map((item) => {
          const index = shown[item.index]!
          const row = tree.rows[index]!
          const hasChildren = row.end > index + 1
          const open = hasChildren && !collapsed.has(index)
          const frame = row.frame
          const failed = frame.error !== null
          return (
            <div
              key={index}
              id={idOf(index)}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-expanded={hasChildren ? open : undefined}
              aria-selected={index === active}
              data-testid="tx-trace-row"
              data-row={index}
              data-depth={row.depth}
              data-type={frame.type}
              data-failed={failed || undefined}
              data-reverting={index === tree.revertingRow || undefined}
              onClick={() => setActive(index)}
              style={{ height: rowHeight, paddingLeft: 12 + Math.min(row.depth, 40) * 16 }}
              className={`flex cursor-default items-center gap-2 pr-4 text-[13px] whitespace-nowrap ${index === active ? 'bg-accent-50 dark:bg-accent-950/40' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50'}`}
            >
              <button
                type="button"
                tabIndex={-1}
                aria-hidden="true"
                onClick={(event) => {
                  event.stopPropagation()
                  setActive(index)
                  if (hasChildren) toggle(index)
                }}
                className={`grid size-5 shrink-0 place-items-center rounded text-zinc-500 ${hasChildren ? 'hover:bg-zinc-200 dark:hover:bg-zinc-700' : 'invisible'}`}
              >
                {open ? '▾' : '▸'}
              </button>
              <Badge tone={typeTone(frame.type)}>{frame.type}</Badge>
              <span className={`truncate font-mono ${failed ? 'text-red-700 dark:text-red-400' : ''}`} data-testid="tx-trace-call">
                {callLabel(frame, names)}
              </span>
              {frame.value !== null && frame.value > 0n && <span className="shrink-0 text-zinc-600 tabular-nums dark:text-zinc-400">{formatEther(frame.value)}</span>}
              <span className="ml-auto flex shrink-0 items-center gap-2">
                {index === tree.revertingRow && (
                  <Badge tone="danger" testId="tx-trace-reverting">
                    revert began here
                  </Badge>
                )}
                {failed && index !== tree.revertingRow && <Badge tone="danger">{frame.error}</Badge>}
                {frame.gasUsed !== null && <span className="text-zinc-600 tabular-nums dark:text-zinc-400">{formatInteger(frame.gasUsed)} gas</span>}
              </span>
            </div>
          )
        })}
        <div aria-hidden="true" style={{ height: Math.max(0, bottom) }} />
      </div>
      <FrameDetails frame={tree.rows[active]!.frame} names={names} />
    </div>
  )
}
