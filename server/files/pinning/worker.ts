import { multiaddr } from '@multiformats/multiaddr'
import { CID } from 'multiformats/cid'
import { verifyComplete } from '../content.ts'
import type { FilesContext } from '../context.ts'
import { toFilesError } from '../errors.ts'
import { readingBlocks } from '../peer.ts'
import { connectTimeoutMs } from '../routes/swarm.ts'
import type { BlockSource } from '../store.ts'
import type { PinRequests } from './requests.ts'

export type PinningWorkerOptions = {
  /** How long one request may wait for the connected peers to send its blocks before it fails. */
  timeoutMs: number
  /** Requests worked on at once. */
  concurrency: number
}

/** A request's default wait for its blocks: pinning services keep trying longer, but a local store's user is waiting. */
export const defaultPinningTimeoutMs = 120_000

/**
 * Moves pin requests along: queued → pinning → pinned, or failed. Pinning a request dials its `origins` (best
 * effort, as the spec asks: a dial that fails does not fail the pin), then reads its whole DAG as `pin/add` does,
 * from the store and the connected peers, for at most `timeoutMs`. A pinned request's CID is kept by the gc
 * (PinRequests.heldCids) apart from the local pins of `pin/ls`, so neither side can unpin the other's content.
 */
export class PinningWorker {
  private readonly queue: string[] = []
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  private stopping = false

  constructor(
    private readonly context: FilesContext,
    private readonly requests: PinRequests,
    private readonly options: PinningWorkerOptions,
  ) {}

  /** At start: every request a stop left queued or pinning goes (back) to the queue, oldest first. */
  async resume(): Promise<void> {
    const unfinished = this.requests
      .all()
      .filter((request) => request.status === 'queued' || request.status === 'pinning')
      .reverse()
    for (const request of unfinished) {
      if (request.status === 'pinning') await this.requests.update(request.requestid, 'queued', 'waiting for its turn (the service restarted)')
      this.enqueue(request.requestid)
    }
  }

  enqueue(requestid: string): void {
    if (this.stopping) return
    this.queue.push(requestid)
    // The request's answer (202, queued) goes out before its work starts.
    setImmediate(() => this.startMore())
  }

  /** A removed request: out of the queue, and its fetch stopped if it had begun. */
  cancel(requestid: string): void {
    const at = this.queue.indexOf(requestid)
    if (at >= 0) this.queue.splice(at, 1)
    this.running.get(requestid)?.controller.abort()
  }

  /** Stops every fetch under way; their requests stay queued or pinning on disk, to be resumed at the next start. */
  async close(): Promise<void> {
    this.stopping = true
    this.queue.length = 0
    for (const { controller } of this.running.values()) controller.abort()
    await Promise.allSettled([...this.running.values()].map((run) => run.done))
  }

  private startMore(): void {
    while (!this.stopping && this.running.size < this.options.concurrency && this.queue.length > 0) {
      const requestid = this.queue.shift()!
      if (this.running.has(requestid)) continue
      const controller = new AbortController()
      const done = this.pin(requestid, controller.signal)
        .catch((error: unknown) => this.context.log(`files: pin request ${requestid} could not be worked on: ${(error as Error).message}`))
        .finally(() => {
          this.running.delete(requestid)
          this.startMore()
        })
      this.running.set(requestid, { controller, done })
    }
  }

  private async pin(requestid: string, signal: AbortSignal): Promise<void> {
    const request = this.requests.get(requestid)
    if (!request || request.status !== 'queued') return
    const { peer, store, sessions, gcLock } = this.context
    await this.requests.update(requestid, 'pinning', 'connecting to the origins and the connected peers')
    let unreachable = 0
    // A client that holds the content in this very node (the Files page mirroring its own pins) names it as an
    // origin: nothing to dial, and not counted.
    const { libp2p } = (await peer.node()).helia
    const self = libp2p.peerId.toString()
    const origins = (request.pin.origins ?? []).filter((origin) => !origin.endsWith(`/p2p/${self}`))
    for (const origin of origins) {
      if (signal.aborted) return
      try {
        await libp2p.dial(multiaddr(origin), { signal: AbortSignal.any([signal, AbortSignal.timeout(connectTimeoutMs)]) })
      } catch {
        unreachable++
      }
    }
    if (signal.aborted) return
    const reading = readingBlocks(peer, store, this.options.timeoutMs, signal)
    const said = origins.length > 0 ? `; ${origins.length - unreachable} of ${origins.length} origin(s) reached` : ''
    await this.requests.update(requestid, 'pinning', `fetching the DAG from the store and ${reading.peers} connected peer(s)${said}`)
    // Every block read is claimed, as pin/add claims them: an unfinished add that wrote one first leaves it in place.
    const claiming: BlockSource = {
      get: (cid, options) => {
        sessions.claim(cid)
        return reading.blocks.get(cid, options)
      },
    }
    try {
      // Checked and marked pinned while no gc runs: a gc that began before would not know this pin.
      await gcLock.shared(async () => {
        await verifyComplete({ ...reading, blocks: claiming }, CID.parse(request.pin.cid))
        if (signal.aborted) return
        await this.requests.update(requestid, 'pinned', 'the whole DAG is in the store')
      })
    } catch (error) {
      // Removed, or the service is stopping: nothing to record (a stopped request is resumed at the next start).
      if (this.stopping || this.requests.get(requestid) === undefined) return
      const known = toFilesError(error)
      if (!known) this.context.log(`files: pinning ${request.pin.cid} failed: ${(error as Error).message}`)
      const why = known ? known.message : 'internal error'
      await this.requests.update(requestid, 'failed', `${why}${said}`)
    }
  }
}
