import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { writeFileAtomically } from '../atomicFile.ts'
import { readdirOrEmpty } from '../directory.ts'
import { PinningError } from './errors.ts'

export type PinState = 'queued' | 'pinning' | 'pinned' | 'failed'
export const pinStates: readonly PinState[] = ['queued', 'pinning', 'pinned', 'failed']

/** The spec's Pin object, as the client sent it (checked by body.ts). */
export type PinObject = { cid: string; name?: string; origins?: string[]; meta?: Record<string, string> }

export type PinRequest = {
  requestid: string
  status: PinState
  /** Milliseconds since the epoch; unique within the store, since the spec pages by it (`before`). */
  created: number
  pin: PinObject
  /** The spec's StatusInfo: `status_details` says why a pin is waiting or failed. */
  info: Record<string, string>
  /** A request this one replaced (POST /pins/{id}): its CID's blocks stay until this one is pinned or failed. */
  keeps?: string
}

type StoredRequest = Omit<PinRequest, 'created'> & { created: string }
type RequestsFile = { version: 1; requests: StoredRequest[] }

/**
 * The pin requests made through the Pinning Service API, persisted in one JSON file (rewritten whole and
 * atomically on each change, one write at a time, as the pin set is): requests survive a restart, and one still
 * queued or pinning then is taken up again (worker.ts).
 */
export class PinRequests {
  private readonly requests = new Map<string, PinRequest>()
  private writes: Promise<void> = Promise.resolve()
  /** The write queued and not yet begun: a change made now is in it. */
  private waiting: Promise<void> | null = null
  private lastCreated = 0
  private closed = false

  private constructor(private readonly file: string) {}

  /** A missing file is no requests; an unreadable one stops the start (dropping requests would unpin content). */
  static async load(file: string): Promise<PinRequests> {
    const store = new PinRequests(file)
    // Temp files of a write a kill cut off: the file itself is whole (atomicFile.ts).
    const prefix = `.${path.basename(file)}.`
    for (const name of await readdirOrEmpty(path.dirname(file))) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await fs.rm(path.join(path.dirname(file), name), { force: true })
    }
    let text: string | null = null
    try {
      text = await fs.readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text === null) return store
    let parsed: RequestsFile
    try {
      parsed = JSON.parse(text) as RequestsFile
    } catch {
      throw new Error(`${file} is not valid JSON: fix or move it away (it holds the pin requests of the file service)`)
    }
    for (const stored of parsed.requests ?? []) {
      const created = Date.parse(stored.created)
      if (!Number.isFinite(created) || !pinStates.includes(stored.status)) continue
      store.requests.set(stored.requestid, { ...stored, created })
      store.lastCreated = Math.max(store.lastCreated, created)
    }
    return store
  }

  get(requestid: string): PinRequest | undefined {
    return this.requests.get(requestid)
  }

  /** Every request, newest first (the spec's order for GET /pins). */
  all(): PinRequest[] {
    return [...this.requests.values()].sort((a, b) => b.created - a.created)
  }

  /** The CIDs whose DAGs the gc keeps: every pinned request's, and what an unsettled replacement holds on to. */
  heldCids(): string[] {
    const held = new Set<string>()
    for (const request of this.requests.values()) {
      if (request.status === 'pinned') held.add(request.pin.cid)
      if (request.keeps !== undefined && (request.status === 'queued' || request.status === 'pinning')) held.add(request.keeps)
    }
    return [...held]
  }

  /** A new queued request, on disk when this resolves; `replacing` is removed in the same write. */
  async create(pin: PinObject, replacing?: PinRequest): Promise<PinRequest> {
    this.refuseIfClosed()
    // Unique and increasing even for requests within one millisecond: `before` paging must never skip or repeat.
    const created = Math.max(Date.now(), this.lastCreated + 1)
    this.lastCreated = created
    const request: PinRequest = {
      requestid: randomUUID(),
      status: 'queued',
      created,
      pin,
      info: { status_details: 'waiting for its turn' },
      ...(replacing ? { keeps: replacing.keeps ?? replacing.pin.cid } : {}),
    }
    if (replacing) this.requests.delete(replacing.requestid)
    this.requests.set(request.requestid, request)
    await this.persist()
    return request
  }

  /** Changes a request's status and info; a request removed meanwhile stays removed. */
  async update(requestid: string, status: PinState, details: string): Promise<PinRequest | undefined> {
    const request = this.requests.get(requestid)
    if (!request || this.closed) return undefined
    const next: PinRequest = { ...request, status, info: { status_details: details } }
    if (status === 'pinned' || status === 'failed') delete next.keeps
    this.requests.set(requestid, next)
    await this.persist()
    return next
  }

  async remove(requestid: string): Promise<boolean> {
    this.refuseIfClosed()
    if (!this.requests.delete(requestid)) return false
    await this.persist()
    return true
  }

  /** Waits for the writes under way; later changes are refused (the next start must read what this one wrote last). */
  async close(): Promise<void> {
    this.closed = true
    await this.writes
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new PinningError(503, 'SERVICE_STOPPING', 'the file service is stopping: nothing was changed, try again')
  }

  /**
   * One write at a time, each of the whole set as it is when that write starts. Changes made while a write waits
   * for its turn share it (the worker's status changes and a burst of POSTs, as a mirror sends, cost one write).
   */
  private persist(): Promise<void> {
    if (this.waiting) return this.waiting
    const next = this.writes.then(() => {
      this.waiting = null
      return this.writeNow()
    })
    this.waiting = next
    this.writes = next.catch(() => {})
    return next
  }

  private async writeNow(): Promise<void> {
    const requests: StoredRequest[] = this.all().map((request) => ({ ...request, created: new Date(request.created).toISOString() }))
    const body: RequestsFile = { version: 1, requests }
    await writeFileAtomically(this.file, `${JSON.stringify(body, null, 2)}\n`)
  }
}
