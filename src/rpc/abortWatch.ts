/**
 * Many calls share one AbortSignal (a query that reads 49 blocks gives each call its own): they share one
 * listener on it too, so a signal never holds one per call (Node warns past 10 on an AbortSignal, which the
 * app server's first screen of the home page met).
 */
const watchers = new WeakMap<AbortSignal, Set<() => void>>()

/** Runs `onAbort` once when `signal` aborts; the returned function stops watching. */
export function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  let callbacks = watchers.get(signal)
  if (!callbacks) {
    const created = new Set<() => void>()
    watchers.set(signal, (callbacks = created))
    signal.addEventListener('abort', () => created.forEach((callback) => callback()), { once: true })
  }
  const watching = callbacks
  watching.add(onAbort)
  return () => void watching.delete(onAbort)
}
