import path from 'node:path'
import { exporter } from 'ipfs-unixfs-exporter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockStore } from './store.ts'
import { patternBytes, startTestFiles, type TestFiles } from './testing.ts'

let files: TestFiles

beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

const KiB = 1024
const MiB = 1024 * KiB

describe('add then cat gives the same bytes back', () => {
  it.each([
    ['0 bytes', 0],
    ['1 byte', 1],
    ['256 KiB exactly (one chunk)', 256 * KiB],
    ['256 KiB + 1 (two chunks)', 256 * KiB + 1],
    ['3.5 MiB', 3.5 * MiB],
  ])('%s', async (_label, size) => {
    const content = patternBytes(size, size + 7)
    for (const query of ['', 'cid-version=1', 'raw-leaves=true', 'chunker=size-65536']) {
      const added = await files.addOne(content, query)
      const back = await files.cat(added.Hash)
      expect(back.status, back.text).toBe(200)
      expect(back.headers.get('x-content-length')).toBe(String(size))
      expect(back.bytes.equals(content), `${size} bytes with "${query}"`).toBe(true)
    }
  })

  it('a file of more than 174 chunks (two-level DAG), with every chunk distinct', async () => {
    const content = patternBytes(175 * 256 * KiB + 12_345, 42)
    const added = await files.addOne(content)
    const back = await files.cat(added.Hash)
    expect(back.bytes.length).toBe(content.length)
    expect(back.bytes.equals(content)).toBe(true)
    const store = new BlockStore(path.join(files.dataDir, 'files', 'blocks'))
    const root = await exporter(added.Hash, store)
    if (root.type !== 'file') throw new Error('expected a file')
    expect(root.node.Links).toHaveLength(2)
  })
})

describe('add answers like Kubo', () => {
  it('gives one JSON line per file, in order, with Size a decimal string', async () => {
    const reply = await files.add([
      { name: 'a.txt', content: 'first\n' },
      { name: 'b.txt', content: 'second\n' },
      { name: 'c.bin', content: patternBytes(300 * KiB) },
    ])
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/)
    expect(reply.headers.get('x-chunked-output')).toBe('1')
    expect(reply.text.endsWith('\n')).toBe(true)
    expect(reply.lines.map((line) => line.Name)).toEqual(['a.txt', 'b.txt', 'c.bin'])
    for (const line of reply.lines) {
      expect(Object.keys(line).sort()).toEqual(['Hash', 'Name', 'Size'])
      expect(line.Size).toMatch(/^\d+$/)
    }
    for (const [index, expected] of ['first\n', 'second\n'].entries()) {
      expect((await files.cat(String(reply.lines[index]!.Hash))).text).toBe(expected)
    }
  })

  it('with progress=true, streams {Name, Bytes} every 256 KiB and at the end of each file, before its result', async () => {
    const reply = await files.add([{ name: 'p.bin', content: patternBytes(MiB + 10) }, { name: 'q.txt', content: 'q' }], 'progress=true')
    expect(reply.status).toBe(200)
    const progressP = reply.lines.filter((line) => line.Name === 'p.bin' && 'Bytes' in line).map((line) => line.Bytes)
    expect(progressP.length).toBeGreaterThanOrEqual(4)
    expect(progressP.at(-1)).toBe(MiB + 10)
    expect([...progressP].sort((a, b) => Number(a) - Number(b))).toEqual(progressP)
    const names = reply.lines.map((line) => `${line.Name}:${'Hash' in line ? 'added' : 'progress'}`)
    expect(names.indexOf('p.bin:added')).toBeGreaterThan(names.lastIndexOf('p.bin:progress'))
    expect(names.at(-1)).toBe('q.txt:added')
    expect(reply.lines.find((line) => line.Name === 'q.txt' && 'Bytes' in line)?.Bytes).toBe(1)
  })

  it('pins what it adds unless pin=false', async () => {
    const pinned = await files.addOne('pinned by default\n')
    const unpinned = await files.addOne('not pinned\n', 'pin=false')
    const list = (await files.post('/api/v0/pin/ls')).json as { Keys: Record<string, unknown> }
    expect(list.Keys[pinned.Hash]).toEqual({ Type: 'recursive' })
    expect(list.Keys[unpinned.Hash]).toBeUndefined()
    // Stored all the same.
    expect((await files.cat(unpinned.Hash)).text).toBe('not pinned\n')
  })

  it('with only-hash, computes the CID and stores nothing', async () => {
    const added = await files.addOne('only hashed, never stored\n', 'only-hash=true')
    expect(added.Hash).toMatch(/^Qm/)
    expect((await files.cat(added.Hash)).status).toBe(404)
    const list = (await files.post('/api/v0/pin/ls')).json as { Keys: Record<string, unknown> }
    expect(list.Keys[added.Hash]).toBeUndefined()
  })

  it('takes file names as Kubo does: URL-unescaped, cleaned of leading and climbing segments', async () => {
    const reply = await files.add([
      { name: 'with%20space.txt', content: '1' },
      { name: '../../etc/passwd', content: '2' },
      { name: 'résumé.txt', content: '3' },
    ])
    // The directory that `etc/passwd` implies is reported after the files, as Kubo reports directories.
    expect(reply.lines.map((line) => line.Name)).toEqual(['with space.txt', 'etc/passwd', 'résumé.txt', 'etc'])
  })

  it('pins the top-level entries: each file, or the wrapping directory', async () => {
    const plain = await files.add([{ name: 'top-1.txt', content: 'top 1' }, { name: 'top-2.txt', content: 'top 2' }])
    const wrapped = await files.add([{ name: 'inner.txt', content: 'inner' }], 'wrap-with-directory=true')
    const keys = ((await files.post('/api/v0/pin/ls')).json as { Keys: Record<string, unknown> }).Keys
    for (const line of plain.lines) expect(keys[String(line.Hash)]).toBeDefined()
    expect(wrapped.lines.map((line) => line.Name)).toEqual(['inner.txt', ''])
    expect(keys[String(wrapped.lines[1]!.Hash)]).toBeDefined()
    expect(keys[String(wrapped.lines[0]!.Hash)]).toBeUndefined()
  })

  it('takes concurrent adds of the same file', async () => {
    const content = patternBytes(2 * MiB + 3, 99)
    const results = await Promise.all(Array.from({ length: 4 }, () => files.addOne(content)))
    const hashes = new Set(results.map((result) => result.Hash))
    expect(hashes.size).toBe(1)
    const [hash] = [...hashes]
    expect((await files.cat(hash!)).bytes.equals(content)).toBe(true)
    const keys = ((await files.post('/api/v0/pin/ls')).json as { Keys: Record<string, unknown> }).Keys
    expect(keys[hash!]).toEqual({ Type: 'recursive' })
  })
})

