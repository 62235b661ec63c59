import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useState, type Key, type ReactNode } from 'react'
import { listOverscan } from '../../contract/listWindow.ts'
import { useServerMarkup } from './useServerMarkup.ts'
import { useValueStyle } from './valueStyle.tsx'

type VirtualRowsProps = {
  /** How many rows the list has. */
  count: number
  /** The cells (<td>s) of row `index`; VirtualRows wraps them in the <tr>. */
  renderCells: (index: number) => ReactNode
  getKey: (index: number) => Key
  /** Columns in the table, for the spacer rows. */
  columnCount: number
  /** A row's expected height in px; rows are measured once shown, so this only has to be close. */
  estimateRowHeight?: number
  /**
   * Every row's height in px, when the cells' content is one line that fits it: rows are then set to it and
   * never measured. Measuring reads each new row's height in the commit (a forced layout, then a second render
   * when a height differs from the estimate): on the 1,000-transaction block page that was most of going back
   * to it from the cache.
   */
  rowHeight?: number
  /** Rows rendered beyond each edge of the window, so a fast scroll does not show blanks. */
  overscan?: number
  rowClassName?: string
  rowTestId?: string
  /** data-* attributes of row `index` (what tests and styles pick a row by). */
  rowData?: (index: number) => RowData
}

/** data-* attributes for a row's <tr>. */
export type RowData = Record<`data-${string}`, string>

/**
 * Where the list starts in the document, kept current: the window virtualizer needs it (its scrollMargin)
 * to know which rows the viewport shows. Content above the list that grows or shrinks resizes the body,
 * which re-measures.
 */
function useDocumentOffset(): [number | null, (node: HTMLElement | null) => (() => void) | undefined] {
  // null until measured in the page. Rendered on the server (no page, no layout), the list counts from the top,
  // and so does the browser's hydration of that markup, which must render the server's rows.
  const [offset, setOffset] = useState<number | null>(useServerMarkup() ? 0 : null)
  const ref = useCallback((node: HTMLElement | null) => {
    if (!node) return undefined
    const measure = () => setOffset(Math.round(node.getBoundingClientRect().top + window.scrollY))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])
  return [offset, ref]
}

type VirtualRowProps = {
  index: number
  renderCells: (index: number) => ReactNode
  /** Reads the row's height; absent when rows have a fixed height. */
  measure: ((node: HTMLTableRowElement | null) => void) | undefined
  height: number | undefined
  className: string
  testId: string | undefined
  /** The list's function, not its answer: a new object per render would undo the memo. */
  rowData: ((index: number) => RowData) | undefined
}

/**
 * One row, memoised: the virtualizer re-renders the body on every scrolled frame, and without this every row
 * in view (its links, addresses, badges) rendered again each frame, not only the few that scrolled in. That
 * made scrolling a 5,000-row block a string of long tasks.
 */
const VirtualRow = memo(function VirtualRow({ index, renderCells, measure, height, className, testId, rowData }: VirtualRowProps) {
  const fixed = useValueStyle(height === undefined ? {} : { height })
  return (
    <tr {...rowData?.(index)} ref={measure} data-index={index} aria-rowindex={index + 2} data-testid={testId} className={fixed.className === undefined ? className : `${className} ${fixed.className}`} style={fixed.style}>
      {renderCells(index)}
      {fixed.sheet}
    </tr>
  )
})

/** A row holding the place of rows not rendered, `height` px tall. */
function SpacerRow({ height, columnCount }: { height: number; columnCount: number }) {
  const spacer = useValueStyle({ height })
  return (
    <tr aria-hidden="true" className={spacer.className} style={spacer.style}>
      <td colSpan={columnCount} className="p-0" />
      {spacer.sheet}
    </tr>
  )
}

/**
 * The <tbody> of a long table, virtualized against the window's scroll: only the rows in view (plus
 * `overscan`) are in the DOM, the rest are two spacer rows, so 5,000 rows scroll like 50. The page keeps
 * its one scrollbar.
 */
export function VirtualRows({ count, renderCells, getKey, columnCount, estimateRowHeight = 49, rowHeight, overscan = listOverscan, rowClassName = '', rowTestId, rowData }: VirtualRowsProps) {
  const [measuredOffset, bodyRef] = useDocumentOffset()
  // Until the list knows where it starts, it renders no row: counting from the top of the page, it rendered
  // a screenful of rows that the measurement, a moment later in the same commit, mostly removed again (on
  // the block page, whose table starts below the fold: 31 rows made and laid out, 13 kept).
  const scrollMargin = measuredOffset ?? 0
  const virtualizer = useWindowVirtualizer({
    enabled: measuredOffset !== null,
    count,
    estimateSize: () => rowHeight ?? estimateRowHeight,
    overscan,
    scrollMargin,
    getItemKey: getKey,
    // Read only when rendering to a string (in the page nothing renders until the list is measured). There the
    // list's place is not known, and the long lists the server renders start below the first screen (the block
    // page's transactions): a screen's height here made the server send rows, most of a large block's markup,
    // that nobody sees and the browser parses and lays out before the page's first frame; with a sliver (with
    // none the virtualizer shows no row at all), it sends the first row and the `overscan` after it, what the
    // page itself keeps once measured (contract/listWindow.ts: the block page's first screen reads the receipts
    // of those rows only).
    initialRect: { width: 1280, height: 1 },
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  const top = first ? first.start - scrollMargin : 0
  // Not measured yet: one spacer of the whole list, so the page is already as tall as it will be (a scroll
  // position restored in the same commit is not cut short).
  const bottom = last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : measuredOffset === null ? count * (rowHeight ?? estimateRowHeight) : 0

  return (
    <tbody ref={bodyRef} data-virtual-count={count}>
      {top > 0 && <SpacerRow height={top} columnCount={columnCount} />}
      {items.map((item) => (
        <VirtualRow
          key={item.key}
          index={item.index}
          renderCells={renderCells}
          measure={rowHeight === undefined ? virtualizer.measureElement : undefined}
          height={rowHeight}
          className={rowClassName}
          testId={rowTestId}
          rowData={rowData}
        />
      ))}
      {bottom > 0 && <SpacerRow height={bottom} columnCount={columnCount} />}
    </tbody>
  )
}
