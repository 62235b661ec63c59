/**
 * How the app's long tables show their rows (src/ui/DataTable.tsx, src/ui/VirtualRows.tsx), apart from their
 * code: the block page's data plan (src/queries/blockPage.ts) reads it to know which rows a first screen holds,
 * and the bench's floor (bench/floor.ts) to ask for what that screen needs and no more.
 */

/** Past this many rows a table renders only the rows in view (VirtualRows). */
export const longListAbove = 100

/** Rows rendered beyond each edge of the window, so a fast scroll does not show blanks. */
export const listOverscan = 12

/**
 * The rows a long list renders where its place on the page is not known (the server's render, VirtualRows'
 * `initialRect`): its first row and the overscan after it, what the page itself keeps once it has measured a
 * list that starts below the first screen.
 */
export const unmeasuredListRows = 1 + listOverscan

/**
 * How many rows of a list of `count` a first screen rendered by the server holds when that is not all of them
 * (a long list: its unmeasured rows); undefined when the list is shown whole.
 */
export function partialFirstScreenRows(count: number): number | undefined {
  return count > longListAbove ? unmeasuredListRows : undefined
}
