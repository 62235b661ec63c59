import path from 'node:path'
import { exporter } from 'ipfs-unixfs-exporter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockStore } from './store.ts'
import { startTestFiles, type TestFiles } from './testing.ts'

// Published CIDs for inputs anyone can rebuild (a fixed string, or N zero bytes). Each comes with where
// it was published; only the expected CIDs are taken from those places.
//
// [kubo-t0040]  ipfs/kubo test/sharness/t0040-add-and-cat.sh (expected hashes of `ipfs add`)
// [kubo-cli]    ipfs/kubo test/cli/add_test.go and cid_profiles_test.go ("hello world", no newline)
// [kubo-t0114]  ipfs/kubo test/sharness/t0114-gateway-subdomains/README.md (echo hello | ipfs add)
// [unixfs-spec] ipfs/specs src/unixfs.md, "Well-Known UnixFS CIDs" (empty file, empty raw block)
// [kubo-10426]  ipfs/kubo issue #10426, a maintainer's `ipfs add ./3M` of a zero-filled 3 MiB file
// [solidity]    ethereum/solidity test/libsolutil/IpfsHash.cpp: N zero bytes, CIDs that match
//               `ipfs add` with Kubo's defaults; they include the 174-link edge and the first file
//               with a two-level DAG (Kubo's own large-file vectors use seeded random bytes that cannot
//               be rebuilt without its generator, so these stand in for them).

const text = (value: string) => new TextEncoder().encode(value)
const zeros = (length: number) => new Uint8Array(length)

type Vector = { what: string; content: Uint8Array; query?: string; cid: string; source: string }

