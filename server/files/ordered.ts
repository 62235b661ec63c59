/**
 * `work` over `items`, up to `concurrency` at a time, the answers yielded in the items' order. A listing reads
 * each entry's root block to learn its type and size: one disk read after another adds up over a large folder,
 * and several reads in flight hide most of it.
 */
export async function* orderedMap<T, R>(items: AsyncIterable<T>, work: (item: T) => Promise<R>, concurrency = 16): AsyncGenerator<R> {
  const pending: Array<Promise<R>> = []
  const iterator = items[Symbol.asyncIterator]()
  let done = false
  try {
    while (!done || pending.length > 0) {
      while (!done && pending.length < concurrency) {
        const next = await iterator.next()
        if (next.done) {
          done = true
          break
        }
        const answer = work(next.value)
        // A rejection is seen when its turn comes; until then it must not count as unhandled.
        answer.catch(() => {})
        pending.push(answer)
      }
      if (pending.length > 0) yield await pending.shift()!
    }
  } finally {
    if (!done) await iterator.return?.()
  }
}
