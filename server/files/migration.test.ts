import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../config.ts'
import { blockFilesOnDisk, emptyDirectoryBlock, startTestFiles, type TestFiles } from './testing.ts'

/**
 * A data dir from before the store was an IPFS peer (testdata/files/pre-peer-datadir.md: made by commit abce012)
 * opens with every pin and block it had, and the store is a peer on it from then on.
 */
const fixture = path.join(repoRoot, 'testdata', 'files', 'pre-peer-datadir')
const pinned = {
  QmQr8FKGKL4FrP1ENZZLfZf9eFW2snk7R8NXKNtQr8KmPc: 'pinned by add, before the store was a peer\n',
  QmVSvyv1BAdySF4jn6XugEwWYecyXQgo7xQdmXuRHXNMP1: Buffer.alloc(300_000, 7),
  QmYGW82bn8d5TwndR1bkYJzq8BP9R86bCPZBjzezonkWrq: null,
}

let files: TestFiles
let before: Set<string>

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-migration-'))
  fs.cpSync(fixture, dataDir, { recursive: true })
  before = blockFilesOnDisk(dataDir)
  files = await startTestFiles({ dataDir })
})
afterAll(async () => {
  await files?.close()
})

describe('a data dir from before the peer', () => {
  it('keeps every block and pin, and reads every file', async () => {
    expect(before.size).toBe(8)
    // Every block it had, and the folder tree's empty root, new with the peer.
    expect(blockFilesOnDisk(files.dataDir)).toEqual(new Set([...before, emptyDirectoryBlock]))
    const pins = (await files.post('/api/v0/pin/ls?type=recursive')).json as { Keys: Record<string, { Type: string }> }
    expect(Object.keys(pins.Keys).sort()).toEqual(Object.keys(pinned).sort())
    for (const [cid, content] of Object.entries(pinned)) {
      if (content === null) continue
      expect((await files.cat(cid)).bytes.equals(Buffer.from(content))).toBe(true)
    }
    expect((await files.cat('/ipfs/QmYGW82bn8d5TwndR1bkYJzq8BP9R86bCPZBjzezonkWrq/y.txt')).text).toBe('y\n')
    expect((await files.cat('QmPkMSj3xoECa3jCp72PBDsuZFRKDMBUnNkEZ4J6zEnb5k')).text).toBe('added with pin=false\n')
  })

  it('is a peer on it, its key kept beside the blocks', async () => {
    const id = (await files.post('/api/v0/id')).json as { ID: string }
    expect(id.ID).toMatch(/^12D3KooW/)
    expect(fs.existsSync(path.join(files.dataDir, 'files', 'peer'))).toBe(true)
    await files.restart()
    expect(((await files.post('/api/v0/id')).json as { ID: string }).ID).toBe(id.ID)
    expect(blockFilesOnDisk(files.dataDir)).toEqual(new Set([...before, emptyDirectoryBlock]))
  })
})
