import * as dagJson from '@ipld/dag-json'
import { UnixFS } from 'ipfs-unixfs'
import { CID } from 'multiformats/cid'

/**
 * What the DAG explorer shows of one block: its codec, its CID in both versions, its links (a dag-pb node's named
 * ones, or every CID inside a dag-cbor or dag-json node with where it sits), its UnixFS type for dag-pb, and its
 * contents as text: the decoded node as JSON, or a raw block's bytes as text when they are UTF-8. Pure: made from
 * what the store answered (dag/get's dag-json, block/get's bytes).
 */

export type BlockLink = { name: string; cid: string; size: number | null }
export type UnixfsSummary = { type: string; dataSize: number; fileSize: number | null; fanout: number | null }

export type BlockView = {
  codec: string
  /** CIDv0: only a dag-pb block hashed with sha2-256 has one. */
  v0: string | null
  /** CIDv1 in base32. */
  v1: string
  links: BlockLink[]
  unixfs: UnixfsSummary | null
  /** The decoded node as JSON (dag-json's form: links as {"/": cid}, bytes as {"/": {"bytes": base64}}); null for raw. */
  json: string | null
  /** A raw block's bytes as UTF-8 text; null when they are not (or it is no raw block). */
  text: string | null
}

const codecNames: Record<number, string> = { 0x70: 'dag-pb', 0x55: 'raw', 0x71: 'dag-cbor', 0x0129: 'dag-json', 0x0200: 'json', 0x51: 'cbor' }

export function codecOf(cid: CID): string {
  return codecNames[cid.code] ?? `0x${cid.code.toString(16)}`
}

/** Every CID in a decoded node, with the path to it ("nested/list/2"), in the node's order. */
function cidsIn(value: unknown, path: string[] = []): BlockLink[] {
  const asCid = CID.asCID(value)
  if (asCid) return [{ name: path.join('/'), cid: asCid.toString(), size: null }]
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return []
  if (Array.isArray(value)) return value.flatMap((item, index) => cidsIn(item, [...path, String(index)]))
  return Object.entries(value).flatMap(([key, item]) => cidsIn(item, [...path, key]))
}

function utf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // Control characters other than whitespace: binary, not text.
    for (const character of text) {
      const code = character.charCodeAt(0)
      if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return null
    }
    return text
  } catch {
    return null
  }
}

export function explainBlock(cidText: string, nodeJson: string, bytes: Uint8Array): BlockView {
  const cid = CID.parse(cidText)
  const codec = codecOf(cid)
  const v0 = cid.code === 0x70 && cid.multihash.code === 0x12 ? cid.toV0().toString() : null
  const v1 = cid.toV1().toString()
  const node = dagJson.decode(new TextEncoder().encode(nodeJson))
  if (cid.code === 0x55) return { codec, v0, v1, links: [], unixfs: null, json: null, text: utf8(bytes) }
  let links: BlockLink[]
  let unixfs: UnixfsSummary | null = null
  if (cid.code === 0x70) {
    const pb = node as { Data?: Uint8Array; Links?: Array<{ Hash: CID; Name?: string; Tsize?: number }> }
    links = (pb.Links ?? []).map((link) => ({ name: link.Name ?? '', cid: link.Hash.toString(), size: link.Tsize ?? null }))
    if (pb.Data) {
      try {
        const data = UnixFS.unmarshal(pb.Data)
        const isFile = data.type === 'file' || data.type === 'raw'
        unixfs = { type: data.type, dataSize: data.data?.length ?? 0, fileSize: isFile ? Number(data.fileSize()) : null, fanout: data.fanout === undefined ? null : Number(data.fanout) }
      } catch {
        unixfs = null
      }
    }
  } else {
    links = cidsIn(node)
  }
  return { codec, v0, v1, links, unixfs, json: JSON.stringify(JSON.parse(nodeJson), null, 2), text: null }
}

/** Bytes as a hex dump: 16 a line, the offset, the bytes, and what prints of them as ASCII. */
export function hexDump(bytes: Uint8Array): string {
  const lines: string[] = []
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = bytes.subarray(offset, offset + 16)
    const hex = [...row].map((byte) => byte.toString(16).padStart(2, '0')).join(' ')
    const ascii = [...row].map((byte) => (byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.')).join('')
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`)
  }
  return lines.join('\n')
}
