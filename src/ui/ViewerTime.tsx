import { formatLocal, formatUtc } from '../format/time.ts'
import { useServerMarkup } from './useServerMarkup.ts'

/**
 * A time in the viewer's own zone. Only the browser knows that zone: the server's markup and the render that
 * hydrates it write UTC (the server's zone is not the viewer's, and a text that differs would make React throw
 * the server's markup away), and the render right after writes the viewer's.
 */
export function ViewerTime({ unixSeconds }: { unixSeconds: number }) {
  return useServerMarkup() ? formatUtc(unixSeconds) : formatLocal(unixSeconds)
}

/** "<the time in the viewer's zone>, " where that differs from UTC (which is shown beside it); nothing before hydration. */
export function ViewerTimeBesideUtc({ unixSeconds }: { unixSeconds: number }) {
  const serverMarkup = useServerMarkup()
  if (serverMarkup) return null
  const local = formatLocal(unixSeconds)
  return local === formatUtc(unixSeconds) ? null : `${local}, `
}
