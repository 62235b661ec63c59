import fs from 'node:fs/promises'
import path from 'node:path'
import type { CID } from 'multiformats/cid'
import { blockKey, isInline, type BlockKey, type BlockSink, type BlockStore } from './store.ts'

type BlockBytes = Parameters<BlockStore['write']>[1]

/**
 * One `add` under way: the blocks it has asked for (`touched`) and, of those, the ones it wrote itself
 * (`owned`). If the add does not finish, its owned blocks go again, unless another add or a pin needs them.
 * Each owned block is also named in the add's journal before it is written, so a kill -9 in the middle
 * leaves a list the next start can clean up from (see recovery.ts).
 */
export class AddSession implements BlockSink {
  readonly touched = new Set<BlockKey>()
  readonly owned = new Set<BlockKey>()
  private readonly writing = new Set<Promise<unknown>>()
  private ended = false

  constructor(
    private readonly sessions: AddSessions,
    private readonly journal: fs.FileHandle,
    readonly journalFile: string,
  ) {}

  async put(cid: CID, bytes: BlockBytes): Promise<CID> {
    if (isInline(cid)) return cid
    // The importer writes several blocks at once; one that comes after the add has failed is not written.
    if (this.ended) throw new Error('the add has ended')
    const write = this.store(cid, bytes)
    this.writing.add(write)
    try {
      return await write
    } finally {
      this.writing.delete(write)
    }
  }

  private async store(cid: CID, bytes: BlockBytes): Promise<CID> {
    const key = blockKey(cid)
    // Claimed before any await: a gc or a failed add's cleanup that looks at this block from now on keeps it.
    this.sessions.touch(this, key)
    const wrote = await this.sessions.store.write(cid, bytes, () => this.record(key))
    if (wrote) this.owned.add(key)
    return cid
  }

  /** A block this add must answer for from now on (written by it, or handed over by a failed add). */
  async record(key: BlockKey): Promise<void> {
    await this.journal.appendFile(`${key}\n`)
  }

  /** The add succeeded (and its pins, if any, are on disk): its blocks stay, its journal goes. */
  async finish(): Promise<void> {
    if (this.ended) return
    this.ended = true
    // This add's DAG is whole now, and may use blocks another add under way wrote first: those must outlive
    // that add's failure.
    this.sessions.claimFrom(this)
    this.sessions.release(this)
    this.sessions.dropClaims(this)
    await this.closeJournal()
  }

  /**
   * The add failed or was cut off: its blocks are removed, except those another add under way also uses
   * (handed to that add, and to its journal) and those a pin claimed since they were written.
   */
  async abandon(): Promise<number> {
    if (this.ended) return 0
    this.ended = true
    // Writes already started finish first, so every block this add wrote is in `owned` when it is looked at.
    await Promise.allSettled([...this.writing])
    this.sessions.release(this)
    let removed = 0
    for (const key of this.owned) {
      const heir = this.sessions.userOf(key)
      if (heir) {
        heir.owned.add(key)
        await heir.record(key).catch(() => {})
        continue
      }
      if (this.sessions.isClaimed(key)) continue
      // Checked again at the moment of deleting: an add may have started to use the block meanwhile.
      const deleted = await this.sessions.store.delete(key, () => !this.sessions.userOf(key) && !this.sessions.isClaimed(key))
      if (deleted) removed++
      else {
        const lateHeir = this.sessions.userOf(key)
        if (lateHeir) {
          lateHeir.owned.add(key)
          await lateHeir.record(key).catch(() => {})
        }
      }
    }
    this.sessions.dropClaims(this)
    await this.closeJournal()
    return removed
  }

  private async closeJournal(): Promise<void> {
    await this.journal.close().catch(() => {})
    // A journal that cannot be removed only means the next start checks its blocks against the pins again.
    await fs.rm(this.journalFile, { force: true }).catch(() => {})
    this.sessions.settled(this)
  }
}

/**
 * The adds under way, and which blocks each one uses. The gc keeps every block an add under way has asked
 * for; a pin that reads a block (pin/add walks the whole DAG) claims it, so a failed add that wrote it
 * first does not take it away from the pin.
 */
export class AddSessions {
  private readonly active = new Set<AddSession>()
  /** Begun and not yet done with their cleanup (active ones, and failed ones still removing blocks). */
  private readonly unsettled = new Set<AddSession>()
  private readonly users = new Map<BlockKey, Set<AddSession>>()
  /** Blocks owned by an add under way that a pin has since read: never removed by that add's failure. */
  private readonly claimed = new Set<BlockKey>()
  private counter = 0

  constructor(
    readonly store: BlockStore,
    /** `<files>/adds`: one journal file per add under way. */
    readonly journalDirectory: string,
  ) {}

  private directoryMade = false

  async begin(): Promise<AddSession> {
    if (!this.directoryMade) {
      await fs.mkdir(this.journalDirectory, { recursive: true })
      this.directoryMade = true
    }
    const file = path.join(this.journalDirectory, `${process.pid}-${Date.now()}-${this.counter++}.journal`)
    const session = new AddSession(this, await fs.open(file, 'a'), file)
    this.active.add(session)
    this.unsettled.add(session)
    return session
  }

  get count(): number {
    return this.active.size
  }

  /**
   * Resolves once no add is under way, or after `limitMs`. The service's close waits here: the adds its
   * closing connections cut off clean up their blocks and journals before the store is left.
   */
  async idle(limitMs: number): Promise<void> {
    const until = Date.now() + limitMs
    while (this.unsettled.size > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  touch(session: AddSession, key: BlockKey): void {
    session.touched.add(key)
    let users = this.users.get(key)
    if (!users) this.users.set(key, (users = new Set()))
    users.add(session)
  }

  /** Any add under way that uses this block. */
  userOf(key: BlockKey): AddSession | undefined {
    const users = this.users.get(key)
    return users ? users.values().next().value : undefined
  }

  isInUse(key: BlockKey): boolean {
    return this.users.has(key)
  }

  /** A pin has read this block; only blocks some add under way owns need remembering. */
  claim(cid: CID): void {
    if (isInline(cid) || this.active.size === 0) return
    const key = blockKey(cid)
    for (const session of this.active) {
      if (session.owned.has(key)) {
        this.claimed.add(key)
        return
      }
    }
  }

  /** Claims every block `finished` used that some other add under way owns. */
  claimFrom(finished: AddSession): void {
    for (const session of this.active) {
      if (session === finished) continue
      for (const key of session.owned) if (finished.touched.has(key)) this.claimed.add(key)
    }
  }

  isClaimed(key: BlockKey): boolean {
    return this.claimed.has(key)
  }

  settled(session: AddSession): void {
    this.unsettled.delete(session)
  }

  /** The session is no longer under way: its blocks are no longer in use by it. */
  release(session: AddSession): void {
    this.active.delete(session)
    for (const key of session.touched) {
      const users = this.users.get(key)
      users?.delete(session)
      if (users?.size === 0) this.users.delete(key)
    }
  }

  /** After a release and its cleanup: claims on blocks no add under way owns any longer are not needed. */
  dropClaims(session: AddSession): void {
    for (const key of session.owned) {
      if (!this.isOwnedByActive(key)) this.claimed.delete(key)
    }
  }

  private isOwnedByActive(key: BlockKey): boolean {
    for (const session of this.active) if (session.owned.has(key)) return true
    return false
  }
}
