import { CID } from 'multiformats/cid'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { patternBytes, startTestFiles, type TestFiles } from './testing.ts'

/**
 * Kubo's files/* on the node's folder tree (folders.ts). Expected CIDs: the empty directory's (Kubo's well-known
 * QmUNLLs…), and those /api/v0/add gives for the same bytes and the same folder (add's CIDs are Kubo's, checked
 * against published vectors in vectors.test.ts): a tree built with files/write must name its folders as add does.
 */

const emptyDirectory = 'QmUNLLsPACCz1vLxQVkXqqLX5R1X345qqfHbsf67hvA3Nn'

let files: TestFiles
beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

async function write(path: string, content: string | Uint8Array, query = 'create=true&parents=true&truncate=true') {
  const form = new FormData()
  form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), 'data')
  return files.post(`/api/v0/files/write?arg=${encodeURIComponent(path)}&${query}`, { body: form })
}

const stat = async (path: string) => (await files.post(`/api/v0/files/stat?arg=${encodeURIComponent(path)}`)).json as { Hash: string; Size: number; CumulativeSize: number; Blocks: number; Type: string }
const read = async (path: string, query = '') => (await files.post(`/api/v0/files/read?arg=${encodeURIComponent(path)}${query}`)).bytes

describe('the folder tree', () => {
  it('starts as the empty directory', async () => {
    expect(await stat('/')).toEqual({ Hash: emptyDirectory, Size: 0, CumulativeSize: 4, Blocks: 0, Type: 'directory' })
    expect((await files.post('/api/v0/files/ls?arg=/')).json).toEqual({ Entries: null })
  })

  it('names files and folders written into it as add names the same bytes and folder', async () => {
    const big = patternBytes(300_000, 3)
    expect((await write('/docs/a.txt', 'alpha\n')).status).toBe(200)
    expect((await write('/docs/b.bin', big)).status).toBe(200)
    const added = await files.add(
      [
        { name: 'docs/a.txt', content: 'alpha\n' },
        { name: 'docs/b.bin', content: big },
      ],
      'wrap-with-directory=false&pin=false',
    )
    const hash = (name: string) => added.lines.find((line) => line.Name === name)!.Hash as string
    expect((await stat('/docs/a.txt')).Hash).toBe(hash('docs/a.txt'))
    expect(await stat('/docs/b.bin')).toMatchObject({ Hash: hash('docs/b.bin'), Size: 300_000, Blocks: 2, Type: 'file' })
    expect(await stat('/docs')).toMatchObject({ Hash: hash('docs'), Size: 0, Blocks: 2, Type: 'directory' })
    expect((await files.post('/api/v0/files/ls?arg=/docs&long=true')).json).toEqual({
      Entries: [
        { Name: 'a.txt', Type: 0, Size: 6, Hash: hash('docs/a.txt') },
        { Name: 'b.bin', Type: 0, Size: 300_000, Hash: hash('docs/b.bin') },
      ],
    })
    expect((await files.post('/api/v0/files/ls?arg=/')).json).toEqual({ Entries: [{ Name: 'docs', Type: 0, Size: 0, Hash: '' }] })
    expect((await read('/docs/a.txt')).toString()).toBe('alpha\n')
    expect((await read('/docs/b.bin', '&offset=299990&count=5')).equals(big.subarray(299_990, 299_995))).toBe(true)
  })

  it('writes into an existing file at an offset, keeping its other bytes; refuses a missing file without create', async () => {
    await write('/notes.txt', 'hello world\n')
    expect((await write('/notes.txt', 'WORLD', 'offset=6')).status).toBe(200)
    expect((await read('/notes.txt')).toString()).toBe('hello WORLD\n')
    const missing = await write('/nowhere.txt', 'x', '')
    expect(missing.status).toBe(500)
    expect(missing.json).toMatchObject({ Message: 'file does not exist', Code: 0, Type: 'error' })
  })

  it('makes, moves, copies and removes as Kubo’s files commands do', async () => {
    expect((await files.post('/api/v0/files/mkdir?arg=/projects/one&parents=true')).status).toBe(200)
    const again = await files.post('/api/v0/files/mkdir?arg=/projects/one')
    expect(again.json).toMatchObject({ Message: 'file already exists', Type: 'error' })
    expect((await files.post('/api/v0/files/mkdir?arg=/projects/one&parents=true')).status).toBe(200)
    expect((await files.post('/api/v0/files/mkdir?arg=relative')).json).toMatchObject({ Message: 'paths must start with a leading slash', Code: 1 })

    // Into a folder when the destination is one; to a new name otherwise.
    await files.post(`/api/v0/files/mv?arg=/notes.txt&arg=/projects/one`)
    expect((await read('/projects/one/notes.txt')).toString()).toBe('hello WORLD\n')
    await files.post(`/api/v0/files/mv?arg=/projects/one/notes.txt&arg=/projects/renamed.txt`)
    expect((await files.post('/api/v0/files/ls?arg=/projects')).json).toEqual({
      Entries: [
        { Name: 'one', Type: 0, Size: 0, Hash: '' },
        { Name: 'renamed.txt', Type: 0, Size: 0, Hash: '' },
      ],
    })

    // Into a folder that has an entry of that name: refused, as Kubo's mfs refuses (nothing changes). Onto a
    // file named as the destination: the file is replaced. A folder into itself or under itself: refused.
    await write('/projects/one/renamed.txt', 'other\n')
    const clash = await files.post(`/api/v0/files/mv?arg=/projects/renamed.txt&arg=/projects/one`)
    expect(clash.status).toBe(500)
    expect(clash.json).toMatchObject({ Message: 'directory already has entry by that name', Code: 0, Type: 'error' })
    expect((await read('/projects/renamed.txt')).toString()).toBe('hello WORLD\n')
    expect((await read('/projects/one/renamed.txt')).toString()).toBe('other\n')
    expect((await files.post('/api/v0/files/mkdir?arg=/projects/one/inner')).status).toBe(200)
    for (const into of ['/projects/one', '/projects/one/inner']) {
      const itself = await files.post(`/api/v0/files/mv?arg=/projects/one&arg=${into}`)
      expect(itself.json).toMatchObject({ Message: 'cannot move a directory into itself' })
    }
    expect((await files.post('/api/v0/files/rm?arg=/projects/one/inner&arg=/projects/one/renamed.txt&recursive=true')).status).toBe(200)

    // Anything the store holds, by its /ipfs/ path: a file, or a whole folder.
    const added = await files.add([{ name: 'site/index.html', content: '<p>hi</p>' }], 'wrap-with-directory=false')
    const site = added.lines.find((line) => line.Name === 'site')!.Hash as string
    expect((await files.post(`/api/v0/files/cp?arg=/ipfs/${site}&arg=/projects/site`)).status).toBe(200)
    expect((await stat('/projects/site')).Hash).toBe(site)
    expect((await read('/projects/site/index.html')).toString()).toBe('<p>hi</p>')
    const taken = await files.post(`/api/v0/files/cp?arg=/ipfs/${site}&arg=/projects/site`)
    expect(taken.json).toMatchObject({ Message: 'directory already has entry by that name' })

    const folder = await files.post('/api/v0/files/rm?arg=/projects/site')
    expect(folder.json).toMatchObject({ Message: '/projects/site is a directory, use -r to remove directories' })
    expect((await files.post('/api/v0/files/rm?arg=/projects/site&recursive=true')).status).toBe(200)
    expect((await files.post('/api/v0/files/stat?arg=/projects/site')).json).toMatchObject({ Message: 'file does not exist' })
    expect((await files.post('/api/v0/files/rm?arg=/')).json).toMatchObject({ Message: 'cannot delete root' })
  })

  it('keeps the tree across a restart, and repo/gc keeps what it holds but not what it let go', async () => {
    const kept = patternBytes(5_000, 8)
    await write('/keep/kept.bin', kept)
    await write('/drop/dropped.bin', patternBytes(5_000, 9))
    const dropped = (await stat('/drop/dropped.bin')).Hash
    await files.post('/api/v0/files/rm?arg=/drop&recursive=true')
    const root = (await stat('/')).Hash
    await files.restart()
    expect((await stat('/')).Hash).toBe(root)
    const gc = await files.post('/api/v0/repo/gc')
    expect(gc.status).toBe(200)
    // The gc names blocks as Kubo's does: CIDv1, raw codec, by their multihash.
    expect(gc.text).toContain(CID.createV1(0x55, CID.parse(dropped).multihash).toString())
    expect((await read('/keep/kept.bin')).equals(kept)).toBe(true)
    expect((await files.cat(dropped)).status).toBe(404)
  })
})
