import type { Hash } from 'viem'
import { isMethodUnsupported } from './unsupported.ts'
import { blockNumber, getBlockByHash, getBlockByNumber, subscribeNewHeads } from './methods.ts'
import { isMined, type Block, type BlockHeader } from './schemas.ts'
import type { SocketStatus } from './socket.ts'
import { createListeners } from '../state/listeners.ts'
import type { RpcSubscriber, RpcTransport, Unsubscribe } from './transport.ts'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * The live chain head as an ordered, gap-free, duplicate-free sequence of blocks.
 *
 * newHeads alone is not that: a socket that reconnects has missed the heads mined meanwhile, a node may
 * send a head twice, and a reorg sends a head whose parent is not the block we hold. The sequencer keeps the
 * recent canonical chain, fills gaps by number, drops duplicates, and on a reorg walks back by parentHash to
 * the common ancestor and reports the blocks it replaces.
 */

export type HeadOrigin = 'subscription' | 'backfill' | 'poll'

export type HeadEvent =
  /** The next block: its number is one more than the previous head event's, and its parentHash is that block's hash. */
  | { type: 'head'; head: BlockHeader; origin: HeadOrigin }
  /**
   * These blocks (oldest first) are no longer canonical; the 'head' events that follow, from the block
   * after the common ancestor on, replace them.
   */
  | { type: 'replaced'; removed: BlockHeader[] }
  /**
   * The gap was longer than the sequencer backfills: what came before is dropped, and the sequence
   * restarts with the 'head' events that follow. `skipped` blocks were never delivered.
   */
  | { type: 'reset'; skipped: bigint }
  /** Catching up failed (the node could not be reached): it is tried again; nothing was lost yet. */
  | { type: 'error'; error: unknown }

/** How the sequencer reads blocks it did not receive. */
export type HeadSource = {
  /** The mined blocks at these numbers, in order; null where the node has none. */
  byNumber(numbers: readonly bigint[]): Promise<Array<BlockHeader | null>>
  byHash(hash: Hash): Promise<BlockHeader | null>
}

export type HeadSequencerOptions = {
  /** Recent heads held, to find the common ancestor of a reorg and to answer late subscribers. */
  keep?: number
  /** The longest gap filled block by block; a longer one gives 'reset' and the last `keep` blocks. */
  maxBackfill?: number
}

export const defaultHeadSequencerOptions = { keep: 128, maxBackfill: 256 } as const

/** A block (or header) the source could not provide: the sequence cannot go on without it, so it waits. */
export class MissingBlockError extends ChainglassError {
  override readonly name = 'MissingBlockError'
}

const num = (head: BlockHeader) => BigInt(head.number)

/**
 * The ordering and reorg logic, free of sockets and timers: heads go in with `push`, events come out in
 * order. Pushes are applied one at a time, in the order they were made.
 */
export class HeadSequencer {
  readonly #source: HeadSource
  readonly #emit: (event: HeadEvent) => void
  readonly #keep: number
  readonly #maxBackfill: number
  /** The canonical chain as far as we know it, oldest first, contiguous, each linked to the one before. */
  #chain: BlockHeader[] = []
  #queue: Promise<void> = Promise.resolve()
  /** Pushes made and not yet applied. */
  #pending = 0

  constructor(source: HeadSource, emit: (event: HeadEvent) => void, options: HeadSequencerOptions = {}) {
    this.#source = source
    this.#emit = emit
    this.#keep = Math.max(2, options.keep ?? defaultHeadSequencerOptions.keep)
    this.#maxBackfill = Math.max(1, options.maxBackfill ?? defaultHeadSequencerOptions.maxBackfill)
  }

  /** The held chain, oldest first. */
  get chain(): readonly BlockHeader[] {
    return this.#chain
  }

  get tip(): BlockHeader | null {
    return this.#chain.at(-1) ?? null
  }

  /**
   * Starts an empty chain at a head already read elsewhere (the page the app server rendered): what comes
   * next links on to it. False, and nothing changes, once the chain holds anything or while a push is applied.
   */
  seed(head: BlockHeader): boolean {
    if (this.#chain.length > 0 || this.#pending > 0) return false
    this.#chain.push(head)
    return true
  }

  /**
   * Takes a head in. From the subscription, a head at or below the tip with another hash is a reorg. From
   * a poll or a fetch it may simply be stale (asked before the subscription moved on), so only heads above
   * the tip are taken from those. Rejects when a block needed to link it could not be read; the
   * sequence is then as it was, or extended as far as it could be, never wrong.
   */
  push(head: BlockHeader, origin: HeadOrigin = 'subscription'): Promise<void> {
    this.#pending += 1
    const run = this.#queue.then(() => this.#apply(head, origin)).finally(() => (this.#pending -= 1))
    this.#queue = run.catch(() => {})
    return run
  }

  #at(number: bigint): BlockHeader | undefined {
    const first = this.#chain[0]
    if (!first) return undefined
    const index = Number(number - num(first))
    return index >= 0 ? this.#chain[index] : undefined
  }