const small: Vector[] = [
  { what: '"hello world\\n"', content: text('hello world\n'), cid: 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o', source: 'brief' },
  { what: 'the empty file', content: zeros(0), cid: 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH', source: 'kubo-t0040, unixfs-spec' },
  { what: 'the empty file, raw leaves', content: zeros(0), query: 'raw-leaves=true', cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku', source: 'kubo-t0040, unixfs-spec' },
  { what: 'the empty file, CIDv1 without raw leaves', content: zeros(0), query: 'cid-version=1&raw-leaves=false', cid: 'bafybeif7ztnhq65lumvvtr4ekcwd2ifwgm3awq4zfr3srh462rwyinlb4y', source: 'unixfs-spec' },
  { what: '"Hello Worlds!\\n"', content: text('Hello Worlds!\n'), cid: 'QmVr26fY1tKyspEJBniVhqxQeEjhF78XerGiqWAwraVLQH', source: 'kubo-t0040' },
  { what: '"Hello Worlds!\\n" with chunker=size-64', content: text('Hello Worlds!\n'), query: 'chunker=size-64', cid: 'QmVr26fY1tKyspEJBniVhqxQeEjhF78XerGiqWAwraVLQH', source: 'kubo-t0040' },
  { what: '"Helloo Worlds!\\n"', content: text('Helloo Worlds!\n'), cid: 'Qmf35k66MZNW2GijohUmXQEWKZU4cCGTCwK6idfnt152wJ', source: 'kubo-t0040' },
  { what: '"Hello Venus!\\n"', content: text('Hello Venus!\n'), cid: 'QmU5kp3BH3B8tnWUU2Pikdb2maksBNkb92FHRr56hyghh4', source: 'kubo-t0040' },
  { what: '"Hello Jupiter!\\n"', content: text('Hello Jupiter!\n'), cid: 'QmUnvPcBctVTAcJpigv6KMqDvmDewksPWrNVoy1E1WP5fh', source: 'kubo-t0040' },
  { what: '"Hello Neptune!\\nHello Pluton!"', content: text('Hello Neptune!\nHello Pluton!'), cid: 'QmZDhWpi8NvKrekaYYhxKCdNVGWsFFe1CREnAjP1QbPaB3', source: 'kubo-t0040' },
  { what: '"IPFS\\n"', content: text('IPFS\n'), cid: 'QmdFyxZXsFiP4csgfM5uPu99AvFiKH62CSPDw5TP92nr7w', source: 'kubo-t0040' },
  { what: '"Hello Mars!\\n", raw leaves', content: text('Hello Mars!\n'), query: 'raw-leaves=true', cid: 'bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', source: 'kubo-t0040' },
  { what: '"Hello Mars!\\n", CIDv1 (implies raw leaves)', content: text('Hello Mars!\n'), query: 'cid-version=1', cid: 'bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', source: 'kubo-t0040' },
  { what: '"Hello Mars!\\n", CIDv1 without raw leaves', content: text('Hello Mars!\n'), query: 'cid-version=1&raw-leaves=false', cid: 'bafybeiawta2ntdmsy24aro35w3homzl4ak7svr3si7l7gesvq4erglyye4', source: 'kubo-t0040' },
  { what: '"hello world"', content: text('hello world'), cid: 'Qmf412jQZiuVUtdgnB36FXFX7xg5V6KEbSJ4dpQuhkLyfD', source: 'kubo-cli' },
  { what: '"hello world", CIDv1', content: text('hello world'), query: 'cid-version=1', cid: 'bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e', source: 'kubo-cli' },
  { what: '"hello world", CIDv1 without raw leaves', content: text('hello world'), query: 'cid-version=1&raw-leaves=false', cid: 'bafybeihykld7uyxzogax6vgyvag42y7464eywpf55gxi5qpoisibh3c5wa', source: 'kubo-cli' },
  { what: '"hello\\n"', content: text('hello\n'), cid: 'QmZULkCELmmk5XNfCgTnCyFgAVxBRBXyDHGGMVoLFLiXEN', source: 'kubo-t0114' },
  { what: '"hello\\n", CIDv1', content: text('hello\n'), query: 'cid-version=1', cid: 'bafkreicysg23kiwv34eg2d7qweipxwosdo2py4ldv42nbauguluen5v6am', source: 'kubo-t0114' },
  { what: '"x"', content: text('x'), cid: 'QmULKig5Fxrs2sC4qt9nNduucXfb92AFYQ6Hi3YRqDmrYC', source: 'solidity' },
  { what: '200 zero bytes', content: zeros(200), cid: 'QmSXR1N23uWzsANi8wpxMPw5dmmhqBVUAb4hUrHVLpNaMr', source: 'solidity' },
  { what: '256 KiB - 1 zero bytes (largest one-chunk file)', content: zeros(262_143), cid: 'QmbNDspMkzkMFKyS3eCJGedG7GWRQHSCzJCZLjxP7wyVAx', source: 'solidity' },
  { what: '256 KiB + 1 zero bytes (smallest two-chunk file)', content: zeros(262_145), cid: 'QmbVuw4C4vcmVKqxoWtgDVobvcHrSn51qsmQmyxjk4sB2Q', source: 'solidity' },
  { what: '1310710 zero bytes (5 chunks)', content: zeros(1_310_710), cid: 'QmNg7BJo8gEMDK8yGQbHEwPtycesnE6FUULX5iVd5TAL9f', source: 'solidity' },
  { what: '3 MiB of zero bytes (12 chunks)', content: zeros(3 * 1024 * 1024), cid: 'QmekBGp284QtNZoJg812EYkv3w55dNGt5Jxwjbg6g2ZRin', source: 'kubo-10426' },
]

let files: TestFiles

beforeAll(async () => {
  files = await startTestFiles()
})
afterAll(async () => {
  await files?.close()
})

describe('add gives the CIDs Kubo gives (published vectors)', () => {
  it.each(small)('$what → $cid [$source]', async ({ content, query, cid }) => {
    const added = await files.addOne(content, query ?? '')
    expect(added.Hash).toBe(cid)
    const back = await files.cat(cid)
    expect(back.status).toBe(200)
    expect(Buffer.compare(back.bytes, Buffer.from(content))).toBe(0)
  })

  it('reports Size as Kubo does: the DAG size as a decimal string', async () => {
    // "hello world\n" is 12 bytes of data in a 20-byte dag-pb node; with raw leaves the node is the data.
    expect((await files.addOne(text('hello world\n'))).Size).toBe('20')
    expect((await files.addOne(text('Hello Mars!\n'), 'raw-leaves=true')).Size).toBe('12')
  })

  it.each([
    { query: '', dir: 'QmWSgS32xQEcXMeqd3YPJLrNBLSdsfYCep2U7CFkyrjXwY', mars: 'QmPrrHqJzto9m7SyiRzarwkqPcCSsKR2EB1AyqJfe8L8tN', venus: 'QmU5kp3BH3B8tnWUU2Pikdb2maksBNkb92FHRr56hyghh4' },
    { query: 'raw-leaves=true', dir: 'QmfWfQfKCY5Ukv9peBbxM5vqWM9BzmqUSXvdCgjT2wsiBT', mars: 'bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', venus: 'bafkreihfsphazrk2ilejpekyltjeh5k4yvwgjuwg26ueafohqioeo3sdca' },
    { query: 'cid-version=1', dir: 'bafybeih7e5dmkyk25up5vxug4q3hrg2fxbzf23dfrac2fns5h7z4aa7ioi', mars: 'bafkreibmlvvgdyihetgocpof6xk64kjjzdeq2e4c7hqs3krdheosk4tgj4', venus: 'bafkreihfsphazrk2ilejpekyltjeh5k4yvwgjuwg26ueafohqioeo3sdca' },
    { query: 'cid-version=1&raw-leaves=false', dir: 'bafybeif5tuep5ap2d7zyhbktucey75aoacxufgt6i3v4gebmixyipnyp7y', mars: 'bafybeiawta2ntdmsy24aro35w3homzl4ak7svr3si7l7gesvq4erglyye4', venus: 'bafybeicvkvhs2fr75ynebtdjqpgm4g2fc63abqbmysupwpmcjl4gx7mzrm' },
  ])('a directory of two files, "$query" → $dir [kubo-t0040 "planets"]', async ({ query, dir, mars, venus }) => {
    const pair = [
      { name: 'mars.txt', content: 'Hello Mars!\n' },
      { name: 'venus.txt', content: 'Hello Venus!\n' },
    ]
    // wrap-with-directory around the two files builds the same directory node as `ipfs add -r planets`.
    const wrapped = await files.add(pair, `wrap-with-directory=true${query ? `&${query}` : ''}`)
    expect(wrapped.lines.map((line) => [line.Name, line.Hash])).toEqual([['mars.txt', mars], ['venus.txt', venus], ['', dir]])
    // So does sending the files under a directory path, as Kubo's own client does for `add -r`.
    const tree = await files.add(pair.map((file) => ({ ...file, name: `planets/${file.name}` })), query)
    expect(tree.lines.map((line) => [line.Name, line.Hash])).toEqual([['planets/mars.txt', mars], ['planets/venus.txt', venus], ['planets', dir]])
  })
})

describe('the 174-link edge of the balanced DAG [solidity]', () => {
  const chunk = 262_144
  const links = 174

  it('174 chunks fit under one root; one byte more gives the root two children and a second level', async () => {
    const flat = await files.addOne(zeros(links * chunk))
    expect(flat.Hash).toBe('QmY4HSz1oVGdUzb8poVYPLsoqBZjH6LZrtgnme9wWn2Qko')
    const deep = await files.addOne(zeros(links * chunk + 1))
    expect(deep.Hash).toBe('QmehMASWcBsX7VcEQqs6rpR5AHoBfKyBVEgmkJHjpPg8jq')

    // The structure itself, read from the store on disk.
    const store = new BlockStore(path.join(files.dataDir, 'files', 'blocks'))
    const linkCounts = async (cid: string | import('multiformats/cid').CID) => {
      const entry = await exporter(cid, store)
      if (entry.type !== 'file') throw new Error(`expected a file, got ${entry.type}`)
      return entry.node.Links
    }
    expect(await linkCounts(flat.Hash)).toHaveLength(174)
    const [left, right] = await linkCounts(deep.Hash)
    expect(left && right).toBeTruthy()
    expect(await linkCounts(left!.Hash)).toHaveLength(174)
    expect(await linkCounts(right!.Hash)).toHaveLength(1)
  })

  it('46661632 zero bytes (178 chunks) → QmaTb1sT9hrSXJLmf8bxJ9NuwndiHuMLsgNLgkS2eXu3Xj', async () => {
    expect((await files.addOne(zeros(46_661_632))).Hash).toBe('QmaTb1sT9hrSXJLmf8bxJ9NuwndiHuMLsgNLgkS2eXu3Xj')
  })
})
