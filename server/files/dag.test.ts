import fs from 'node:fs'
import path from 'node:path'
import { CarReader, CarWriter } from '@ipld/car'
import { unixfs } from '@helia/unixfs'
import { MemoryBlockstore } from 'blockstore-core'
import { createHeliaLight } from 'helia'
import { CID } from 'multiformats/cid'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockKey } from './store.ts'
import { patternBytes, startTestFiles, type TestFiles } from './testing.ts'

/**
 * ls, dag/stat and dag/export as Kubo answers them (shapes from Kubo's core/commands/ls.go and dag/). Expected
 * values come from what was added (the add's own answer lines, the bytes), from the block files on disk, and from
 * independent readers (@ipld/car's reader, Helia's UnixFS over the exported blocks).
 */

let files: TestFiles
beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

/** A block's size as it lies on disk (blockstore-fs: one file per block, named by its multihash). */
function sizeOnDisk(cid: CID): number {
  const name = `${blockKey(cid)}.data`
  const root = path.join(files.dataDir, 'files', 'blocks')
  for (const shard of fs.readdirSync(root)) {
    const file = path.join(root, shard, name)
    if (fs.existsSync(file)) return fs.statSync(file).size
  }
  throw new Error(`no block file ${name}`)
}

const chunk = 262_144

describe('ls', () => {
  it('lists a folder’s entries by name with their CIDs, sizes and types, and a file’s chunks unnamed', async () => {
    const big = patternBytes(chunk * 2 + 10, 5)
    const reply = await files.add(
      [
        { name: 'folder/b.txt', content: 'bee\n' },
        { name: 'folder/a.bin', content: big },
        { name: 'folder/sub/c.txt', content: 'sea\n' },
      ],
      'wrap-with-directory=false',
    )
    expect(reply.status, reply.text).toBe(200)
    const hash = (name: string) => reply.lines.find((line) => line.Name === name)!.Hash as string
    const listing = await files.post(`/api/v0/ls?arg=${hash('folder')}`)
    expect(listing.status).toBe(200)
    const zero = '0001-01-01T00:00:00Z'
    expect(listing.json).toEqual({
      Objects: [
        {
          Hash: hash('folder'),
          Links: [
            { Name: 'a.bin', Hash: hash('folder/a.bin'), Size: big.length, Type: 2, Target: '', Mode: 0, ModTime: zero },
            { Name: 'b.txt', Hash: hash('folder/b.txt'), Size: 4, Type: 2, Target: '', Mode: 0, ModTime: zero },
            { Name: 'sub', Hash: hash('folder/sub'), Size: 0, Type: 1, Target: '', Mode: 0, ModTime: zero },
          ],
        },
      ],
    })
    // A path into the folder; a file of three chunks lists them (256 KiB, 256 KiB, 10 bytes), unnamed.
    const inner = (await files.post(`/api/v0/ls?arg=/ipfs/${hash('folder')}/sub`)).json as { Objects: Array<{ Links: Array<{ Name: string }> }> }
    expect(inner.Objects[0]!.Links.map((link) => link.Name)).toEqual(['c.txt'])
    const chunks = (await files.post(`/api/v0/ls?arg=${hash('folder/a.bin')}`)).json as { Objects: Array<{ Links: Array<{ Name: string; Size: number; Type: number }> }> }
    expect(chunks.Objects[0]!.Links.map(({ Name, Size, Type }) => ({ Name, Size, Type }))).toEqual([
      { Name: '', Size: chunk, Type: 2 },
      { Name: '', Size: chunk, Type: 2 },
      { Name: '', Size: 10, Type: 2 },
    ])
  })

  it('answers 404 for what the store does not hold and 400 for a malformed CID', async () => {
    const missing = 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n'
    const reply = await files.post(`/api/v0/ls?arg=${missing}`)
    expect(reply.status).toBe(404)
    expect(reply.json).toMatchObject({ Message: `block was not found locally (offline): ${missing}`, Type: 'error' })
    expect((await files.post('/api/v0/ls?arg=nope')).status).toBe(400)
    expect((await files.post('/api/v0/ls')).json).toMatchObject({ Message: 'argument "ipfs-path" is required', Code: 1 })
  })
})

