import fs from 'node:fs/promises'
import { writeFileAtomically } from './atomicFile.ts'
import { FileStoreError } from './errors.ts'

export type StoredPinType = 'recursive' | 'direct'

type PinsFile = { version: 1; pins: Record<string, StoredPinType> }

/**
 * The pin set, persisted in one JSON file. Every change rewrites the whole file through a temp file,
 * fsync and rename, one write at a time, so a crash leaves either the old set or the new one, never half.
 * Keys are CIDs as text, as the client gave them (a v0 pin is listed as v0).
 */
export class PinSet {
  private readonly pins = new Map<string, StoredPinType>()
  private writes: Promise<void> = Promise.resolve()
  private closed = false

  private constructor(private readonly file: string) {}

  /** A missing file is an empty set; an unreadable one stops the start: silently dropping pins would lose data. */
  static async load(file: string): Promise<PinSet> {
    const set = new PinSet(file)
    let text: string | null = null
    try {
      text = await fs.readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
    if (text !== null) {
      let parsed: PinsFile
      try {
        parsed = JSON.parse(text) as PinsFile
      } catch {
        throw new Error(`${file} is not valid JSON: fix or move it away (it holds the pins of the file service)`)
      }
      for (const [cid, type] of Object.entries(parsed.pins ?? {})) {
        if (type === 'recursive' || type === 'direct') set.pins.set(cid, type)
      }
    }
    return set
  }

  get(cid: string): StoredPinType | undefined {
    return this.pins.get(cid)
  }

  entries(): Array<[string, StoredPinType]> {
    return [...this.pins.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  }

  /**
   * Waits for the writes under way; later changes are refused. A request still running when the service
   * stops (its connection already cut) cannot then write after the next start has read the file.
   */
  async close(): Promise<void> {
    this.closed = true
    await this.writes
  }

  private refuseIfClosed(): void {
    if (this.closed) throw new FileStoreError(503, 'the file service is stopping: nothing was pinned or unpinned, try again')
  }

  /** Adds (or upgrades) pins and resolves once the new set is on disk. */
  async add(cids: string[], type: StoredPinType): Promise<void> {
    this.refuseIfClosed()
    for (const cid of cids) {
      // A recursive pin covers a direct one; never downgrade.
      if (type === 'recursive' || this.pins.get(cid) !== 'recursive') this.pins.set(cid, type)
    }
    await this.persist()
  }

  async remove(cids: string[]): Promise<void> {
    this.refuseIfClosed()
    for (const cid of cids) this.pins.delete(cid)
    await this.persist()
  }

  /** Serialised: each write snapshots the set when its turn comes, so the last one on disk is the newest. */
  private persist(): Promise<void> {
    const next = this.writes.then(() => this.writeNow())
    // A failed write must not wedge the queue; the caller of that write still sees its error.
    this.writes = next.catch(() => {})
    return next
  }

  private async writeNow(): Promise<void> {
    const body: PinsFile = { version: 1, pins: Object.fromEntries(this.entries()) }
    await writeFileAtomically(this.file, `${JSON.stringify(body, null, 2)}\n`)
  }
}
