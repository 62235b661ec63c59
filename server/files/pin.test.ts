import fs from 'node:fs'
import path from 'node:path'
import { exporter } from 'ipfs-unixfs-exporter'
import { base32upper } from 'multiformats/bases/base32'
import type { CID } from 'multiformats/cid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFileService } from './server.ts'
import { BlockStore } from './store.ts'
import { basicAuth, isKuboError, multipartChunks, patternBytes, rawRequest, startTestFiles, type TestFiles } from './testing.ts'

let files: TestFiles
const internalErrors: string[] = []

beforeAll(async () => {
  files = await startTestFiles({ log: (line) => internalErrors.push(line) })
})
afterAll(async () => {
  await files?.close()
})

type PinList = { Keys: Record<string, { Type: string }> }
const pinList = async (query = '') => (await files.post(`/api/v0/pin/ls${query}`)).json as PinList

describe('pin/add, pin/ls, pin/rm', () => {
  it('pins stored content, lists it in Kubo\'s shape, and unpins it', async () => {
    const { Hash } = await files.addOne('pin me later\n', 'pin=false')
    expect((await pinList()).Keys[Hash]).toBeUndefined()

    const added = await files.post(`/api/v0/pin/add?arg=${Hash}`)
    expect(added.status).toBe(200)
    expect(added.json).toEqual({ Pins: [Hash] })
    expect((await pinList()).Keys[Hash]).toEqual({ Type: 'recursive' })

    const one = await files.post(`/api/v0/pin/ls?arg=${Hash}`)
    expect(one.json).toEqual({ Keys: { [Hash]: { Type: 'recursive' } } })
    expect(((await pinList('?type=recursive')).Keys)[Hash]).toBeDefined()
    expect(((await pinList('?type=direct')).Keys)[Hash]).toBeUndefined()

    // Pinning again is fine and changes nothing.
    expect((await files.post(`/api/v0/pin/add?arg=${Hash}`)).json).toEqual({ Pins: [Hash] })

    const removed = await files.post(`/api/v0/pin/rm?arg=${Hash}`)
    expect(removed.status).toBe(200)
    expect(removed.json).toEqual({ Pins: [Hash] })
    expect((await pinList()).Keys[Hash]).toBeUndefined()
    // Unpinned content stays readable until something collects it.
    expect((await files.cat(Hash)).text).toBe('pin me later\n')
  })

  it('answers pin/rm of something not pinned with Kubo\'s message', async () => {
    const { Hash } = await files.addOne('never pinned\n', 'pin=false')
    const reply = await files.post(`/api/v0/pin/rm?arg=${Hash}`)
    expect(reply.status).toBe(400)
    expect(reply.json).toEqual({ Message: 'not pinned or pinned indirectly', Code: 1, Type: 'error' })
    const listed = await files.post(`/api/v0/pin/ls?arg=${Hash}`)
    expect(listed.status).toBe(400)
    expect(isKuboError(listed)).toBe(true)
    expect((listed.json as { Message: string }).Message).toContain('is not pinned')
  })

  it('refuses to pin what is not in the store, at once (404), and pins nothing', async () => {
    const missing = 'QmehMASWcBsX7VcEQqs6rpR5AHoBfKyBVEgmkJHjpPg8jq'
    const started = Date.now()
    const reply = await files.post(`/api/v0/pin/add?arg=${missing}`)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(reply.status).toBe(404)
    expect(isKuboError(reply)).toBe(true)
    expect((await pinList()).Keys[missing]).toBeUndefined()
  })

  it('refuses a recursive pin when part of the DAG is missing', async () => {
    const { Hash } = await files.addOne(patternBytes(600 * 1024, 3), 'pin=false&raw-leaves=true')
    // Delete one leaf block from disk: the root is there, the DAG is not whole.
    const blocks = path.join(files.dataDir, 'files', 'blocks')
    const root = await exporter(Hash, new BlockStore(blocks))
    if (root.type !== 'file') throw new Error('expected a file')
    fs.rmSync(blockFile(blocks, root.node.Links[1]!.Hash))

    const reply = await files.post(`/api/v0/pin/add?arg=${Hash}`)
    expect(reply.status).toBe(404)
    expect((await pinList()).Keys[Hash]).toBeUndefined()
    // A direct pin needs only the root block.
    expect((await files.post(`/api/v0/pin/add?arg=${Hash}&recursive=false`)).status).toBe(200)
    expect((await pinList()).Keys[Hash]).toEqual({ Type: 'direct' })
    expect((await files.post(`/api/v0/pin/rm?arg=${Hash}`)).status).toBe(200)
  })

  it('pins and unpins several args at once, all or nothing', async () => {
    const a = await files.addOne('several a', 'pin=false')
    const b = await files.addOne('several b', 'pin=false')
    expect((await files.post(`/api/v0/pin/add?arg=${a.Hash}&arg=${b.Hash}`)).json).toEqual({ Pins: [a.Hash, b.Hash] })
    const c = await files.addOne('several c', 'pin=false')
    const refused = await files.post(`/api/v0/pin/rm?arg=${a.Hash}&arg=${c.Hash}`)
    expect(refused.status).toBe(400)
    expect((await pinList()).Keys[a.Hash]).toBeDefined()
    expect((await files.post(`/api/v0/pin/rm?arg=${a.Hash}&arg=${b.Hash}`)).json).toEqual({ Pins: [a.Hash, b.Hash] })
  })
})

