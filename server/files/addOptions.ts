import type { ImporterOptions } from 'ipfs-unixfs-importer'
import { fixedSize } from 'ipfs-unixfs-importer/chunker'
import { balanced } from 'ipfs-unixfs-importer/layout'
import { boolOption, option, type Query } from './args.ts'
import { badRequest } from './errors.ts'

/** Kubo's defaults (IPIP-499 profile `unixfs-v0-2015`): these decide the CIDs, so they live in one place. */
export const kuboDefaults = {
  chunkSize: 262_144,
  /** Links per node of the balanced file DAG before it grows a level. */
  maxChildrenPerNode: 174,
  /** Kubo refuses chunks above 1 MiB (the largest block Bitswap moves). */
  maxChunkSize: 1_048_576,
} as const

export type AddOptions = {
  cidVersion: 0 | 1
  rawLeaves: boolean
  chunkSize: number
  pin: boolean
  progress: boolean
  wrapWithDirectory: boolean
  onlyHash: boolean
}

/**
 * Options Kubo has that would change the CIDs or the stored data in ways this service does not implement.
 * Ignoring them would hand back a CID Kubo would not give, so they are refused by name.
 */
const unsupported = [
  'trickle', 't', 'inline', 'inline-limit', 'nocopy', 'fscache', 'preserve-mode', 'preserve-mtime', 'mode', 'mtime',
  'mtime-nsecs', 'max-file-links', 'max-directory-links', 'max-hamt-fanout', 'to-files', 'pin-name', 'cid-base',
  'upgrade-cidv0-in-output',
]

/** Reads `add`'s query the way Kubo does; a bad or unsupported value is the client's mistake (400). */
export function parseAddOptions(query: Query): AddOptions {
  for (const name of unsupported) {
    if (query[name] !== undefined) throw badRequest(`option "${name}" is not supported by this file service`)
  }
  const hash = option(query, 'hash')
  if (hash !== undefined && hash !== 'sha2-256') throw badRequest(`hash function "${hash}" is not supported by this file service (only sha2-256)`)

  const versionText = option(query, 'cid-version')
  let cidVersion: 0 | 1 = 0
  if (versionText !== undefined) {
    if (versionText !== '0' && versionText !== '1') throw badRequest(`unknown CID version: ${versionText}`)
    cidVersion = versionText === '1' ? 1 : 0
  }
  const onlyHash = boolOption(query, false, 'only-hash', 'n')
  return {
    cidVersion,
    // As in Kubo: CIDv1 implies raw leaves unless the client says otherwise.
    rawLeaves: boolOption(query, cidVersion === 1, 'raw-leaves'),
    chunkSize: parseChunker(option(query, 'chunker', 's')),
    // Nothing is stored with only-hash, so there is nothing to pin.
    pin: boolOption(query, true, 'pin') && !onlyHash,
    progress: boolOption(query, false, 'progress', 'p'),
    wrapWithDirectory: boolOption(query, false, 'wrap-with-directory', 'w'),
    onlyHash,
  }
}

function parseChunker(text: string | undefined): number {
  if (text === undefined || text === '' || text === 'default') return kuboDefaults.chunkSize
  const match = /^size-(\d+)$/.exec(text)
  if (!match) throw badRequest(`chunker "${text}" is not supported by this file service (use size-<bytes>)`)
  const size = Number(match[1])
  if (size <= 0) throw badRequest('chunker size must be greater than 0')
  if (size > kuboDefaults.maxChunkSize) {
    throw badRequest(`chunker parameters may not exceed the maximum chunk size of ${kuboDefaults.maxChunkSize}`)
  }
  return size
}

/** The importer set up to build exactly Kubo's DAG for these options. */
export function importerOptions(options: AddOptions): ImporterOptions {
  return {
    cidVersion: options.cidVersion,
    rawLeaves: options.rawLeaves,
    // Kubo stores a file that fits in one chunk as that one node, not as a parent with one child.
    reduceSingleLeafToSelf: true,
    // The multipart parts arrive one after another on one socket; the importer batches candidates
    // before starting any, so more than one at a time would wait forever for the next part.
    fileImportConcurrency: 1,
    wrapWithDirectory: options.wrapWithDirectory,
    chunker: fixedSize({ chunkSize: options.chunkSize }),
    layout: balanced({ maxChildrenPerNode: kuboDefaults.maxChildrenPerNode }),
    // Kubo's directory sharding rule (the importer's own defaults match it today; named here so they cannot drift).
    shardSplitThresholdBytes: 262_144,
    shardSplitStrategy: 'links-bytes',
    shardFanoutBits: 8,
  }
}
