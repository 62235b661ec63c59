import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../server/testing/service.ts'
import { createFilesClient, type FilesClient, type UploadProgress } from './client.ts'
import { FilesError } from './errors.ts'
import { NodeXhr } from './testing/nodeXhr.ts'
import { xhrUpload } from './upload.ts'
import { MemoryBlockstore } from 'blockstore-core'
import { importer } from 'ipfs-unixfs-importer'
import { readDropped, type DroppedEntry } from './folderUpload.ts'

// The real local service (anvil, gateway and the file store) with a small upload limit, so the 413 path is cheap.
const uploadLimit = 4 * 1024 * 1024
const helloCid = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o'

let service: TestService
let files: FilesClient
const clientWith = (overrides: { url?: string; key?: string; secret?: string } = {}) =>
  createFilesClient(
    { url: overrides.url ?? service.urls.files, key: overrides.key ?? service.config.key, secret: overrides.secret ?? service.config.secret },
    { upload: xhrUpload(() => new NodeXhr()) },
  )

/** Different bytes per seed, so each test adds content of its own. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length)
  let state = seed * 2654435761 || 1
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0
    out[index] = state >>> 24
  }
  return out
}

const file = (content: Uint8Array | string, name: string) => new File([typeof content === 'string' ? content : new Uint8Array(content)], name)

beforeAll(async () => {
  service = await startTestService({ CHAINGLASS_MAX_UPLOAD_BYTES: String(uploadLimit) })
  files = clientWith()
})

afterAll(async () => {
  await service?.close()
})

describe('files client against the real local file store', () => {
  it('answers version in Kubo keys', async () => {
    const version = await files.version()
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/)
    expect(version.commit).toBe('chainglass-files')
  })

  it('add gives Kubo\'s CID for "hello world\\n", pinned; cat reads it back, whole and by range', async () => {
    const added = await files.addFile(file('hello world\n', 'hello.txt'))
    expect(added).toMatchObject({ name: 'hello.txt', cid: helloCid, size: 12, pinned: true })
    expect(added.entries).toEqual([{ name: 'hello.txt', cid: helloCid, dagSize: 20 }])
    expect((await files.pinLs()).find((pin) => pin.cid === helloCid)).toEqual({ cid: helloCid, type: 'recursive' })
    expect(new TextDecoder().decode(await files.cat(helloCid))).toBe('hello world\n')
    expect(new TextDecoder().decode(await files.cat(helloCid, { offset: 6, length: 5 }))).toBe('world')
    expect(await files.cat(helloCid, { length: 0 })).toHaveLength(0)
  })

  it('the empty file gets Kubo\'s published CID, with a progress report of 0 of 0', async () => {
    const events: UploadProgress[] = []
    const added = await files.addFile(file('', 'empty.txt'), { onProgress: (progress) => events.push(progress) })
    expect(added.cid).toBe('QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH')
    expect(events).toEqual([{ loaded: 0, total: 0 }])
    expect(await files.cat(added.cid)).toHaveLength(0)
  })

  it('a multi-chunk file round-trips byte for byte', async () => {
    const content = bytes(700 * 1024 + 3, 7)
    const added = await files.addFile(file(content, 'chunks.bin'))
    expect(added.size).toBe(content.length)
    // Compared as buffers: a deep toEqual over 700 K elements takes seconds.
    expect(Buffer.from(await files.cat(added.cid)).equals(Buffer.from(content))).toBe(true)
    // A preview-sized read stops where it was asked to.
    expect(await files.cat(added.cid, { length: 1024 })).toEqual(content.subarray(0, 1024))
  })

  it('reports upload progress in increasing byte counts that end at the file size', async () => {
    const content = bytes(3 * 1024 * 1024, 11)
    const events: UploadProgress[] = []
    const added = await files.addFile(file(content, 'progress.bin'), { onProgress: (progress) => events.push(progress) })
    expect(events.length).toBeGreaterThan(10)
    for (let index = 1; index < events.length; index++) expect(events[index]!.loaded).toBeGreaterThan(events[index - 1]!.loaded)
    expect(events.every((event) => event.total === content.length)).toBe(true)
    expect(events.at(-1)!.loaded).toBe(content.length)
    expect(added.size).toBe(content.length)
  })

  it('adds several files, one request each, each with its own progress', async () => {
    const list = [file(bytes(300 * 1024, 21), 'a.bin'), file('second file\n', 'b.txt'), file(bytes(10, 23), 'c.bin')]
    const seen = new Map<number, number[]>()
    const outcomes = await files.add(list, { onProgress: ({ index, loaded }) => seen.set(index, [...(seen.get(index) ?? []), loaded]) })
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true])
    const cids = outcomes.map((outcome) => (outcome.ok ? outcome.added.cid : ''))
    expect(new Set(cids).size).toBe(3)
    for (const [index, item] of list.entries()) expect(seen.get(index)?.at(-1)).toBe(item.size)
    const pinned = new Set((await files.pinLs()).map((pin) => pin.cid))
    for (const cid of cids) expect(pinned.has(cid)).toBe(true)
  })

  it('pins and unpins; unpinning what is not pinned is a 400 in Kubo\'s words', async () => {
    const added = await files.addFile(file('pin me\n', 'pin.txt'), { options: { pin: false } })
    expect(added.pinned).toBe(false)
    expect((await files.pinLs()).some((pin) => pin.cid === added.cid)).toBe(false)

    expect(await files.pinAdd(added.cid)).toEqual([added.cid])
    expect((await files.pinLs()).some((pin) => pin.cid === added.cid)).toBe(true)
    expect(await files.pinRm(added.cid)).toEqual([added.cid])
    expect((await files.pinLs()).some((pin) => pin.cid === added.cid)).toBe(false)
    // Unpinned is not deleted: the content is still there to read.
    expect(new TextDecoder().decode(await files.cat(added.cid))).toBe('pin me\n')

    const error = await files.pinRm(added.cid).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(FilesError)
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 1, detail: 'not pinned or pinned indirectly' })
  })

  it('passes add options through: CIDv1 gives a base32 CID with raw leaves', async () => {
    const added = await files.addFile(file('hello world\n', 'v1.txt'), { options: { cidVersion: 1 } })
    expect(added.cid).toMatch(/^bafkrei[a-z2-7]+$/)
    const onlyHash = await files.addFile(file('only hash, never stored\n', 'n.txt'), { options: { onlyHash: true } })
    expect(onlyHash.pinned).toBe(false)
    await expect(files.cat(onlyHash.cid)).rejects.toMatchObject({ status: 404 })
  })

  it('turns Kubo errors into FilesErrors with the HTTP status: unknown CID 404 (promptly), malformed CID 400', async () => {
    const started = Date.now()
    // A valid CID (sha-256 of nothing stored here).
    const missing = await files.cat('bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy').catch((caught: unknown) => caught)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(missing).toMatchObject({ name: 'FilesError', kind: 'http', status: 404, title: 'Not found on this file store' })
    const malformed = await files.pinAdd('not-a-cid').catch((caught: unknown) => caught)
    expect(malformed).toMatchObject({ kind: 'http', status: 400 })
    expect((malformed as FilesError).detail).toContain('is not a valid CID')
  })

  it('a wrong secret is a 401 that names the likely causes and never the secret', async () => {
    const secret = 'wrong-secret-do-not-print'
    const error = (await clientWith({ secret }).pinLs().catch((caught: unknown) => caught)) as FilesError
    expect(error).toBeInstanceOf(FilesError)
    expect(error.status).toBe(401)
    expect(error.unauthorized).toBe(true)
    expect(error.message).toMatch(/wrong project key or secret/)
    expect(error.message).toMatch(/billing card/)
    expect(error.hint).toMatch(/even for a free account/)
    const everything = [error.message, error.detail, error.hint, error.title, JSON.stringify(error), String(error.stack)].join('\n')
    expect(everything).not.toContain(secret)
    expect(everything).not.toContain(btoa(`${service.config.key}:${secret}`))

    // An upload with a wrong key is refused the same way.
    const upload = await clientWith({ key: 'nobody', secret }).addFile(file('x', 'x.txt')).catch((caught: unknown) => caught)
    expect(upload).toMatchObject({ kind: 'http', status: 401 })
  })

  it('cancelling an upload mid-way rejects as aborted and leaves no pin', async () => {
    const content = bytes(3 * 1024 * 1024, 31)
    const controller = new AbortController()
    const pending = files.addFile(file(content, 'cancel.bin'), {
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded > 256 * 1024) controller.abort()
      },
    })
    await expect(pending).rejects.toMatchObject({ kind: 'aborted', command: 'add' })
    // The CID it would have had, computed without storing anything.
    const { cid } = await files.addFile(file(content, 'cancel.bin'), { options: { onlyHash: true } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await files.pinLs()).some((pin) => pin.cid === cid)).toBe(false)
  })

  it('an aborted cat rejects as aborted; a signal already aborted sends nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(files.cat(helloCid, { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted', command: 'cat' })
    await expect(files.addFile(file('never sent', 'n.txt'), { signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' })
  })

  it('an upload over the service limit is refused with 413', async () => {
    const error = (await files.addFile(file(bytes(uploadLimit + 1024, 41), 'big.bin')).catch((caught: unknown) => caught)) as FilesError
    expect(error).toBeInstanceOf(FilesError)
    expect(error.status).toBe(413)
    expect(error.detail).toBe(`upload is larger than the limit of ${uploadLimit} bytes`)
  })

  it('no service at the address is "unreachable", for uploads and for plain calls', async () => {
    const gone = clientWith({ url: 'http://127.0.0.1:9' })
    await expect(gone.pinLs()).rejects.toMatchObject({ kind: 'unreachable', command: 'pin/ls' })
    await expect(gone.addFile(file('x', 'x.txt'))).rejects.toMatchObject({ kind: 'unreachable', command: 'add' })
  })
})

/** The CID Kubo's defaults (`ipfs add -r`; IPIP-499's unixfs-v0-2015 profile) give the tree `top`, by ipfs-unixfs-importer. */
async function kuboTreeCid(top: string, tree: Array<{ path: string; content?: string }>): Promise<string> {
  let root = ''
  const candidates = tree.map(({ path, content }) => (content === undefined ? { path } : { path, content: new TextEncoder().encode(content) }))
  for await (const entry of importer(candidates, new MemoryBlockstore(), { profile: 'unixfs-v0-2015' })) if (entry.path === top) root = entry.cid.toString()
  return root
}