/** Where blockstore-fs keeps a block: named by the base32 of its multihash, under the name's last two letters. */
function blockFile(blocks: string, cid: CID): string {
  const name = base32upper.encoder.encode(cid.multihash.bytes)
  return path.join(blocks, name.slice(-2), `${name}.data`)
}

describe('nothing is lost', () => {
  it('keeps pins and content across a restart on the same data dir', async () => {
    const content = patternBytes(700 * 1024, 11)
    const kept = await files.addOne(content)
    const direct = await files.addOne('direct pin\n', 'pin=false')
    await files.post(`/api/v0/pin/add?arg=${direct.Hash}&recursive=false`)
    const before = await pinList()

    await files.restart()

    expect(await pinList()).toEqual(before)
    expect(before.Keys[kept.Hash]).toEqual({ Type: 'recursive' })
    expect(before.Keys[direct.Hash]).toEqual({ Type: 'direct' })
    expect((await files.cat(kept.Hash)).bytes.equals(content)).toBe(true)
    // The pin file is written whole (temp file + rename): no temp files stay behind.
    const leftovers = fs.readdirSync(path.join(files.dataDir, 'files')).filter((name) => name.endsWith('.tmp'))
    expect(leftovers).toEqual([])
  })

  it('an upload cut off mid-body leaves no pin and reports nothing as added', async () => {
    const before = await pinList()
    const boundary = 'cut-off-boundary'
    const pieces = Array.from({ length: 40 }, (_, index) => patternBytes(64 * 1024, 1000 + index))
    const result = await rawRequest(files.port, {
      path: '/api/v0/add?progress=true',
      headers: {
        authorization: basicAuth(),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': 10 * 1024 * 1024,
      },
      chunks: multipartChunks(boundary, 'cut.bin', pieces),
      // Cut once the service has reported progress: it is then certainly in the middle of the import.
      cutAfterChunks: 20,
      cutWhenAnswerHas: '"Bytes"',
    })
    expect(result.cut).toBe(true)
    expect(result.text).toContain('"Bytes"')
    expect(result.text).not.toContain('"Hash"')
    // Give the service a moment to notice the closed socket and stop the import.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await pinList()).toEqual(before)
    expect(internalErrors).toEqual([])

    // The same file sent whole later is added normally.
    const whole = await files.add([{ name: 'cut.bin', content: Buffer.concat(pieces) }])
    expect(whole.status).toBe(200)
    expect((await pinList()).Keys[String(whole.lines[0]!.Hash)]).toEqual({ Type: 'recursive' })
  })

  it('refuses to start over a pins file it cannot read, rather than drop the pins', async () => {
    const dataDir = fs.mkdtempSync(path.join(files.dataDir, 'broken-'))
    fs.mkdirSync(path.join(dataDir, 'files'), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'files', 'pins.json'), '{ half a file')
    await expect(startFileService({ port: 0, key: 'k', secret: 's', dataDir })).rejects.toThrow(/pins\.json is not valid JSON/)
  })
})
