import { hostnameOf, isLoopbackUrl } from '../../contract/origins.ts'

/**
 * A label and a name for a network the user is adding, from what its node said to Test connection (its
 * web3_clientVersion and eth_chainId) and where it is, so a network is added by its URL alone. The user may
 * still write their own: these fill only empty fields.
 */

/** Clients by the first part of web3_clientVersion ("Geth/v1.14.11-stable/linux-amd64/go1.23.2"), as people name them. */
const clientNames: ReadonlyArray<[RegExp, string]> = [
  [/^anvil$/i, 'Anvil'],
  [/^hardhat/i, 'Hardhat'],
  [/^geth$/i, 'Geth'],
  [/^erigon$/i, 'Erigon'],
  [/^nethermind$/i, 'Nethermind'],
  [/^besu$/i, 'Besu'],
  [/^reth$/i, 'Reth'],
  [/^ganache/i, 'Ganache'],
  [/^nimbus/i, 'Nimbus'],
]

/** Chains people call by name (their ids from each chain's own documentation). */
const chainNames: Readonly<Record<string, string>> = {
  '1': 'Ethereum',
  '11155111': 'Sepolia',
  '17000': 'Holesky',
  '560048': 'Hoodi',
  '10': 'OP Mainnet',
  '8453': 'Base',
  '42161': 'Arbitrum One',
  '137': 'Polygon',
}

/** The client's name from its version string; null when it gave none. */
export function clientName(clientVersion: string | null): string | null {
  const first = clientVersion?.split('/')[0]?.trim() ?? ''
  if (first === '') return null
  return clientNames.find(([pattern]) => pattern.test(first))?.[1] ?? first.slice(0, 24)
}

function decimalChainId(chainId: string | null): string | null {
  if (chainId === null) return null
  try {
    return BigInt(chainId).toString()
  } catch {
    return null
  }
}

export type NodeFacts = { rpcBase: string; chainId: string | null; clientVersion: string | null }

/**
 * "Hardhat local · chain 31337" for a node on this machine; "Sepolia · rpc.example" for a known chain elsewhere;
 * the name is the same in link form ("hardhat-31337", "sepolia"), with -2, -3 … past the names `taken`.
 */
export function suggestNaming(facts: NodeFacts, taken: ReadonlySet<string>): { label: string; name: string } {
  const client = clientName(facts.clientVersion)
  const chain = decimalChainId(facts.chainId)
  const known = chain === null ? undefined : chainNames[chain]
  const host = hostnameOf(facts.rpcBase)
  const local = isLoopbackUrl(facts.rpcBase)
  const chainWords = known ?? (chain === null ? null : `chain ${chain}`)
  const label = local
    ? [`${client ?? 'Node'} local`, chainWords].filter(Boolean).join(' · ')
    : [known ?? client ?? 'Network', known ? host : chainWords ?? host].filter(Boolean).join(' · ')
  const base = slugify(local ? `${client ?? 'local'} ${known ?? chain ?? ''}` : `${known ?? client ?? host ?? 'network'} ${known ? '' : (chain ?? '')}`) || 'network'
  let name = base
  for (let next = 2; taken.has(name); next++) name = `${base.slice(0, 36)}-${next}`
  return { label, name }
}

/** A name for links from a label: "My Sepolia (Infura)" -> "my-sepolia-infura". */
export function slugify(label: string): string {
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
}
