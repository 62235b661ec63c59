import * as dagPb from '@ipld/dag-pb'
import { decode as decodeCbor } from 'cborg'
import { UnixFS } from 'ipfs-unixfs'
import { sha256 } from 'multiformats/hashes/sha2'
import { base58btc } from 'multiformats/bases/base58'
import { bytesToHex, hexToBytes, keccak256, stringToBytes, type Hex } from 'viem'
import { ChainglassError } from '../../contract/errors.ts'

/**
 * Verified source, checked as Sourcify checks it, in the browser: solc ends a contract's runtime code with a
 * CBOR map whose `ipfs` entry is the IPFS hash (CIDv0 multihash) of the compiler's metadata JSON, byte for byte.
 * The metadata a repository serves is an exact match when its hash is that one; a repository that lists the
 * contract but whose metadata hashes otherwise vouches only for the code (a partial match). Each source must
 * hash (keccak256) to what the metadata says it compiled.
 */

/** What the code's CBOR tail says: the metadata's hash (`ipfs`, or swarm's `bzzr1`) and the compiler version. */
export type CodeMetadata = { ipfs: Hex | null; bzzr1: Hex | null; solc: string | null }

/** The CBOR map at the end of runtime code (its length in the last two bytes), or null when there is none. */
export function codeMetadata(code: Hex): CodeMetadata | null {
  const bytes = hexToBytes(code)
  if (bytes.length < 2) return null
  const length = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!
  if (length === 0 || length + 2 > bytes.length) return null
  let map: unknown
  try {
    map = decodeCbor(bytes.subarray(bytes.length - 2 - length, bytes.length - 2))
  } catch {
    return null
  }
  if (typeof map !== 'object' || map === null) return null
  const entries = map as Record<string, unknown>
  const bytesOf = (value: unknown) => (value instanceof Uint8Array ? bytesToHex(value) : null)
  const solc = entries.solc instanceof Uint8Array ? [...entries.solc].join('.') : typeof entries.solc === 'string' ? entries.solc : null
  const found = { ipfs: bytesOf(entries.ipfs), bzzr1: bytesOf(entries.bzzr1), solc }
  return found.ipfs || found.bzzr1 || found.solc ? found : null
}

/**
 * The IPFS hash (sha2-256 multihash, as in a CIDv0) of a file as solc computes it for the metadata and each
 * source's dweb URL: one UnixFS file node holding the bytes (the metadata is far below the 256 KiB chunk size).
 */
export async function ipfsFileHash(bytes: Uint8Array): Promise<Hex> {
  const file = new UnixFS({ type: 'file', data: bytes })
  const block = dagPb.encode(dagPb.prepare({ Data: file.marshal() }))
  return bytesToHex((await sha256.digest(block)).bytes)
}

/** A multihash written as a CIDv0 (Qm…): how solc's `dweb:/ipfs/` URLs name a source. */
export function cidV0(multihash: Hex): string {
  return base58btc.baseEncode(hexToBytes(multihash))
}

/** The parts of solc's metadata JSON the explorer shows and checks. */
export type SolcMetadata = {
  compiler: { version: string }
  language: string
  settings: { compilationTarget?: Record<string, string>; evmVersion?: string; optimizer?: { enabled?: boolean; runs?: number }; viaIR?: boolean; libraries?: Record<string, string>; remappings?: string[] }
  sources: Record<string, { keccak256?: Hex; urls?: string[]; license?: string; content?: string }>
}

export class MetadataError extends ChainglassError {
  override name = 'MetadataError'
}

export function parseMetadata(text: string): SolcMetadata {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new MetadataError('the repository’s metadata.json is not JSON')
  }
  const metadata = value as Partial<SolcMetadata>
  if (typeof metadata?.compiler?.version !== 'string' || typeof metadata.sources !== 'object' || metadata.sources === null || typeof metadata.settings !== 'object') {
    throw new MetadataError('the repository’s metadata.json is not solc metadata (no compiler, settings or sources)')
  }
  return metadata as SolcMetadata
}

/** Whether a source's text is what the metadata says was compiled (its keccak256). */
export function sourceMatches(content: string, expected: Hex | undefined): boolean {
  return expected !== undefined && keccak256(stringToBytes(content)).toLowerCase() === expected.toLowerCase()
}

export type MetadataMatch =
  /** The code carries this metadata's hash. */
  | { kind: 'exact'; hash: Hex }
  /** The code carries another hash (or none the app can check): the repository vouches for the code alone. */
  | { kind: 'partial'; codeHash: Hex | null; metadataHash: Hex }

/** How the code's CBOR hash compares with the metadata's own. */
export async function metadataMatch(code: Hex, metadataText: string): Promise<MetadataMatch> {
  const metadataHash = await ipfsFileHash(stringToBytes(metadataText))
  const inCode = codeMetadata(code)?.ipfs ?? null
  return inCode !== null && inCode.toLowerCase() === metadataHash.toLowerCase() ? { kind: 'exact', hash: metadataHash } : { kind: 'partial', codeHash: inCode, metadataHash }
}