describe('dag/stat', () => {
  it('counts each block once and its bytes as they lie on disk; a root given twice is all shared', async () => {
    const bytes = patternBytes(chunk * 5 + 3, 9)
    const added = await files.addOne(bytes, '', 'six-blocks.bin')
    const root = CID.parse(added.Hash)
    const chunks = ((await files.post(`/api/v0/ls?arg=${added.Hash}`)).json as { Objects: Array<{ Links: Array<{ Hash: string }> }> }).Objects[0]!.Links
    const onDisk = [root, ...chunks.map((link) => CID.parse(link.Hash))].reduce((sum, cid) => sum + sizeOnDisk(cid), 0)

    const summary = await files.post(`/api/v0/dag/stat?arg=${added.Hash}&progress=false`)
    expect(summary.status).toBe(200)
    expect(summary.json).toEqual({ UniqueBlocks: 7, TotalSize: onDisk, Ratio: 1, DagStats: [{ Cid: added.Hash, Size: onDisk, NumBlocks: 7 }] })

    const twice = await files.post(`/api/v0/dag/stat?arg=${added.Hash}&arg=${added.Hash}&progress=false`)
    expect(twice.json).toEqual({
      UniqueBlocks: 7,
      TotalSize: onDisk,
      SharedSize: onDisk,
      Ratio: 2,
      DagStats: [
        { Cid: added.Hash, Size: onDisk, NumBlocks: 7 },
        { Cid: added.Hash, Size: onDisk, NumBlocks: 7 },
      ],
    })

    // With progress (Kubo's default over HTTP): a line per block, then the summary.
    const progressive = await files.post(`/api/v0/dag/stat?arg=${added.Hash}`)
    const lines = progressive.text.trim().split('\n').map((line) => JSON.parse(line) as { TotalSize?: number; UniqueBlocks?: number })
    expect(lines).toHaveLength(8)
    expect(lines.at(-1)).toEqual(summary.json)
    expect(lines.slice(0, -1).every((line) => line.UniqueBlocks === undefined)).toBe(true)
    expect(lines.at(-2)!.TotalSize).toBe(onDisk)
  })
})

describe('dag/export', () => {
  it('writes the DAG as a CAR that an independent reader verifies and a fresh node reads the file back from', async () => {
    const bytes = patternBytes(chunk * 3 + 77, 21)
    const added = await files.addOne(bytes, '', 'export.bin')
    const reply = await files.post(`/api/v0/dag/export?arg=${added.Hash}`)
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('application/vnd.ipld.car')

    const car = await CarReader.fromBytes(new Uint8Array(reply.bytes))
    expect((await car.getRoots()).map(String)).toEqual([added.Hash])
    const blockstore = new MemoryBlockstore()
    const order: string[] = []
    for await (const { cid, bytes: block } of car.blocks()) {
      // Each block is what its CID names.
      expect((await sha256.digest(block)).bytes).toEqual(cid.multihash.bytes)
      await blockstore.put(cid, block)
      order.push(cid.toString())
    }
    // The root first (a node before its links), then its four chunks.
    expect(order).toHaveLength(5)
    expect(order[0]).toBe(added.Hash)

    const reader = createHeliaLight({ blockstore })
    const back: Uint8Array[] = []
    for await (const piece of unixfs(reader).cat(CID.parse(added.Hash))) back.push(piece)
    expect(Buffer.concat(back).equals(bytes)).toBe(true)
  })

  it('answers 404, before any byte, for a DAG the store does not hold, and 400 for a path inside one', async () => {
    const missing = 'QmdfTbBqBPQ7VNxZEYEj14VmRuZBkqFbiwReogJgS1zR1n'
    const reply = await files.post(`/api/v0/dag/export?arg=${missing}`)
    expect(reply.status).toBe(404)
    expect(reply.json).toMatchObject({ Type: 'error' })
    const added = await files.add([{ name: 'd/x.txt', content: 'x' }], 'wrap-with-directory=false')
    const dir = added.lines.find((line) => line.Name === 'd')!.Hash as string
    const inside = await files.post(`/api/v0/dag/export?arg=/ipfs/${dir}/x.txt`)
    expect(inside.status).toBe(400)
  })
})

