/**
 * A value made the first time it is asked for, then kept: for tables that cost something to build (a parsed
 * ABI) and that a module's first render does not need.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | null = null
  return () => (made ??= { value: make() }).value
}
