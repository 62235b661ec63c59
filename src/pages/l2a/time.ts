/** Millisecond timestamps (received_timestamp_ms) as a date and time that keeps the milliseconds. */

const options: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
  timeZoneName: 'short',
}

/** JavaScript dates end at ±8.64e15 ms. */
const maxDateMs = 8.64e15

/** "Mar 3, 2023, 23:52:24.169 UTC" (or in the viewer's zone, named, when no zone is given). */
export function formatMillis(ms: number, timeZone?: string): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > maxDateMs) return `${ms} ms (out of the calendar's range)`
  return formatter(timeZone).format(new Date(ms))
}

// Building a DateTimeFormat costs far more than using one: one per zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? ''
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    formatters.set(key, found)
  }
  return found
}

export function formatMillisUtc(ms: number): string {
  return formatMillis(ms, 'UTC')
}

/** ISO 8601 in UTC, for <time dateTime>; null beyond the calendar. */
export function isoMillis(ms: number): string | null {
  return Number.isFinite(ms) && Math.abs(ms) <= maxDateMs ? new Date(ms).toISOString() : null
}