  #append(head: BlockHeader, origin: HeadOrigin): void {
    this.#chain.push(head)
    if (this.#chain.length > this.#keep) this.#chain.splice(0, this.#chain.length - this.#keep)
    this.#emit({ type: 'head', head, origin })
  }

  async #apply(head: BlockHeader, origin: HeadOrigin): Promise<void> {
    const tip = this.tip
    if (!tip) {
      this.#append(head, origin)
      return
    }
    const number = num(head)
    const tipNumber = num(tip)
    if (this.#at(number)?.hash === head.hash) return // seen already
    if (number <= tipNumber) {
      if (origin === 'subscription') await this.#reorg(head, origin)
      return
    }
    if (number > tipNumber + 1n) await this.#backfill(tipNumber, number)
    await this.#link(head, origin)
  }

  /** The blocks between the tip and a head further on, by number, in one batch. */
  async #backfill(tipNumber: bigint, headNumber: bigint): Promise<void> {
    let from = tipNumber + 1n
    const gap = headNumber - from
    if (gap > BigInt(this.#maxBackfill)) {
      // Too far behind to replay block by block: restart the sequence with the last blocks before the head.
      from = headNumber - BigInt(this.#keep - 1)
      if (from < 0n) from = 0n
      this.#chain = []
      this.#emit({ type: 'reset', skipped: from - tipNumber - 1n })
    }
    const numbers: bigint[] = []
    for (let number = from; number < headNumber; number++) numbers.push(number)
    const blocks = await this.#source.byNumber(numbers)
    for (const [index, block] of blocks.entries()) {
      if (!block) throw new MissingBlockError(`block ${numbers[index]} is not available yet`)
      if (this.#at(num(block))?.hash === block.hash) continue
      // The chain may have moved while these were read: linking checks each one.
      if (this.tip === null) this.#append(block, 'backfill')
      else await this.#link(block, 'backfill')
    }
  }

  /** Appends a head one above the tip when it links to it; otherwise the chain was reorganised. */
  async #link(head: BlockHeader, origin: HeadOrigin): Promise<void> {
    const tip = this.tip
    if (tip && num(head) === num(tip) + 1n && head.parentHash === tip.hash) this.#append(head, origin)
    else await this.#reorg(head, origin)
  }

  /**
   * `head` does not extend what we hold: walk back from it by parentHash (by hash, so a chain still moving
   * cannot mix two branches) until a block we hold is its ancestor, then swap the branch in.
   */
  async #reorg(head: BlockHeader, origin: HeadOrigin): Promise<void> {
    const branch: BlockHeader[] = [head]
    const oldest = this.#chain[0]
    for (;;) {
      const first = branch[0]!
      const parentNumber = num(first) - 1n
      if (oldest === undefined || parentNumber < num(oldest)) break // beyond what we hold: all of it is replaced
      if (this.#at(parentNumber)?.hash === first.parentHash) break // the common ancestor
      const parent = await this.#source.byHash(first.parentHash)
      if (!parent) throw new MissingBlockError(`block ${first.parentHash} (the parent of ${first.hash}) is not available`)
      branch.unshift(parent)
      if (branch.length > this.#keep) {
        // Deeper than we hold anyway: keep the newest part and replace everything.
        branch.shift()
        break
      }
    }
    const start = num(branch[0]!)
    const removed = this.#chain.filter((held) => num(held) >= start)
    this.#chain = this.#chain.filter((held) => num(held) < start)
    if (removed.length > 0) this.#emit({ type: 'replaced', removed })
    for (const [index, block] of branch.entries()) this.#append(block, index === branch.length - 1 ? origin : 'backfill')
  }
}

// ---------------------------------------------------------------------------------------------------------

export type HeadListener = (event: HeadEvent) => void

export type HeadStream = {
  /** Starts the stream with the first listener and stops it with the last. Events only; `heads` has the past. */
  subscribe(listener: HeadListener): Unsubscribe
  /** The recent canonical heads, oldest first; a new array after every change (for useSyncExternalStore). */
  readonly heads: readonly BlockHeader[]
  readonly tip: BlockHeader | null
  /**
   * A stream that holds nothing yet starts at `head` (a head the page already has, read by the app server),
   * so the blocks read below it stay the page's window; announced as a 'poll' head. Ignored otherwise.
   */
  seed(head: BlockHeader): void
}

/** What the stream needs of the WebSocket: subscriptions, and its status to see a reconnect. */
export type HeadSocket = RpcSubscriber & { readonly status: SocketStatus; onStatus(listener: () => void): () => void }

export type HeadStreamOptions = HeadSequencerOptions & {
  socket: HeadSocket
  /** Over HTTP: the head at start and after a reconnect, and every backfill (one batch per gap). */
  http: RpcTransport
  /** After a failed catch-up, the next try. */
  retryMs?: number
  /** While the socket is reconnecting, the head is read over HTTP this often, so the stream keeps moving (0: never). */
  pollWhileReconnectingMs?: number
}

/** The mined blocks over HTTP, as headers. */
export function httpHeadSource(http: RpcTransport): HeadSource {
  const mined = (block: Block | null) => (block && isMined(block) ? (block as BlockHeader) : null)
  return {
    // Made in one tick, so the HTTP transport sends them as one batch.
    byNumber: (numbers) => Promise.all(numbers.map((number) => getBlockByNumber(http, `0x${number.toString(16)}`, false).then(mined))),
    byHash: (hash) => getBlockByHash(http, hash, false).then(mined),
  }
}

/**
 * newHeads made gap-free: the socket's heads go through a HeadSequencer; at start, after every reconnect
 * and once each subscription is confirmed the head is also read over HTTP, so the blocks mined while
 * disconnected, or before the server subscribed us, are backfilled even if the chain is quiet now. While
 * the socket is reconnecting the head is polled over HTTP. A catch-up that fails is tried again after
 * `retryMs`.
 */
export function createHeadStream(options: HeadStreamOptions): HeadStream {
  const { socket, http, retryMs = 2_000, pollWhileReconnectingMs = 3_000 } = options
  // The socket's subscription, the status watch and the polling run only while someone listens.
  const listeners = createListeners<HeadEvent>({ onFirst: () => start(), onLast: () => stop() })
  let heads: readonly BlockHeader[] = []
  const emit = (event: HeadEvent) => {
    if (event.type !== 'error') heads = [...sequencer.chain]
    listeners.notify(event)
  }
  const sequencer = new HeadSequencer(httpHeadSource(http), emit, options)

  let stopSubscription: Unsubscribe | null = null
  let stopStatus: (() => void) | null = null
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let pollTimer: ReturnType<typeof setInterval> | null = null
  let wasOpen = false
  let everOpen = false

  const failed = (error: unknown) => {
    emit({ type: 'error', error })
    if (retryTimer === null && stopSubscription !== null) {
      retryTimer = setTimeout(() => {
        retryTimer = null
        catchUp()
      }, retryMs)
    }
  }
  const take = (head: BlockHeader, origin: HeadOrigin) => {
    sequencer.push(head, origin).catch(failed)
  }
  /** Reads the head over HTTP: whatever lies between the tip and it is backfilled. */
  const catchUp = () => {
    getBlockByNumber(http, 'latest', false).then((block) => {
      if (block && isMined(block) && stopSubscription !== null) take(block as BlockHeader, 'poll')
    }, failed)
  }

  /**
   * The head's number only (the usual answer: nothing was missed); a block above the tip is read by number
   * and linked on, with whatever lies between.
   */
  const checkHead = () => {
    // No head yet (the first read still on its way, or failed): nothing to compare with, so read the head.
    if (sequencer.tip === null) return catchUp()
    blockNumber(http).then((number) => {
      const tip = sequencer.tip
      if (stopSubscription === null || (tip && BigInt(number) <= BigInt(tip.number))) return
      return getBlockByNumber(http, number, false).then((block) => {
        if (block && isMined(block) && stopSubscription !== null) take(block as BlockHeader, 'poll')
      })
    }).catch(failed)
  }

  const start = () => {
    stopSubscription = subscribeNewHeads(
      socket,
      (head) => take(head, 'subscription'),
      (error) => {
        // A server without subscriptions is not a failure: the socket's status says so (subscriptionsRefused),
        // and the status listener below polls the head over HTTP from then on.
        if (!isMethodUnsupported(error, 'eth_subscribe')) emit({ type: 'error', error })
      },
      // The server sends heads from the moment it answered eth_subscribe; one mined after the catch-up's read
      // and before that answer would reach neither. Asked once more from here, on every connection.
      checkHead,
    )
    wasOpen = everOpen = socket.status.state === 'open'
    stopStatus = socket.onStatus(() => {
      const open = socket.status.state === 'open'
      // A reconnect (the first connection is covered by the catch-up below).
      if (open && !wasOpen && everOpen) catchUp()
      wasOpen = open
      everOpen ||= open
      polling(socket.status.state === 'reconnecting' || socket.status.subscriptionsRefused === true)
    })
    catchUp()
  }
  const polling = (on: boolean) => {
    if (on && pollTimer === null && pollWhileReconnectingMs > 0) pollTimer = setInterval(catchUp, pollWhileReconnectingMs)
    if (!on && pollTimer !== null) {
      clearInterval(pollTimer)
      pollTimer = null
    }
  }
  const stop = () => {
    stopSubscription?.()
    stopStatus?.()
    stopSubscription = stopStatus = null
    if (retryTimer) clearTimeout(retryTimer)
    retryTimer = null
    polling(false)
  }

  return {
    subscribe: listeners.subscribe,
    get heads() {
      return heads
    },
    get tip() {
      return sequencer.tip
    },
    seed(head) {
      if (sequencer.seed(head)) emit({ type: 'head', head, origin: 'poll' })
    },
  }
}
