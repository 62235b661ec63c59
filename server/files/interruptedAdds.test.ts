import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { afterEach, describe, expect, it } from 'vitest'
import { blockFilesOnDisk, emptyDirectoryBlock, eventually, heldBoundary, holdUpload, leftoverFiles, patternBytes, startTestFiles, type TestFiles } from './testing.ts'

/**
 * An add that does not finish leaves nothing behind, unless something that did finish
 * (another add, a pin) uses the same blocks; `repo/gc` removes what no pin keeps. Everything is checked on
 * the directory itself, and against the bytes the test uploaded.
 */
const MiB = 1024 * 1024
const opened: TestFiles[] = []
afterEach(async () => {
  for (const files of opened.splice(0)) await files.close()
})

async function service(options: Parameters<typeof startTestFiles>[0] = {}): Promise<TestFiles> {
  const files = await startTestFiles(options)
  opened.push(files)
  return files
}

const head = (name: string) =>
  Buffer.from(`--${heldBoundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`)
const between = Buffer.from('\r\n')
const closing = Buffer.from(`\r\n--${heldBoundary}--\r\n`)

async function sendInPieces(upload: ReturnType<typeof holdUpload>, bytes: Buffer, piece = 64 * 1024): Promise<void> {
  for (let offset = 0; offset < bytes.length; offset += piece) await upload.send(bytes.subarray(offset, offset + piece))
}

/** Starts an add of one file, sends its first `sent` bytes and waits until the service has read `read` of them. */
async function addUnderWay(files: TestFiles, name: string, content: Buffer, sent: number, read: number) {
  const upload = holdUpload(files.port, '/api/v0/add?progress=true')
  await upload.send(head(name))
  await sendInPieces(upload, content.subarray(0, sent))
  await upload.progressed(read)
  return upload
}

/** The CIDv1 raw name `repo gc` gives a block, from any CID of it (the store knows blocks by multihash). */
const asGcKey = (cid: string) => CID.createV1(raw.code, CID.parse(cid).multihash).toString()

describe('interrupted adds', () => {
  it('an add cut off half way leaves no block of it on disk, and the store still takes the same file whole', async () => {
    const files = await service()
    await files.addOne(patternBytes(MiB, 7), '', 'kept.bin')
    const before = blockFilesOnDisk(files.dataDir)
    const content = patternBytes(12 * MiB, 8)

    // The importer has written blocks of what arrived (the progress lines say it has read that much).
    const upload = await addUnderWay(files, 'cut.bin', content, 6 * MiB, 4 * MiB)
    expect(blockFilesOnDisk(files.dataDir).size).toBeGreaterThan(before.size)
    upload.cut()
    await upload.answer

    await eventually(() => blockFilesOnDisk(files.dataDir).size === before.size, 'the blocks of the cut-off add are removed')
    expect([...blockFilesOnDisk(files.dataDir)].sort()).toEqual([...before].sort())
    await eventually(() => leftoverFiles(files.dataDir).length === 0, 'no journal or temp file left')

    const whole = await files.addOne(content, '', 'whole.bin')
    expect((await files.cat(whole.Hash)).bytes.equals(content)).toBe(true)
  })

  it('an add refused half way (over the size limit, or a malformed form) removes what it wrote', async () => {
    const files = await service({ maxUploadBytes: 3 * MiB })
    const before = blockFilesOnDisk(files.dataDir)

    // No Content-Length: the limit is found while the body arrives, after blocks were written.
    const tooLarge = holdUpload(files.port, '/api/v0/add?progress=true')
    await tooLarge.send(head('big.bin'))
    await sendInPieces(tooLarge, patternBytes(4 * MiB, 9))
    tooLarge.end(closing)
    const refused = await tooLarge.answer
    expect(refused.text).toContain('larger than the limit')

    const malformed = holdUpload(files.port, '/api/v0/add?progress=true')
    await malformed.send(head('bad.bin'))
    await sendInPieces(malformed, patternBytes(2 * MiB, 10))
    // The body ends without its closing boundary: busboy's "Unexpected end of form".
    malformed.end()
    const broken = await malformed.answer
    expect(broken.text, `status ${broken.status}`).toMatch(/malformed multipart|Unexpected end of form/)

    await eventually(() => blockFilesOnDisk(files.dataDir).size === before.size, 'the refused adds left no blocks')
    expect(leftoverFiles(files.dataDir)).toEqual([])
  })

  it('blocks a cut-off add wrote first stay when an add that finished uses them too', async () => {
    const files = await service()
    const content = patternBytes(8 * MiB, 11)
    const first = await addUnderWay(files, 'first.bin', content, 5 * MiB, 4 * MiB)

    // The same bytes, whole, in another add: its first 4 MiB of leaves are blocks the first add wrote.
    const second = await files.addOne(content, 'pin=false', 'second.bin')
    first.cut()
    await first.answer
    await eventually(() => leftoverFiles(files.dataDir).length === 0, 'the cut-off add has cleaned up')

    const read = await files.cat(second.Hash)
    expect(read.status).toBe(200)
    expect(read.bytes.equals(content)).toBe(true)
  })

  it('a file pinned while the rest of its add is still arriving stays whole when that add is cut off', async () => {
    const files = await service()
    const small = patternBytes(600 * 1024, 12)
    const large = patternBytes(6 * MiB, 13)
    const upload = holdUpload(files.port, '/api/v0/add?progress=true&pin=false')
    await upload.send(Buffer.concat([head('small.bin'), small, between, head('large.bin')]))
    await sendInPieces(upload, large.subarray(0, 3 * MiB))
    // With progress the add streams each file's line as soon as that file is imported.
    await upload.until('"Name":"small.bin","Hash"')
    const smallCid = (JSON.parse(upload.received().split('\n').find((line) => line.includes('"Name":"small.bin","Hash"'))!) as { Hash: string }).Hash
    const pinned = await files.post(`/api/v0/pin/add?arg=${smallCid}`)
    expect(pinned.json).toEqual({ Pins: [smallCid] })

    upload.cut()
    await upload.answer
    await eventually(() => leftoverFiles(files.dataDir).length === 0, 'the cut-off add has cleaned up')
    const read = await files.cat(smallCid)
    expect(read.status).toBe(200)
    expect(read.bytes.equals(small)).toBe(true)
    // Only the pinned file's blocks are left: a gc finds nothing more to remove.
    const gc = await files.post('/api/v0/repo/gc')
    expect(gc.text).toBe('')
  })
})

