import { CarWriter } from '@ipld/car'
import * as dagCbor from '@ipld/dag-cbor'
import * as dagJson from '@ipld/dag-json'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isKuboError, startTestFiles, type TestFiles } from './testing.ts'

/**
 * block/stat, block/get and dag/get as Kubo answers them (core/commands/block.go, dag/get.go: `{Key, Size}`, the
 * bytes, the node encoded as dag-json). Blocks are made here with @ipld/dag-cbor, @ipld/dag-pb and ipfs-unixfs,
 * imported as a CAR, and the answers compared with those libraries' own encodings.
 */

let files: TestFiles
beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

async function block(codec: { code: number; encode(value: never): Uint8Array }, value: unknown, version: 0 | 1 = 1): Promise<{ cid: CID; bytes: Uint8Array }> {
  const bytes = codec.encode(value as never)
  const digest = await sha256.digest(bytes)
  return { cid: version === 0 ? CID.createV0(digest) : CID.createV1(codec.code, digest), bytes }
}

async function importBlocks(blocks: Array<{ cid: CID; bytes: Uint8Array }>): Promise<void> {
  const { writer, out } = CarWriter.create([blocks.at(-1)!.cid])
  const chunks: Uint8Array[] = []
  const reading = (async () => {
    for await (const chunk of out) chunks.push(chunk)
  })()
  for (const each of blocks) await writer.put(each)
  await writer.close()
  await reading
  const form = new FormData()
  form.append('file', new Blob([Buffer.concat(chunks)]), 'blocks.car')
  expect((await files.post('/api/v0/dag/import?pin-roots=false', { body: form })).status).toBe(200)
}

describe('block/stat, block/get and dag/get', () => {
  it('answer a raw block, a dag-cbor node with links, and a UnixFS directory as Kubo does', async () => {
    const text = await block(raw, new TextEncoder().encode('raw bytes\n'))
    const file = await block(dagPb, dagPb.prepare({ Data: new UnixFS({ type: 'file', data: new TextEncoder().encode('inside\n') }).marshal() }), 0)
    const directory = await block(dagPb, dagPb.prepare({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: [{ Name: 'inside.txt', Hash: file.cid, Tsize: file.bytes.length }] }), 0)
    const value = { name: 'a cbor node', count: 3, nested: { list: [1, 'two', text.cid] }, directory: directory.cid, bytes: new Uint8Array([1, 2, 255]) }
    const cbor = await block(dagCbor, value)
    await importBlocks([text, file, directory, cbor])

    for (const each of [text, file, directory, cbor]) {
      const stat = await files.post(`/api/v0/block/stat?arg=${each.cid}`)
      expect(stat.json).toEqual({ Key: each.cid.toString(), Size: each.bytes.length })
      const got = await files.post(`/api/v0/block/get?arg=${each.cid}`)
      expect(got.status).toBe(200)
      expect(got.headers.get('content-type')).toBe('text/plain')
      expect(got.bytes.equals(Buffer.from(each.bytes))).toBe(true)
    }

    // dag/get: the node as dag-json, byte for byte what @ipld/dag-json makes of the decoded block.
    const cborNode = await files.post(`/api/v0/dag/get?arg=${cbor.cid}`)
    expect(cborNode.text).toBe(new TextDecoder().decode(dagJson.encode(value)))
    expect(dagJson.decode(new TextEncoder().encode(cborNode.text))).toEqual(value)
    const pbNode = await files.post(`/api/v0/dag/get?arg=${directory.cid}`)
    expect(pbNode.text).toBe(new TextDecoder().decode(dagJson.encode(dagPb.decode(directory.bytes))))
    expect(pbNode.json).toMatchObject({ Links: [{ Hash: { '/': file.cid.toString() }, Name: 'inside.txt', Tsize: file.bytes.length }] })
    expect((await files.post(`/api/v0/dag/get?arg=${text.cid}`)).json).toEqual({ '/': { bytes: Buffer.from('raw bytes\n').toString('base64').replace(/=+$/, '') } })
    // dag-cbor out: the block's own bytes.
    expect((await files.post(`/api/v0/dag/get?arg=${cbor.cid}&output-codec=dag-cbor`)).bytes.equals(Buffer.from(cbor.bytes))).toBe(true)

    // Paths: inside the node, and through a UnixFS directory by name.
    expect((await files.post(`/api/v0/dag/get?arg=${cbor.cid}/nested/list/1`)).json).toBe('two')
    expect((await files.post(`/api/v0/block/stat?arg=/ipfs/${directory.cid}/inside.txt`)).json).toEqual({ Key: file.cid.toString(), Size: file.bytes.length })
    const missing = await files.post(`/api/v0/dag/get?arg=${cbor.cid}/nested/nothing`)
    expect(isKuboError(missing)).toBe(true)
    expect(missing.json).toMatchObject({ Message: `no link named "nothing" under ${cbor.cid}/nested/nothing` })
    const badCodec = await files.post(`/api/v0/dag/get?arg=${cbor.cid}&output-codec=xml`)
    expect(badCodec.status).toBe(400)
  })

  it('say a block the store does not hold is not found', async () => {
    const absent = await block(raw, new TextEncoder().encode('never imported\n'))
    for (const command of ['block/stat', 'block/get', 'dag/get']) {
      const reply = await files.post(`/api/v0/${command}?arg=${absent.cid}`)
      expect(reply.status).toBe(404)
      expect(reply.json).toMatchObject({ Message: expect.stringContaining('not found') })
    }
  })
})
