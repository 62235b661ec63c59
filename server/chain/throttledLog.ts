/**
 * A log that lets one line through per interval and counts the rest: when the node is down the
 * traffic generator fails every second, and one line every ten seconds says as much.
 */
export function throttledLog(log: (line: string) => void, intervalMs = 10_000, now: () => number = Date.now): (line: string) => void {
  let last = -Infinity
  let suppressed = 0
  return (line) => {
    const at = now()
    if (at - last < intervalMs) {
      suppressed += 1
      return
    }
    log(suppressed > 0 ? `${line} (${suppressed} more since the last line)` : line)
    last = at
    suppressed = 0
  }
}
