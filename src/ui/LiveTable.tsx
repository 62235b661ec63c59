import type { ReactNode } from 'react'
import { Skeleton } from './Skeleton.tsx'

/**
 * The shell of a short live list (the home page's newest blocks and transactions): a table whose columns are
 * named for screen readers only, rows that slide in at the top, and skeleton rows while the rest load.
 */
export function LiveTable({ testId, caption, columns, busy, children }: { testId: string; caption: string; columns: readonly string[]; busy: boolean; children: ReactNode }) {
  return (
    // Relative: the screen-reader-only header and cells are absolutely positioned, and without a positioned
    // frame they escape its scrolling and widen the whole page on a narrow screen.
    <div className="relative overflow-x-auto">
      <table className="w-full" data-testid={testId} aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  )
}

/** A live row still loading: per cell, the cell's padding (and visibility) and the skeleton's size. */
export function LoadingRow({ cells }: { cells: ReadonlyArray<{ cell: string; skeleton: string }> }) {
  return (
    <tr aria-hidden="true">
      {cells.map(({ cell, skeleton }, index) => (
        <td key={index} className={cell}>
          <Skeleton className={`block h-9 ${skeleton}`} />
        </td>
      ))}
    </tr>
  )
}
