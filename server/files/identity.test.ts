import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { identity } from 'multiformats/hashes/identity'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blockFilesOnDisk, startTestFiles, type TestFiles } from './testing.ts'

/**
 * Identity CIDs carry their bytes inside the CID, and Kubo serves them without a block
 * store. `bafkqaaa` is the empty raw block with the identity multihash, the one every IPFS implementation
 * knows; the others are built here with multiformats from the bytes they must read back as.
 */
let files: TestFiles
beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

const inline = (text: string) => CID.createV1(raw.code, identity.digest(new TextEncoder().encode(text))).toString()

describe('identity CIDs', () => {
  it('cat bafkqaaa is the empty file', async () => {
    const reply = await files.cat('bafkqaaa')
    expect(reply.status).toBe(200)
    expect(reply.bytes.length).toBe(0)
    expect(reply.headers.get('x-content-length')).toBe('0')
  })

  it.each(['hello chainglass', 'ü and 🧊 in UTF-8', 'x'.repeat(100)])('cat of an inline CID serves its own bytes: %s', async (text) => {
    const cid = inline(text)
    const whole = await files.cat(cid)
    expect(whole.status).toBe(200)
    expect(whole.text).toBe(text)
    // offset and length work on inline content as on stored content.
    const part = await files.cat(cid, 'offset=1&length=4')
    expect(part.bytes.equals(Buffer.from(text).subarray(1, 5))).toBe(true)
    // As a path too, and in Kubo's /ipfs/ form.
    expect((await files.cat(`/ipfs/${cid}`)).text).toBe(text)
  })

  it('pins of identity CIDs are accepted and listed, and nothing is written to the store for them', async () => {
    const before = blockFilesOnDisk(files.dataDir).size
    const cid = inline('pinned inline')
    for (const arg of ['bafkqaaa', cid]) {
      const pinned = await files.post(`/api/v0/pin/add?arg=${arg}`)
      expect(pinned.json).toEqual({ Pins: [arg] })
    }
    const listed = (await files.post('/api/v0/pin/ls')).json as { Keys: Record<string, { Type: string }> }
    expect(listed.Keys['bafkqaaa']).toEqual({ Type: 'recursive' })
    expect(listed.Keys[cid]).toEqual({ Type: 'recursive' })
    expect(blockFilesOnDisk(files.dataDir).size).toBe(before)
    // The gc has nothing of theirs to remove, and they still read back after it.
    expect((await files.post('/api/v0/repo/gc')).status).toBe(200)
    expect((await files.cat(cid)).text).toBe('pinned inline')
    expect((await files.post(`/api/v0/pin/rm?arg=${cid}`)).json).toEqual({ Pins: [cid] })
  })
})
