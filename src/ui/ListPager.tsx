import { formatInteger } from '../format/numbers.ts'
import { Button } from './Button.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from './pageIcons.tsx'

/** Which items page `page` (0-based) of `size` shows out of `total`: [start, end), the page clamped into range. */
export function pageWindow(total: number, page: number, size: number): { page: number; pageCount: number; start: number; end: number } {
  const pageCount = Math.max(1, Math.ceil(total / size))
  const clamped = Math.min(Math.max(0, Math.trunc(page)), pageCount - 1)
  const start = clamped * size
  return { page: clamped, pageCount, start, end: Math.min(total, start + size) }
}

type ListPagerProps = {
  /** What the list holds, for the range text and the buttons' names ("logs"). */
  noun: string
  total: number
  start: number
  end: number
  page: number
  pageCount: number
  onPage: (page: number) => void
  testId: string
}

/**
 * Pages through a long list kept in memory (a receipt's thousands of logs): the page renders one page's
 * worth, so a transaction with 4,100 logs is 25 entries in the document rather than 176,000 nodes.
 */
export function ListPager({ noun, total, start, end, page, pageCount, onPage, testId }: ListPagerProps) {
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center gap-2" data-testid={testId}>
      <span className="mr-1 text-xs tabular-nums text-zinc-500 dark:text-zinc-400" data-testid={`${testId}-range`} data-start={start} data-end={end}>
        {formatInteger(BigInt(start + 1))}–{formatInteger(BigInt(end))} of {formatInteger(BigInt(total))}
      </span>
      <Button size="sm" disabled={page === 0} onClick={() => onPage(0)} aria-label={`First page of ${noun}`} data-testid={`${testId}-first`}>
        First
      </Button>
      <Button size="sm" disabled={page === 0} onClick={() => onPage(page - 1)} aria-label={`Previous page of ${noun}`} data-testid={`${testId}-previous`}>
        <ChevronLeftIcon className="size-3.5" />
        Previous
      </Button>
      <Button size="sm" disabled={page >= pageCount - 1} onClick={() => onPage(page + 1)} aria-label={`Next page of ${noun}`} data-testid={`${testId}-next`}>
        Next
        <ChevronRightIcon className="size-3.5" />
      </Button>
      <Button size="sm" disabled={page >= pageCount - 1} onClick={() => onPage(pageCount - 1)} aria-label={`Last page of ${noun}`} data-testid={`${testId}-last`}>
        Last
      </Button>
    </nav>
  )
}