describe('cat reads ranges like Kubo', () => {
  it('offset and length pick bytes out of a file, clipped at its end', async () => {
    const content = patternBytes(3 * MiB, 5)
    const { Hash } = await files.addOne(content)
    const firstMiB = await files.cat(Hash, `length=${MiB}`)
    expect(firstMiB.bytes.equals(content.subarray(0, MiB))).toBe(true)
    const middle = await files.cat(Hash, `offset=${MiB - 5}&length=300000`)
    expect(middle.bytes.equals(content.subarray(MiB - 5, MiB - 5 + 300_000))).toBe(true)
    const tail = await files.cat(Hash, `offset=${3 * MiB - 10}&length=100`)
    expect(tail.bytes.equals(content.subarray(3 * MiB - 10))).toBe(true)
    const past = await files.cat(Hash, `offset=${4 * MiB}`)
    expect(past.status).toBe(200)
    expect(past.bytes.length).toBe(0)
    expect((await files.cat(Hash, 'length=0')).bytes.length).toBe(0)
  })

  it('concatenates several args and applies offset and length to the whole (Kubo sharness t0040)', async () => {
    const { Hash } = await files.addOne('Hello Worlds!\n')
    const reply = await files.post(`/api/v0/cat?arg=${Hash}&arg=${Hash}&arg=${Hash}&offset=5&length=15`)
    expect(reply.text).toBe(' Worlds!\nHello ')
    expect((await files.post(`/api/v0/cat?arg=${Hash}&arg=${Hash}&offset=10`)).text).toBe('ds!\nHello Worlds!\n')
  })

  it('follows /ipfs/<cid>/<name> paths into a directory', async () => {
    const reply = await files.add([{ name: 'inside.txt', content: 'found me' }], 'wrap-with-directory=true')
    const dir = String(reply.lines.at(-1)!.Hash)
    expect((await files.cat(`/ipfs/${dir}/inside.txt`)).text).toBe('found me')
    const directory = await files.cat(dir)
    expect(directory.status).toBe(400)
    expect(directory.json).toMatchObject({ Message: 'this dag node is a directory', Type: 'error' })
  })

  it('sends stored bytes as text/plain with nosniff and Kubo stream headers', async () => {
    const { Hash } = await files.addOne('<html><script>alert(1)</script></html>')
    const reply = await files.cat(Hash)
    expect(reply.headers.get('content-type')).toBe('text/plain')
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff')
    expect(reply.headers.get('x-stream-output')).toBe('1')
  })
})
