import { describe, expect, it } from 'vitest'
import type { AddedFile, AddFileOptions, FilesClient } from '../../files/client.ts'
import { FilesError } from '../../files/errors.ts'
import { UploadQueue } from './uploadQueue.ts'

/**
 * The queue's own rules (concurrency, cancel, refusal before sending) with a client whose uploads the test
 * finishes by hand; the real client is tested against the real service in src/files/client.test.ts.
 */
function handClient() {
  const pending = new Map<string, { resolve: (added: AddedFile) => void; options: AddFileOptions }>()
  const client = {
    addFile: (file: Blob & { name?: string }, options: AddFileOptions = {}) =>
      new Promise<AddedFile>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new FilesError({ kind: 'aborted', command: 'add' })))
        pending.set(file.name!, { resolve, options })
      }),
  } as unknown as FilesClient
  const finish = (name: string) => pending.get(name)!.resolve({ name, cid: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', size: 12, dagSize: 20, pinned: true, entries: [] })
  return { client, pending, finish }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
const files = (...names: string[]) => names.map((name) => new File(['hello world\n'], name))

describe('UploadQueue', () => {
  it('runs three at a time, in order, and fills a slot as one ends', async () => {
    const { client, pending, finish } = handClient()
    const queue = new UploadQueue()
    const added: string[] = []
    queue.enqueue(files('a', 'b', 'c', 'd'), { client, limit: { bytes: 1024, fromConfig: true }, pin: true, onAdded: (file) => added.push(file.name) })
    expect(queue.items().map((item) => item.state)).toEqual(['uploading', 'uploading', 'uploading', 'queued'])
    expect([...pending.keys()]).toEqual(['a', 'b', 'c'])

    // Progress reaches the page at most ten times a second.
    let published = 0
    const stop = queue.subscribe(() => published++)
    for (const loaded of [2, 4, 6]) pending.get('b')!.options.onProgress?.({ loaded, total: 12 })
    expect(published).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(published).toBe(1)
    expect(queue.items()[1]).toMatchObject({ loaded: 6 })
    stop()

    finish('b')
    await tick()
    expect(queue.items().map((item) => item.state)).toEqual(['uploading', 'done', 'uploading', 'uploading'])
    expect(queue.items()[1]).toMatchObject({ v1: 'bafybeicg2rebjoofv4kbyovkw7af3rpiitvnl6i7ckcywaq6xjcxnc2mby', loaded: 12 })
    expect(added).toEqual(['b'])
  })

  it('cancel aborts the request and frees its slot; a file over the limit is never sent', async () => {
    const { client, pending } = handClient()
    const queue = new UploadQueue()
    queue.enqueue([new File([new Uint8Array(5000)], 'huge.bin'), ...files('a', 'b', 'c', 'd')], { client, limit: { bytes: 2000, fromConfig: false }, pin: true, onAdded: () => {} })
    expect(queue.items()[0]).toMatchObject({ name: 'huge.bin', state: 'refused', refusal: 'larger than the upload limit of 2,000 bytes' })
    expect(pending.has('huge.bin')).toBe(false)

    const a = queue.items()[1]!
    queue.cancel(a.id)
    await tick()
    expect(pending.get('a')!.options.signal?.aborted).toBe(true)
    expect(queue.items().map((item) => item.state)).toEqual(['refused', 'cancelled', 'uploading', 'uploading', 'uploading'])

    queue.clearFinished()
    expect(queue.items().map((item) => item.name)).toEqual(['b', 'c', 'd'])
  })
})