/** A dropped folder as the File and Directory Entries API gives it: readEntries in batches of two, then none. */
function droppedTree(name: string, tree: Record<string, string | Record<string, unknown>>, parent = ''): DroppedEntry {
  const fullPath = `${parent}/${name}`
  const children = Object.entries(tree).map(([childName, value]) =>
    typeof value === 'string'
      ? ({ isFile: true, isDirectory: false, name: childName, fullPath: `${fullPath}/${childName}`, file: (ok: (file: File) => void) => ok(new File([value], childName)) } as DroppedEntry)
      : droppedTree(childName, value as Record<string, string | Record<string, unknown>>, fullPath),
  )
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath,
    createReader: () => {
      let at = 0
      return { readEntries: (ok) => ok(children.slice(at, (at += 2))) }
    },
  }
}

describe('a folder with its paths', () => {
  const tree = { 'a.txt': 'alpha\n', 'z.txt': 'zulu\n', sub: { 'b.txt': 'bravo\n', deeper: { 'c.txt': 'charlie\n' } }, empty: {} }

  it('is added in one request as ipfs add -r adds it: the directory CID Kubo gives, an empty directory kept', async () => {
    const { files: loose, folders } = await readDropped([droppedTree('album', tree), { isFile: true, isDirectory: false, name: 'loose.txt', fullPath: '/loose.txt', file: (ok) => ok(new File(['x'], 'loose.txt')) }])
    expect(loose.map((each) => each.name)).toEqual(['loose.txt'])
    expect(folders).toHaveLength(1)
    const [folder] = folders
    expect(folder!.files.map((each) => each.path)).toEqual(['album/a.txt', 'album/sub/b.txt', 'album/sub/deeper/c.txt', 'album/z.txt'])
    expect(folder!.directories).toEqual(['album', 'album/empty', 'album/sub', 'album/sub/deeper'])
    const events: UploadProgress[] = []
    const added = await files.addFolder(folder!, { onProgress: (progress) => events.push(progress) })
    const expected = await kuboTreeCid('album', [
      { path: 'album/a.txt', content: 'alpha\n' },
      { path: 'album/z.txt', content: 'zulu\n' },
      { path: 'album/sub/b.txt', content: 'bravo\n' },
      { path: 'album/sub/deeper/c.txt', content: 'charlie\n' },
      { path: 'album/empty' },
    ])
    expect(added).toMatchObject({ name: 'album', cid: expected, size: 25, pinned: true })
    expect(events.at(-1)).toEqual({ loaded: 25, total: 25 })
    // Listed back (streamed): the folder's four entries.
    const listed = []
    for await (const batch of files.listDirectory(added.cid)) listed.push(...batch)
    expect(listed.map((entry) => [entry.name, entry.kind]).sort()).toEqual([['a.txt', 'file'], ['empty', 'folder'], ['sub', 'folder'], ['z.txt', 'file']])
  })
})

