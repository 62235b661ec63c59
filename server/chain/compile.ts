import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** The demo contracts' Solidity sources, one contract per file, named like the file. */
export const contractsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contracts')

/** One entry of solc's storageLayout output (what the storage-slot calculator reads). */
export type StorageEntry = { label: string; slot: string; offset: number; type: string; contract: string; astId: number }
export type StorageType = { encoding: string; label: string; numberOfBytes: string; key?: string; value?: string; base?: string; members?: StorageEntry[] }
export type SolcStorageLayout = { storage: StorageEntry[]; types: Record<string, StorageType> | null }

/**
 * `metadata`: solc's metadata JSON, byte for byte as solc wrote it (its IPFS hash is in the bytecode's CBOR tail:
 * the explorer checks that exact match, as Sourcify does).
 */
export type Artifact = { sourceName: string; abi: Abi; bytecode: Hex; storageLayout: SolcStorageLayout; metadata: string }

export type Artifacts = {
  /** sha256 of the compiler version, the settings and every source: a changed byte recompiles. */
  key: string
  compiler: string
  contracts: Record<string, Artifact>
  /** The sources compiled, by the names the metadata gives them: what a verified-source repository serves. */
  sources: Record<string, string>
}

export type CompileResult = { artifacts: Artifacts; fromCache: boolean; ms: number }

// Pinned so the bytecode runs on any post-Dencun node, whatever the local anvil's default hardfork is.
const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'storageLayout', 'metadata'] } },
} as const

const require = createRequire(import.meta.url)

/** The solc-js package version, read without loading the 8 MB compiler (a cache hit never loads it). */
function solcPackageVersion(): string {
  return (require('solc/package.json') as { version: string }).version
}

export function readSources(dir = contractsDir): Record<string, string> {
  const sources: Record<string, string> = {}
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.sol')).sort()) {
    sources[file] = fs.readFileSync(path.join(dir, file), 'utf8')
  }
  return sources
}

export function artifactsKey(sources: Record<string, string>): string {
  const hash = createHash('sha256')
  hash.update(JSON.stringify({ solc: solcPackageVersion(), settings }))
  for (const [name, text] of Object.entries(sources)) hash.update(`\0${name}\0${text}`)
  return hash.digest('hex')
}

type SolcOutput = {
  errors?: Array<{ severity: string; formattedMessage?: string; message: string }>
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } }; storageLayout: SolcStorageLayout; metadata: string }>>
}

async function runSolc(sources: Record<string, string>): Promise<{ compiler: string; output: SolcOutput }> {
  // Loaded only on a cache miss: parsing soljson takes longer than most restarts.
  const solc = (await import('solc')).default as { compile(input: string): string; version(): string }
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings,
  }
  return { compiler: solc.version(), output: JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput }
}

function toArtifacts(key: string, compiler: string, output: SolcOutput, sources: Record<string, string>): Artifacts {
  const problems = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (problems.length > 0) {
    throw new Error(`solc: ${problems.map((error) => error.formattedMessage ?? error.message).join('\n')}`)
  }
  const contracts: Record<string, Artifact> = {}
  for (const [sourceName, byName] of Object.entries(output.contracts ?? {})) {
    for (const [name, compiled] of Object.entries(byName)) {
      // Interfaces compile to empty bytecode; nothing to deploy, nothing to keep.
      if (compiled.evm.bytecode.object === '') continue
      contracts[name] = {
        sourceName,
        abi: compiled.abi,
        bytecode: `0x${compiled.evm.bytecode.object}`,
        storageLayout: compiled.storageLayout,
        metadata: compiled.metadata,
      }
    }
  }
  return { key, compiler, contracts, sources }
}

function readCache(cacheFile: string, key: string): Artifacts | null {
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Artifacts
    // A cache from before the metadata and sources were kept is compiled again.
    return cached.key === key && cached.contracts && cached.sources && Object.values(cached.contracts).every((artifact) => typeof artifact.metadata === 'string') ? cached : null
  } catch {
    return null // missing or torn: compile again
  }
}

/**
 * The compiled output the repository keeps beside the sources (`npm run contracts` writes it; a test checks it is
 * what the sources compile to): a fresh checkout's first start then runs no compiler, which is most of the demo
 * scenario's deploy. Used only while its key matches: a source edited since is compiled at the start as before.
 */
export const keptArtifactsFile = (dir = contractsDir) => path.join(dir, 'artifacts.json')

/** The artifacts as the cache and the kept copy hold them. */
export const artifactsJson = (artifacts: Artifacts) => JSON.stringify(artifacts, null, 1) + '\n'

/**
 * Compiles every contract under contracts/ with solc-js, or returns the cached output when the sources
 * and compiler are unchanged (the cache file's, else the copy kept beside the sources). The cache is written
 * whole to a temporary file and renamed into place. `kept: false` ignores the kept copy (its test).
 */
export async function compileContracts(cacheFile: string, dir = contractsDir, options: { kept?: boolean } = {}): Promise<CompileResult> {
  const started = performance.now()
  const sources = readSources(dir)
  const key = artifactsKey(sources)
  const cached = readCache(cacheFile, key)
  if (cached) return { artifacts: cached, fromCache: true, ms: performance.now() - started }
  const kept = options.kept === false ? null : readCache(keptArtifactsFile(dir), key)
  let artifacts: Artifacts
  if (kept) artifacts = kept
  else {
    const { compiler, output } = await runSolc(sources)
    artifacts = toArtifacts(key, compiler, output, sources)
  }
  fs.mkdirSync(path.dirname(cacheFile), { recursive: true })
  const temporary = `${cacheFile}.${process.pid}.tmp`
  fs.writeFileSync(temporary, artifactsJson(artifacts))
  fs.renameSync(temporary, cacheFile)
  return { artifacts, fromCache: kept !== null, ms: performance.now() - started }
}

/** One contract's artifact, with a message that says what is missing. */
export function artifactOf(artifacts: Artifacts, name: string): Artifact {
  const artifact = artifacts.contracts[name]
  if (!artifact) throw new Error(`no compiled contract named ${name} (have: ${Object.keys(artifacts.contracts).join(', ')})`)
  return artifact
}
