import type { DehydratedState } from '@tanstack/react-query'

/**
 * The query cache the server's render saw, as the page carries it (src/serverRender.tsx packs TanStack's
 * `dehydrate`, src/boot/pageData.ts unpacks it for `HydrationBoundary`): the dehydrated state with its repeats
 * sent once. The browser tokenizes and parses every byte of it before the app can start, and a large block's
 * ran to megabytes of JSON:
 *   - a query whose answer is the very object another query holds (a block's receipts under its number and its
 *     hash: the page reads both, one answer seeds the other) carries no data, only the index of the one that
 *     has it (`sameDataAs`);
 *   - a long string met more than once in the answers (a receipt's bloom, 514 characters and most often all
 *     zeros; the block's hash in each of its receipts and transactions; a busy sender's address) is sent once
 *     in `strings` and stands as a reference where it occurs.
 * A reference is a string starting with U+0001 (never the first character of a JSON-RPC answer's string; one
 * that does is sent with a second U+0001 before it), then the index in base 36.
 */
export type FirstScreenState = DehydratedState & { sameDataAs?: Array<[query: number, source: number]>; strings?: string[] }

/** Strings shorter than an address are left where they are: a reference would save little or cost more. */
const shortestShared = 42
const referenceMark = '\u0001'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function countStrings(value: unknown, counts: Map<string, number>): void {
  if (typeof value === 'string') {
    if (value.length >= shortestShared) counts.set(value, (counts.get(value) ?? 0) + 1)
  } else if (Array.isArray(value)) {
    for (const item of value) countStrings(item, counts)
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) countStrings(item, counts)
  }
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value)
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map))
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) copy[key] = mapStrings(item, map)
    return copy
  }
  return value
}

/** The state to send: `dehydrated` with each repeated answer and each repeated long string in the answers sent once. */
export function packFirstScreenState(dehydrated: DehydratedState): FirstScreenState {
  const firstHolder = new Map<unknown, number>()
  const sameDataAs: Array<[number, number]> = []
  const unique = dehydrated.queries.map((query, index) => {
    const data = query.state.data
    if (data === null || typeof data !== 'object') return query
    const source = firstHolder.get(data)
    if (source === undefined) {
      firstHolder.set(data, index)
      return query
    }
    sameDataAs.push([index, source])
    return { ...query, state: { ...query.state, data: null } }
  })

  const counts = new Map<string, number>()
  for (const query of unique) countStrings(query.state.data, counts)
  const strings = [...counts].filter(([, count]) => count > 1).map(([text]) => text)
  const indexOf = new Map(strings.map((text, index) => [text, index]))
  const reference = (text: string) => {
    const index = indexOf.get(text)
    if (index !== undefined) return referenceMark + index.toString(36)
    return text.startsWith(referenceMark) ? referenceMark + text : text
  }
  const queries = unique.map((query) => ({ ...query, state: { ...query.state, data: mapStrings(query.state.data, reference) } }))
  return { ...dehydrated, queries, ...(sameDataAs.length > 0 ? { sameDataAs } : {}), ...(strings.length > 0 ? { strings } : {}) }
}

function resolveReferences(value: Json, strings: readonly string[]): Json {
  if (typeof value === 'string') {
    if (!value.startsWith(referenceMark)) return value
    if (value.startsWith(referenceMark, 1)) return value.slice(1)
    const text = strings[parseInt(value.slice(1), 36)]
    if (text === undefined) throw new Error('a first-screen string reference points nowhere')
    return text
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = resolveReferences(value[index]!, strings)
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) value[key] = resolveReferences(value[key]!, strings)
  }
  return value
}

/** The dehydrated state `packed` (as parsed from the page) stands for: strings in place, each repeated answer one object again. */
export function unpackFirstScreenState(packed: FirstScreenState): DehydratedState {
  const { sameDataAs, strings, ...dehydrated } = packed
  for (const query of dehydrated.queries) query.state.data = resolveReferences(query.state.data as Json, strings ?? [])
  for (const [query, source] of sameDataAs ?? []) {
    const target = dehydrated.queries[query]
    const from = dehydrated.queries[source]
    if (target && from) target.state.data = from.state.data
  }
  return dehydrated
}
