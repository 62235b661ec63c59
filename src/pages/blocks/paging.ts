/** Paging of /blocks: pages by block number, newest first, named by their top block (`?from=`). */

export const blocksPageSize = 25

/** The query parameter that names a page's top block; absent, the list follows the head. */
export const fromParam = 'from'

/** The numbers of the page whose top block is `top`, newest first (a short page near genesis). */
export function pageNumbers(top: bigint, size = blocksPageSize): bigint[] {
  const numbers: bigint[] = []
  for (let number = top; number >= 0n && numbers.length < size; number--) numbers.push(number)
  return numbers
}

export type PageLinks = {
  /** The top of the next newer page; null for the live page (the head), undefined when already there. */
  newer: bigint | null | undefined
  /** The top of the next older page; undefined when this page reaches genesis. */
  older: bigint | undefined
}

/**
 * Where newer and older lead from the page topped by `top`. A newer page that would reach the head is the
 * live page (null), so paging back up ends following the chain again.
 */
export function pageLinks(top: bigint, head: bigint | null | undefined, live: boolean, size = blocksPageSize): PageLinks {
  const older = top - BigInt(size) >= 0n ? top - BigInt(size) : undefined
  if (live) return { newer: undefined, older }
  const newer = top + BigInt(size)
  return { newer: head != null && newer >= head ? null : newer, older }
}

/** `?from=` as a block number: decimal or hex digits only, else null. */
export function parseFrom(value: string | null): bigint | null {
  if (value === null) return null
  const text = value.trim()
  if (/^\d{1,78}$/.test(text)) return BigInt(text)
  if (/^0x[0-9a-fA-F]{1,64}$/.test(text)) return BigInt(text)
  return null
}
