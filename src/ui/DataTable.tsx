import { useCallback, type ReactNode } from 'react'
import { Skeleton } from './Skeleton.tsx'
import { longListAbove } from '../../contract/listWindow.ts'
import { VirtualRows, type RowData } from './VirtualRows.tsx'

export type Column<T> = {
  key: string
  header: ReactNode
  cell: (row: T, index: number) => ReactNode
  align?: 'left' | 'right'
  /** Hidden on narrow screens, shown from this breakpoint up. */
  showFrom?: 'sm' | 'md' | 'lg' | 'xl'
  /** Extra classes for the column's cells (widths, fonts). */
  className?: string
  /** The width of the loading placeholder, as a Tailwind class. */
  skeletonWidth?: string
}

type DataTableProps<T> = {
  columns: readonly Column<T>[]
  /** undefined while loading: the skeleton rows show. */
  rows: readonly T[] | undefined
  rowKey: (row: T, index: number) => string | number
  /** Shown when `rows` is empty. */
  empty?: ReactNode
  /** What the table lists, for screen readers. */
  caption: string
  skeletonRows?: number
  /** Virtualize (only the rows in view are in the DOM) above this many rows. */
  virtualizeAbove?: number
  estimateRowHeight?: number
  /** Virtualized rows' fixed height in px, for tables whose cells are one line (VirtualRows: not measured). */
  rowHeight?: number
  testId?: string
  rowTestId?: string
  /** data-* attributes of a row's <tr>; keep it stable (module scope or useCallback) for virtualized tables. */
  rowData?: (row: T) => RowData
  /**
   * compact: short rows and a header that stays on top, for a table inside a small scrolling box (pass the
   * box as frameClassName, so the header sticks to it). A row whose rowData sets data-selected="true" shows
   * as selected.
   */
  density?: 'normal' | 'compact'
  /** The classes of the box around the table (default: it scrolls sideways when too wide). */
  frameClassName?: string
  /** top: for rows whose cells hold several lines (lists of keys, signatures), read from their first line. */
  cellAlign?: 'middle' | 'top'
}

// Literal class names, so Tailwind finds them.
const shownFrom = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', lg: 'hidden lg:table-cell', xl: 'hidden xl:table-cell' } as const

function cellClass(column: Column<never>, index: number, count: number, compact = false): string {
  return [
    compact ? 'px-3' : index === 0 ? 'pl-5 pr-3' : index === count - 1 ? 'pl-3 pr-5' : 'px-3',
    column.align === 'right' ? 'text-right' : 'text-left',
    column.showFrom ? shownFrom[column.showFrom] : '',
  ].join(' ')
}

const rowClass =
  'border-t border-zinc-100 transition-colors hover:bg-zinc-50/80 dark:border-zinc-800 dark:hover:bg-zinc-800/30 data-[selected=true]:bg-accent-50/70 dark:data-[selected=true]:bg-accent-950/30'
const densities = {
  normal: { row: `${rowClass} text-sm`, cell: 'py-3', head: 'py-2.5', thead: '' },
  compact: { row: `${rowClass} text-[13px]`, cell: 'py-1.5', head: 'py-2', thead: 'sticky top-0 z-10 bg-zinc-50 dark:bg-zinc-900' },
} as const

/**
 * The table every list uses: header, rows, an empty state, skeleton rows while loading; past
 * `virtualizeAbove` rows it renders only those in view (VirtualRows), so a 5,000-row block stays smooth.
 */
export function DataTable<T>({ columns, rows, rowKey, empty = 'Nothing to show.', caption, skeletonRows = 5, virtualizeAbove = longListAbove, estimateRowHeight, rowHeight, testId, rowTestId, rowData, density = 'normal', frameClassName = 'overflow-x-auto', cellAlign = 'middle' }: DataTableProps<T>) {
  const count = columns.length
  const compact = density === 'compact'
  const style = densities[density]
  const cells = useCallback(
    (row: T, rowIndex: number) =>
      columns.map((column, index) => (
        <td key={column.key} className={`${style.cell} ${cellAlign === 'top' ? 'align-top' : 'align-middle'} ${cellClass(column, index, columns.length, compact)} ${column.className ?? ''}`}>
          {column.cell(row, rowIndex)}
        </td>
      )),
    [columns, style, compact, cellAlign],
  )
  // The same functions while rows, columns and rowKey are the same (callers that keep them stable get the
  // benefit): the virtualizer walks every row again when getKey changes (O(rows): 100,000 logs), and the rows
  // in view render again when renderCells does. A render for something else (progress, a clock) then costs neither.
  const getKey = useCallback((index: number) => rowKey(rows![index]!, index), [rows, rowKey])
  const renderCells = useCallback((index: number) => cells(rows![index]!, index), [rows, cells])
  const dataOf = useCallback((index: number) => rowData!(rows![index]!), [rows, rowData])

  let body: ReactNode
  if (rows === undefined) {
    body = (
      <tbody>
        {Array.from({ length: skeletonRows }, (_, rowIndex) => (
          <tr key={rowIndex} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={testId ? `${testId}-loading-row` : undefined}>
            {columns.map((column, index) => (
              <td key={column.key} className={`py-3.5 ${cellClass(column, index, count, compact)}`}>
                <Skeleton className={`h-4 ${column.skeletonWidth ?? 'w-20'}`} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    )
  } else if (rows.length === 0) {
    body = (
      <tbody>
        <tr className="border-t border-zinc-100 dark:border-zinc-800">
          <td colSpan={count} className="px-5 py-10 text-center text-sm text-zinc-500 dark:text-zinc-400" data-testid={testId ? `${testId}-empty` : undefined}>
            {empty}
          </td>
        </tr>
      </tbody>
    )
  } else if (rows.length > virtualizeAbove) {
    body = (
      <VirtualRows
        count={rows.length}
        columnCount={count}
        getKey={getKey}
        renderCells={renderCells}
        estimateRowHeight={estimateRowHeight}
        rowHeight={rowHeight}
        rowClassName={style.row}
        rowTestId={rowTestId}
        rowData={rowData ? dataOf : undefined}
      />
    )
  } else {
    body = (
      <tbody>
        {rows.map((row, index) => (
          <tr {...rowData?.(row)} key={rowKey(row, index)} className={style.row} data-testid={rowTestId}>
            {cells(row, index)}
          </tr>
        ))}
      </tbody>
    )
  }

  return (
    // Relative for the same reason as LiveTable's frame: screen-reader-only text inside must scroll with it.
    <div className={`relative ${frameClassName}`}>
      <table className="w-full" data-testid={testId} aria-busy={rows === undefined} aria-rowcount={rows ? rows.length + 1 : undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className={style.thead}>
          <tr className="text-xs text-zinc-500 dark:text-zinc-400">
            {columns.map((column, index) => (
              <th key={column.key} scope="col" className={`${style.head} font-medium ${cellClass(column, index, count, compact)}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        {body}
      </table>
    </div>
  )
}
