import { furnaceAddress } from './furnace.ts'
import { readDeployment, type Scenario } from './scenario.ts'

/**
 * The local chain's own contracts as a verified-source repository in Sourcify's layout, so the explorer
 * verifies them as it would any contract a Sourcify server holds:
 *   <root>/contracts/full_match/<chainId>/<address>/metadata.json   solc's metadata, byte for byte
 *   <root>/contracts/full_match/<chainId>/<address>/sources/<name>  each source, under the name the metadata gives it
 * Every contract here is a full (exact) match: the metadata is the compiler's own, whose hash the deployed code
 * carries. Read from the data dir on each request, as the scenario is deployed after the app server starts.
 */
export type RepositoryFile = { body: string; contentType: string }

type Entry = { metadata: string; sources: Record<string, string> }

function entries(dataDir: string): Map<string, Entry> {
  const found = new Map<string, Entry>()
  const deployment = readDeployment(dataDir)
  if (!deployment?.artifacts.sources) return found
  const { scenario, artifacts } = deployment
  const add = (address: string, contract: string | undefined) => {
    const artifact = contract ? artifacts.contracts[contract] : undefined
    if (artifact?.metadata) found.set(address.toLowerCase(), { metadata: artifact.metadata, sources: artifacts.sources })
  }
  for (const [key, address] of Object.entries(scenario.contracts)) add(address, scenario.deployment[key as keyof Scenario['deployment']]?.contract)
  const furnace = artifacts.contracts.Furnace
  if (furnace) add(furnaceAddress(furnace.bytecode), 'Furnace')
  return found
}

/**
 * One file of the repository: `match` full_match (nothing here is a partial match), the chain id in decimal as
 * Sourcify writes it, the address in any case, `file` metadata.json or sources/<name>. Null when there is none.
 */
export function repositoryFile(dataDir: string, chainId: number, match: string, chainIdText: string, address: string, file: string): RepositoryFile | null {
  if (match !== 'full_match' || chainIdText !== String(chainId)) return null
  const entry = entries(dataDir).get(address.toLowerCase())
  if (!entry) return null
  if (file === 'metadata.json') return { body: entry.metadata, contentType: 'application/json' }
  if (!file.startsWith('sources/')) return null
  const name = file.slice('sources/'.length)
  // Only the sources this contract's metadata names.
  const named = (JSON.parse(entry.metadata) as { sources?: Record<string, unknown> }).sources ?? {}
  const source = Object.hasOwn(named, name) ? entry.sources[name] : undefined
  return source === undefined ? null : { body: source, contentType: 'text/plain; charset=utf-8' }
}
