/** A log as nodes return it (spec: Log object), as the recorded samples hold it. */
export type SampleLog = { address: string; topics: string[] } & Record<string, unknown>

/**
 * The log filter's matching rule: any of the addresses; topics by position, where null matches anything
 * and a list matches any of its values.
 */
export function matchesFilter(log: SampleLog, filter: Record<string, unknown>): boolean {
  const { address, topics } = filter
  const addresses = typeof address === 'string' ? [address] : Array.isArray(address) ? (address as string[]) : []
  if (addresses.length > 0 && !addresses.some((a) => a.toLowerCase() === log.address.toLowerCase())) return false
  if (Array.isArray(topics)) {
    for (let i = 0; i < topics.length; i++) {
      const wanted = topics[i] as string | string[] | null
      if (wanted === null || (Array.isArray(wanted) && wanted.length === 0)) continue
      const actual = log.topics[i]?.toLowerCase()
      if (actual === undefined) return false
      const options = Array.isArray(wanted) ? wanted : [wanted]
      if (!options.some((option) => option.toLowerCase() === actual)) return false
    }
  }
  return true
}