/** A CAR file of `blocks` under `roots`, written by @ipld/car's own writer. */
async function carOf(roots: CID[], blocks: Array<{ cid: CID; bytes: Uint8Array }>): Promise<Buffer> {
  const { writer, out } = CarWriter.create(roots)
  const collected = (async () => {
    const parts: Uint8Array[] = []
    for await (const part of out) parts.push(part)
    return Buffer.concat(parts)
  })()
  for (const block of blocks) await writer.put(block)
  await writer.close()
  return collected
}

async function importCar(target: TestFiles, car: Buffer, query = ''): Promise<{ status: number; lines: unknown[]; json: unknown }> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(car)]), 'dag.car')
  const reply = await target.post(`/api/v0/dag/import${query}`, { body: form })
  const lines = reply.status === 200 ? reply.text.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown) : []
  return { status: reply.status, lines, json: reply.json }
}

describe('dag/import', () => {
  it('takes what another store exported: blocks checked, the root pinned, the file read back', async () => {
    const bytes = patternBytes(chunk * 2 + 500, 33)
    const added = await files.addOne(bytes, '', 'moved.bin')
    const car = (await files.post(`/api/v0/dag/export?arg=${added.Hash}`)).bytes
    let blockCount = 0
    for await (const block of (await CarReader.fromBytes(new Uint8Array(car))).blocks()) blockCount += block.bytes.length > 0 ? 1 : 0
    const other = await startTestFiles()
    try {
      const imported = await importCar(other, car, '?stats=true')
      expect(imported.status).toBe(200)
      expect(imported.lines).toEqual([{ Root: { Cid: { '/': added.Hash }, PinErrorMsg: '' } }, { Stats: { BlockCount: blockCount, BlockBytesCount: expect.any(Number) } }])
      expect((await other.cat(added.Hash)).bytes.equals(bytes)).toBe(true)
      const pins = (await other.post(`/api/v0/pin/ls?arg=${added.Hash}`)).json as { Keys: Record<string, { Type: string }> }
      expect(pins.Keys[added.Hash]).toEqual({ Type: 'recursive' })
    } finally {
      await other.close()
    }
  })

  it('reports a root whose DAG the CAR lacks instead of pinning it, and pins nothing with pin-roots=false', async () => {
    const bytes = patternBytes(chunk + 1, 44)
    const added = await files.addOne(bytes, '', 'partial.bin')
    const root = CID.parse(added.Hash)
    const rootBlock = (await CarReader.fromBytes(new Uint8Array((await files.post(`/api/v0/dag/export?arg=${added.Hash}`)).bytes))).get(root)
    const car = await carOf([root], [(await rootBlock)!])
    const other = await startTestFiles()
    try {
      const imported = await importCar(other, car)
      expect(imported.lines).toHaveLength(1)
      const [line] = imported.lines as Array<{ Root: { Cid: { '/': string }; PinErrorMsg: string } }>
      expect(line!.Root.Cid['/']).toBe(added.Hash)
      expect(line!.Root.PinErrorMsg).toMatch(/not found/)
      const pinned = (await other.post('/api/v0/pin/ls')).json as { Keys: Record<string, unknown> }
      expect(Object.keys(pinned.Keys)).not.toContain(added.Hash)
      expect((await importCar(other, car, '?pin-roots=false')).lines).toEqual([])
    } finally {
      await other.close()
    }
  })

  it('refuses a block whose bytes are not its CID’s, and a body that is not a CAR', async () => {
    const good = new TextEncoder().encode('a raw block')
    const cid = CID.createV1(0x55, await sha256.digest(good))
    const forged = await carOf([cid], [{ cid, bytes: new TextEncoder().encode('another raw block') }])
    const refused = await importCar(files, forged)
    expect(refused.status).toBe(400)
    expect(refused.json).toMatchObject({ Message: 'import failed at its first block: its bytes do not hash to its CID', Code: 1, Type: 'error' })
    const notCar = await importCar(files, Buffer.from('not a car at all'))
    expect(notCar.status).toBe(400)
    expect((notCar.json as { Message: string }).Message).toMatch(/^import failed: not a CAR file/)
  })
})
