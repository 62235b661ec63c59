/**
 * A request's canonical form, so a client's request matches a recording whatever its key order, hex
 * case or equivalent spelling (`input` for `data`, an empty address list for none).
 */
export function canonicalParams(method: string, params: unknown[]): string {
  const normalised = method === 'eth_getLogs' && isObject(params[0]) ? [canonicalFilter(params[0])] : params
  return method + ' ' + JSON.stringify(canonicalValue(normalised))
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function canonicalValue(value: unknown): unknown {
  if (typeof value === 'string') return /^0x[0-9a-fA-F]*$/.test(value) ? canonicalHex(value) : value
  if (Array.isArray(value)) return value.map(canonicalValue)
  if (isObject(value)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const target = key === 'input' ? 'data' : key
      if (value[key] !== undefined) out[target] = canonicalValue(value[key])
    }
    return out
  }
  return value
}

/** Hex compares case-insensitively (checksummed addresses, upper-case block numbers in recordings). */
function canonicalHex(hex: string): string {
  return hex.toLowerCase()
}

function canonicalFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filter }
  if (typeof out.address === 'string') out.address = [out.address]
  if (Array.isArray(out.address) && out.address.length === 0) delete out.address
  if (Array.isArray(out.topics)) {
    const topics = [...out.topics]
    while (topics.length > 0 && (topics[topics.length - 1] === null || (Array.isArray(topics.at(-1)) && (topics.at(-1) as unknown[]).length === 0))) topics.pop()
    if (topics.length === 0) delete out.topics
    else out.topics = topics
  }
  for (const bound of ['fromBlock', 'toBlock'] as const) {
    if (typeof out[bound] === 'string' && /^0x[0-9a-fA-F]+$/.test(out[bound] as string)) out[bound] = quantity(out[bound] as string)
  }
  return out
}

/** A block number as the canonical quantity: lowercase, no leading zeros. */
export function quantity(hex: string): string {
  return '0x' + BigInt(hex).toString(16)
}