describe('repo/gc', () => {
  type GcLine = { Key: { '/': string } }
  const gcLines = (text: string) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as GcLine)

  it("removes every block no pin keeps, answering one Kubo-shaped line per block; pinned content reads back whole", async () => {
    const files = await service()
    const pinnedBytes = patternBytes(3 * MiB, 21)
    const loose = patternBytes(2 * MiB, 22)
    const pinned = await files.addOne(pinnedBytes, '', 'pinned.bin')
    const keptBlocks = blockFilesOnDisk(files.dataDir)
    const unpinned = await files.addOne(loose, 'pin=false', 'loose.bin')
    const withLoose = blockFilesOnDisk(files.dataDir)
    const looseBlocks = [...withLoose].filter((name) => !keptBlocks.has(name))
    expect(looseBlocks.length).toBeGreaterThan(8)

    const gc = await files.post('/api/v0/repo/gc')
    expect(gc.status).toBe(200)
    expect(gc.headers.get('content-type')).toBe('application/json')
    expect(gc.headers.get('x-chunked-output')).toBe('1')
    const removed = gcLines(gc.text).map((line) => line.Key['/'])
    expect(removed.length).toBe(looseBlocks.length)
    expect(removed).toContain(asGcKey(unpinned.Hash))
    expect(removed).not.toContain(asGcKey(pinned.Hash))
    for (const cid of removed) expect(CID.parse(cid).code, `${cid} is named as a raw block`).toBe(raw.code)

    expect([...blockFilesOnDisk(files.dataDir)].sort()).toEqual([...keptBlocks].sort())
    expect((await files.cat(unpinned.Hash)).status).toBe(404)
    expect((await files.cat(pinned.Hash)).bytes.equals(pinnedBytes)).toBe(true)

    const again = await files.post('/api/v0/repo/gc')
    expect(again.status).toBe(200)
    expect(again.text).toBe('')
  })

  it('silent=true removes the same blocks and writes no line', async () => {
    const files = await service()
    const unpinned = await files.addOne(patternBytes(MiB, 23), 'pin=false')
    const gc = await files.post('/api/v0/repo/gc?silent=true')
    expect(gc.status).toBe(200)
    expect(gc.text).toBe('')
    // Only the folder tree's (empty) root is left.
    expect([...blockFilesOnDisk(files.dataDir)]).toEqual([emptyDirectoryBlock])
    expect((await files.cat(unpinned.Hash)).status).toBe(404)
  })

  it('an add under way while the gc runs keeps its blocks and finishes whole', async () => {
    const files = await service()
    const content = patternBytes(6 * MiB, 24)
    const upload = await addUnderWay(files, 'during-gc.bin', content, 4 * MiB, 3 * MiB)
    const during = blockFilesOnDisk(files.dataDir)

    const gc = await files.post('/api/v0/repo/gc')
    expect(gc.status).toBe(200)
    expect(gc.text).toBe('')
    expect(blockFilesOnDisk(files.dataDir)).toEqual(during)

    await sendInPieces(upload, content.subarray(4 * MiB))
    upload.end(closing)
    const answer = await upload.answer
    expect(answer.status).toBe(200)
    const hash = (JSON.parse(answer.text.split('\n').find((line) => line.includes('"Hash"'))!) as { Hash: string }).Hash
    expect((await files.cat(hash)).bytes.equals(content)).toBe(true)
  })

  it('a pin added while a gc runs either keeps its whole DAG or is refused, never pinned and broken', async () => {
    const files = await service()
    let pinnedWhole = 0
    let refused = 0
    for (let round = 0; round < 12; round++) {
      const content = patternBytes(512 * 1024, 100 + round)
      const added = await files.addOne(content, 'pin=false')
      const [gc, pin] = await Promise.all([files.post('/api/v0/repo/gc'), files.post(`/api/v0/pin/add?arg=${added.Hash}`)])
      expect(gc.status).toBe(200)
      if (pin.status === 200) {
        pinnedWhole++
        expect((await files.cat(added.Hash)).bytes.equals(content), `round ${round}: the pinned file reads back whole`).toBe(true)
      } else {
        refused++
        expect(pin.status).toBe(404)
      }
    }
    expect(pinnedWhole + refused).toBe(12)
  })
})
