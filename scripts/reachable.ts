/** Everything reachable from `start` by `next` (start included): a module's or a chunk's static imports, in the build scripts. */
export function reachable(start: string, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>()
  const stack = [start]
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    stack.push(...next(id))
  }
  return seen
}
