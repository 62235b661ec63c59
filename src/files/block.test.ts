import * as dagCbor from '@ipld/dag-cbor'
import * as dagJson from '@ipld/dag-json'
import * as dagPb from '@ipld/dag-pb'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'
import * as raw from 'multiformats/codecs/raw'
import { sha256 } from 'multiformats/hashes/sha2'
import { describe, expect, it } from 'vitest'
import { explainBlock, hexDump } from './block.ts'

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('explainBlock', () => {
  it('reads a UnixFS directory: dag-pb, both CID versions, named links with sizes', async () => {
    const child = CID.parse('QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o')
    const node = dagPb.prepare({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: [{ Name: 'hello.txt', Hash: child, Tsize: 20 }] })
    const bytes = dagPb.encode(node)
    const cid = CID.createV0(await sha256.digest(bytes))
    const view = explainBlock(cid.toString(), text(dagJson.encode(dagPb.decode(bytes))), bytes)
    expect(view).toMatchObject({ codec: 'dag-pb', v0: cid.toString(), v1: cid.toV1().toString(), links: [{ name: 'hello.txt', cid: child.toString(), size: 20 }] })
    expect(view.unixfs).toMatchObject({ type: 'directory', fileSize: null })
  })

  it('reads a dag-cbor node: every CID inside with its path, and the node as JSON', async () => {
    const inner = CID.parse('bafkreiffz6fo73xfcj5upawr6xu56ywyvwlw36betrw4uwvozffcnxjrhu')
    const value = { a: 1, list: [inner, { deeper: inner }], '<b>not html</b>': 'x' }
    const bytes = dagCbor.encode(value)
    const cid = CID.createV1(dagCbor.code, await sha256.digest(bytes))
    const view = explainBlock(cid.toString(), text(dagJson.encode(value)), bytes)
    expect(view.codec).toBe('dag-cbor')
    expect(view.v0).toBeNull()
    expect(view.links).toEqual([
      { name: 'list/0', cid: inner.toString(), size: null },
      { name: 'list/1/deeper', cid: inner.toString(), size: null },
    ])
    expect(JSON.parse(view.json!)).toEqual({ '<b>not html</b>': 'x', a: 1, list: [{ '/': inner.toString() }, { deeper: { '/': inner.toString() } }] })
  })

  it('reads a raw block as text when it is UTF-8, and not when it is binary', async () => {
    const bytes = new TextEncoder().encode('plain text\n')
    const cid = CID.createV1(raw.code, await sha256.digest(bytes))
    expect(explainBlock(cid.toString(), text(dagJson.encode(bytes)), bytes)).toMatchObject({ codec: 'raw', text: 'plain text\n', json: null, links: [] })
    const binary = new Uint8Array([0, 1, 2, 255])
    const binaryCid = CID.createV1(raw.code, await sha256.digest(binary))
    expect(explainBlock(binaryCid.toString(), text(dagJson.encode(binary)), binary).text).toBeNull()
  })

  it('dumps bytes in hex with their ASCII', () => {
    expect(hexDump(new TextEncoder().encode('hello, world!\nmore')).split('\n')).toEqual([
      '00000000  68 65 6c 6c 6f 2c 20 77 6f 72 6c 64 21 0a 6d 6f  hello, world!.mo',
      `00000010  ${'72 65'.padEnd(47)}  re`,
    ])
  })
})
