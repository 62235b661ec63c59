/**
 * Sizes and speeds for the file panel. Local to the panel for now: src/format (shared) is being reworked by
 * another change; these can move there once it lands.
 */

const grouped = new Intl.NumberFormat('en-US')
const units = ['KiB', 'MiB', 'GiB', 'TiB'] as const

/** 512 -> "512 B", 1536 -> "1.5 KiB", 3 * 2^20 -> "3 MiB" (binary units, at most 2 decimals, cut not rounded up). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${grouped.format(bytes)} B`
  let unit = 0
  let divisor = 1024
  while (unit < units.length - 1 && bytes >= divisor * 1024) {
    divisor *= 1024
    unit++
  }
  const value = Math.floor((bytes / divisor) * 100) / 100
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${units[unit]}`
}

/** Exact byte count, grouped: "3,145,728 bytes". */
export function formatByteCount(bytes: number): string {
  return `${grouped.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`
}

/** One decimal: a speed that changes every tenth of a second needs no more. */
export function formatSpeed(bytesPerSecond: number): string {
  if (bytesPerSecond < 1024) return `${Math.round(bytesPerSecond)} B/s`
  let unit = 0
  let value = bytesPerSecond / 1024
  while (unit < units.length - 1 && value >= 1024) {
    value /= 1024
    unit++
  }
  return `${value.toFixed(1)} ${units[unit]}/s`
}

/** loaded / total as a whole percent, never 100 before the end; 100 for an empty file. */
export function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 100
  const percent = Math.floor((loaded / total) * 100)
  return loaded < total ? Math.min(99, percent) : 100
}

/** A long CID cut in the middle for narrow places; the full one is always one copy click away. */
export function shortCid(cid: string, head = 10, tail = 8): string {
  return cid.length <= head + tail + 1 ? cid : `${cid.slice(0, head)}…${cid.slice(-tail)}`
}
