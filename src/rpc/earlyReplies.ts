import { readHandoff } from '../boot/handoff.ts'
import { MalformedResponseError } from './errors.ts'
import { settleBatch, type Settled } from './jsonrpc.ts'

/**
 * The app's side of the boot script's early request (src/boot/boot.ts): a call the HTTP transport is about to
 * send that the early batch already carries (same endpoint, method and params) takes that answer instead of
 * going out again. Each early call is adopted once (by the calls of one tick), and only while it is young: later the same call must ask
 * the node afresh (a block by number can be re-read after a reorg; the cache decides, not this).
 *
 * The answer goes through the same envelope checks as any batch (settleBatch), and the method's own result
 * schema after that, so an early answer is trusted no more than any other. One that failed as a whole
 * (no answer, HTTP error, not JSON) is not adopted: the app asks again and reports its own failure, if any.
 */

/** An early call not adopted within this many ms of leaving is left alone. */
const adoptWithinMs = 10_000

/** Each early call by its key, with the batch's settled outcomes (read once, shared by its calls). */
type Entry = { sentAt: number; index: number; outcomes: () => Promise<Settled[] | null>; taken: boolean }

let entries: Map<string, Entry> | null = null

const keyOf = (url: string, method: string, params: readonly unknown[]) => JSON.stringify([url, method, params])

function earlyEntries(): Map<string, Entry> {
  if (entries) return entries
  entries = new Map()
  const request = readHandoff()?.early
  if (!request) return entries
  let settled: Promise<Settled[] | null> | null = null
  const outcomes = () =>
    (settled ??= request.reply.then((text) => {
      if (text === null) return null
      try {
        return settleBatch(request.calls.map((call, index) => ({ id: index + 1, method: call.method })), JSON.parse(text))
      } catch {
        return null
      }
    }))
  request.calls.forEach((call, index) => entries!.set(keyOf(request.url, call.method, call.params), { sentAt: request.sentAt, index, outcomes, taken: false }))
  return entries
}

/**
 * The early answer to this call, if the boot script sent it: resolves with its outcome, or with null when
 * the early request failed as a whole (send it yourself). Null (no promise) when there is nothing to adopt.
 */
export function takeEarlyReply(url: string, method: string, params: readonly unknown[]): Promise<Settled | null> | null {
  const all = earlyEntries()
  if (all.size === 0) return null
  const key = keyOf(url, method, params)
  const entry = all.get(key)
  if (!entry) return null
  // Calls made in the same tick as the first adopter share the answer, as identical reads in one batch share
  // one call on the wire (http.ts): on a full load of home the head query and the head stream both ask for
  // the latest block at once. A later call asks the node afresh: one made after the next macrotask, or after
  // the answer was handed out (with the early answer already in, a read completes within microtasks, before
  // any timer: a CI run on Node 24 adopted the next read too).
  const forget = () => {
    if (all.get(key) === entry) all.delete(key)
  }
  if (!entry.taken) {
    entry.taken = true
    setTimeout(forget, 0)
  }
  if (performance.now() - entry.sentAt > adoptWithinMs) return null
  return entry.outcomes().then((list) => {
    forget()
    const outcome = list?.[entry.index]
    // A reply missing from the batch or malformed: ask again rather than fail on the early request's account.
    return outcome && (outcome.ok || !(outcome.error instanceof MalformedResponseError)) ? outcome : null
  })
}

/** For tests: forget what was read from the handoff. */
export function resetEarlyReplies(): void {
  entries = null
}
