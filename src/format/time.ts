/** Ages and timestamps; seconds in, text out. */

/** A mean Gregorian year and month, in days: ages past a month are rounded down to whole ones. */
const daysPerYear = 365.2425
const daysPerMonth = daysPerYear / 12

/**
 * "3 s ago", "2 min 5 s ago", "4 h 12 min ago", "3 d 2 h ago"; past 30 days in whole months ("5 months ago"), past
 * a year in whole years ("6 years ago": nobody reads "2469 d 23 h"). The exact time is the Age's title. A future
 * time (clock skew) reads as "0 s ago".
 */
export function formatAge(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds))
  if (total < 60) return `${total} s ago`
  const minutes = Math.floor(total / 60)
  if (minutes < 60) return `${minutes} min ${total % 60} s ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${minutes % 60} min ago`
  const days = Math.floor(hours / 24)
  if (days <= 30) return `${days} d ${hours % 24} h ago`
  const years = Math.floor(total / 86400 / daysPerYear)
  if (years >= 1) return years === 1 ? '1 year ago' : `${years} years ago`
  const months = Math.max(1, Math.floor(total / 86400 / daysPerMonth))
  return months === 1 ? '1 month ago' : `${months} months ago`
}

/** JavaScript dates end at ±8.64e15 ms; a block timestamp beyond that (a junk chain) is written as a number. */
const maxDateSeconds = 8.64e12

/**
 * A unix timestamp as a full date and time, with its zone named (the viewer's zone unless one is given):
 * "Nov 22, 2026, 05:47:02 UTC".
 */
// Building an Intl.DateTimeFormat costs far more than formatting with one, and a live page formats many
// timestamps a second: one formatter per zone and precision, made once.
const timestampFormats = new Map<string, Intl.DateTimeFormat>()

function timestampFormat(timeZone: string | undefined, millis = false): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${millis}`
  let format = timestampFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      ...(millis ? { fractionalSecondDigits: 3 as const } : {}),
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    })
    timestampFormats.set(key, format)
  }
  return format
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const twoDigits = (value: number) => String(value).padStart(2, '0')

/**
 * A UTC time as the en-US formatter writes it ("Nov 22, 2026, 05:47:02 UTC"), without building one: the
 * first Intl object of a page loads the locale data, a cost paid before the first render, and every
 * page shows UTC times. Years 1000 to 9999 only (four digits, no era); null for others, which Intl writes.
 */
function utcByHand(date: Date): string | null {
  const year = date.getUTCFullYear()
  if (year < 1000 || year > 9999) return null
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${year}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} UTC`
}

export function formatTimestamp(unixSeconds: number, timeZone?: string): string {
  if (!Number.isFinite(unixSeconds) || Math.abs(unixSeconds) > maxDateSeconds) return `unix time ${unixSeconds} (out of the calendar's range)`
  const date = new Date(unixSeconds * 1000)
  return (timeZone === 'UTC' ? utcByHand(date) : null) ?? timestampFormat(timeZone).format(date)
}

/** The timestamp in UTC, the same for every viewer: "Nov 22, 2026, 05:47:02 UTC". */
export function formatUtc(unixSeconds: number): string {
  return formatTimestamp(unixSeconds, 'UTC')
}

/** The timestamp in the viewer's own time zone, named: "Nov 22, 2026, 06:47:02 GMT+1". */
export function formatLocal(unixSeconds: number): string {
  return formatTimestamp(unixSeconds)
}

/** ISO 8601 in UTC ("2001-09-09T01:46:40.000Z"), for machine-readable dates; null beyond the calendar. */
export function isoUtc(unixSeconds: number): string | null {
  if (!Number.isFinite(unixSeconds) || Math.abs(unixSeconds) > maxDateSeconds) return null
  return new Date(unixSeconds * 1000).toISOString()
}

/** Mean seconds between consecutive timestamps (ascending or not); null with fewer than two. */
export function averageInterval(timestamps: readonly number[]): number | null {
  if (timestamps.length < 2) return null
  const sorted = [...timestamps].sort((a, b) => a - b)
  return (sorted.at(-1)! - sorted[0]!) / (sorted.length - 1)
}

/** JavaScript dates end at ±8.64e15 ms. */
const maxDateMs = 8.64e15

/**
 * A millisecond timestamp (l2a's received_timestamp_ms) with its milliseconds: "Mar 3, 2023, 23:52:24.169 UTC"
 * (or in the viewer's zone, named, when no zone is given).
 */
export function formatMillis(ms: number, timeZone?: string): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > maxDateMs) return `${ms} ms (out of the calendar's range)`
  return timestampFormat(timeZone, true).format(new Date(ms))
}

export function formatMillisUtc(ms: number): string {
  return formatMillis(ms, 'UTC')
}

/** ISO 8601 in UTC, for <time dateTime>; null beyond the calendar. */
export function isoMillis(ms: number): string | null {
  return Number.isFinite(ms) && Math.abs(ms) <= maxDateMs ? new Date(ms).toISOString() : null
}
