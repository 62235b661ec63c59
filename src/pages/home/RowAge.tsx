import { memo, useMemo } from 'react'
import { formatAge, formatUtc, isoUtc } from '../../format/time.ts'
import { useNow } from '../../ui/useNow.ts'

/**
 * "12 s ago", ticking, with the UTC date on hover: ui/Age, except that the date (an Intl.DateTimeFormat built
 * per call) is worked out once per timestamp rather than on every tick of every row.
 */
export const RowAge = memo(function RowAge({ timestamp, testId }: { timestamp: number; testId?: string }) {
  const now = useNow()
  const [title, iso] = useMemo(() => [formatUtc(timestamp), isoUtc(timestamp) ?? undefined], [timestamp])
  return (
    <time dateTime={iso} title={title} data-testid={testId} className="whitespace-nowrap tabular-nums">
      {formatAge(now / 1000 - timestamp)}
    </time>
  )
})
