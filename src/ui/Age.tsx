import { formatAge, formatUtc, isoUtc } from '../format/time.ts'
import { useNow } from './useNow.ts'

/** "12 s ago", ticking every second, with the UTC date on hover. */
export function Age({ timestamp, testId }: { timestamp: number; testId?: string }) {
  const now = useNow()
  return (
    <time dateTime={isoUtc(timestamp) ?? undefined} title={formatUtc(timestamp)} data-testid={testId} className="whitespace-nowrap tabular-nums">
      {formatAge(now / 1000 - timestamp)}
    </time>
  )
}
