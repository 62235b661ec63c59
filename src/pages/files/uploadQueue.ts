import type { AddedFile, FilesClient } from '../../files/client.ts'
import { toV1Base32 } from '../../files/cid.ts'
import { FilesError } from '../../files/errors.ts'
import type { FolderUpload } from '../../files/folderUpload.ts'
import { overUploadLimit, type UploadLimit } from '../../files/limits.ts'
import { createListeners } from '../../state/listeners.ts'

/**
 * The uploads of one network, outside React so they keep going (and stay listed) when the panel is left
 * and opened again. Each file is its own request with its own AbortController; at most three run at once.
 */

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'refused'

export type UploadItem = {
  readonly id: string
  readonly name: string
  /** A file, or a folder with its paths (one request, `ipfs add -r`). */
  readonly kind: 'file' | 'folder'
  /** The folder's files; 1 for a file. */
  readonly fileCount: number
  readonly size: number
  readonly state: UploadState
  /** File bytes sent so far. */
  readonly loaded: number
  /** Over the last couple of seconds; null until there is enough to say. */
  readonly bytesPerSecond: number | null
  readonly added: AddedFile | null
  /** The CIDv1 (base32) form of `added.cid`. */
  readonly v1: string | null
  readonly error: FilesError | null
  /** Why the file was not sent at all (over the size limit). */
  readonly refusal: string | null
}

type Entry = {
  item: UploadItem
  file: File | FolderUpload
  controller: AbortController
  client: FilesClient
  pin: boolean
  samples: Array<{ at: number; loaded: number }>
  onAdded: (added: AddedFile) => void
}

const concurrency = 3
const speedWindowMs = 2_000
const progressIntervalMs = 100

let nextId = 1

export class UploadQueue {
  private entries: Entry[] = []
  private snapshot: readonly UploadItem[] = []
  private readonly listeners = createListeners()

  readonly subscribe = this.listeners.subscribe

  readonly items = (): readonly UploadItem[] => this.snapshot

  /** Listed in the order given, after earlier ones. Files over the limit are listed as refused and never sent. */
  enqueue(files: ReadonlyArray<File | FolderUpload>, options: { client: FilesClient; limit: UploadLimit; pin: boolean; onAdded: (added: AddedFile) => void }): void {
    const fresh: Entry[] = files.map((file) => {
      const refusal = overUploadLimit(file, options.limit)
      const folder = !(file instanceof Blob)
      return {
        item: {
          id: `upload-${nextId++}`,
          name: file.name,
          kind: folder ? 'folder' : 'file',
          fileCount: folder ? file.files.length : 1,
          size: file.size,
          state: refusal ? 'refused' : 'queued',
          loaded: 0,
          bytesPerSecond: null,
          added: null,
          v1: null,
          error: null,
          refusal,
        },
        file,
        controller: new AbortController(),
        client: options.client,
        pin: options.pin,
        samples: [],
        onAdded: options.onAdded,
      }
    })
    this.entries = [...this.entries, ...fresh]
    this.publish()
    this.pump()
  }

  cancel(id: string): void {
    const entry = this.entries.find((candidate) => candidate.item.id === id)
    if (!entry || (entry.item.state !== 'queued' && entry.item.state !== 'uploading')) return
    entry.controller.abort()
    this.update(entry, { state: 'cancelled', bytesPerSecond: null })
    this.pump()
  }

  dismiss(id: string): void {
    const entry = this.entries.find((candidate) => candidate.item.id === id)
    if (entry && (entry.item.state === 'queued' || entry.item.state === 'uploading')) entry.controller.abort()
    this.entries = this.entries.filter((candidate) => candidate.item.id !== id)
    this.publish()
    this.pump()
  }

  /** Drops every finished row (done, failed, cancelled, refused). */
  clearFinished(): void {
    this.entries = this.entries.filter((entry) => entry.item.state === 'queued' || entry.item.state === 'uploading')
    this.publish()
  }

  private pump(): void {
    const running = this.entries.filter((entry) => entry.item.state === 'uploading').length
    const waiting = this.entries.filter((entry) => entry.item.state === 'queued')
    for (const entry of waiting.slice(0, Math.max(0, concurrency - running))) void this.run(entry)
  }

  private async run(entry: Entry): Promise<void> {
    this.update(entry, { state: 'uploading' })
    entry.samples = [{ at: performance.now(), loaded: 0 }]
    try {
      const sending = { signal: entry.controller.signal, options: { pin: entry.pin }, onProgress: ({ loaded }: { loaded: number }) => this.progress(entry, loaded) }
      const added = entry.file instanceof Blob ? await entry.client.addFile(entry.file, sending) : await entry.client.addFolder(entry.file, sending)
      if (entry.item.state !== 'uploading') return
      this.update(entry, { state: 'done', loaded: entry.file.size, bytesPerSecond: null, added, v1: toV1Base32(added.cid) })
      entry.onAdded(added)
    } catch (error) {
      if (entry.item.state !== 'uploading') return
      const failure = error instanceof FilesError ? error : new FilesError({ kind: 'malformed', command: 'add', cause: error })
      this.update(entry, failure.kind === 'aborted' ? { state: 'cancelled', bytesPerSecond: null } : { state: 'failed', bytesPerSecond: null, error: failure })
    } finally {
      this.pump()
    }
  }

  private progress(entry: Entry, loaded: number): void {
    if (entry.item.state !== 'uploading') return
    const now = performance.now()
    entry.samples.push({ at: now, loaded })
    while (entry.samples.length > 2 && now - entry.samples[1]!.at > speedWindowMs) entry.samples.shift()
    const first = entry.samples[0]!
    const elapsed = (now - first.at) / 1000
    entry.item = { ...entry.item, loaded, bytesPerSecond: elapsed >= 0.25 ? (loaded - first.loaded) / elapsed : entry.item.bytesPerSecond }
    // A browser reports progress many times a second per request; the page is told at most ten times.
    this.publishSoon()
  }

  private update(entry: Entry, change: Partial<UploadItem>): void {
    entry.item = { ...entry.item, ...change }
    this.publish()
  }

  private publishTimer: ReturnType<typeof setTimeout> | null = null

  private publishSoon(): void {
    this.publishTimer ??= setTimeout(() => this.publish(), progressIntervalMs)
  }

  private publish(): void {
    if (this.publishTimer !== null) clearTimeout(this.publishTimer)
    this.publishTimer = null
    this.snapshot = this.entries.map((entry) => entry.item)
    this.listeners.notify()
  }
}

const queues = new Map<string, UploadQueue>()

export function uploadQueueFor(networkName: string): UploadQueue {
  let queue = queues.get(networkName)
  if (!queue) {
    queue = new UploadQueue()
    queues.set(networkName, queue)
  }
  return queue
}
