/**
 * Byte counts, speeds and progress of transfers (uploads, reads), and CIDs cut to fit. Sizes in binary
 * units are formatBytes (numbers.ts).
 */

import { formatInteger } from './numbers.ts'

const units = ['KiB', 'MiB', 'GiB', 'TiB'] as const

/** Exact byte count, grouped: "3,145,728 bytes". */
export function formatByteCount(bytes: number): string {
  return `${formatInteger(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`
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
