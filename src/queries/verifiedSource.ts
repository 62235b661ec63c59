import { queryOptions } from '@tanstack/react-query'
import { getAddress, type Address } from 'viem'
import type { Network } from '../../contract/runtimeConfig.ts'
import type { SolcMetadata } from '../evm/sourceVerification.ts'
import { clientsFor } from '../networks/clients.ts'
import { getCode } from '../rpc/methods.ts'
import { accountQuery } from './account.ts'

/**
 * A contract's verified source, from the network's repository in Sourcify's layout (its `sourcesUrl`: the
 * deployment's own, or one the user set): full_match first, then partial_match; each source fetched and held to
 * the metadata's keccak256; the code's CBOR hash held to the metadata's (src/evm/sourceVerification.ts).
 */
export type SourceFile = { path: string; content: string; matches: boolean }

export type VerifiedSource =
  | { status: 'not-verified'; reason: string }
  | {
      status: 'exact' | 'partial' | 'mismatch'
      /** Where the repository keeps it. */
      folder: 'full_match' | 'partial_match'
      metadataUrl: string
      metadata: SolcMetadata
      sources: SourceFile[]
      /** The metadata hash the code carries, and the served metadata's own, as CIDv0 (Qm…). */
      codeCid: string | null
      metadataCid: string
    }

async function fetchText(url: string, signal: AbortSignal): Promise<string | null> {
  const response = await fetch(url, { signal, credentials: 'omit' })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`the repository answered ${response.status} for ${url}`)
  return response.text()
}

/** A source's path in the repository's sources/ folder, each segment escaped (paths like @openzeppelin/… stay paths). */
const sourcePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

export function verifiedSourceQuery(network: Network, address: Address) {
  return queryOptions({
    queryKey: [network.name, 'verifiedSource', address.toLowerCase(), network.sourcesUrl ?? null] as const,
    queryFn: async ({ signal, client }): Promise<VerifiedSource> => {
      if (!network.sourcesUrl) return { status: 'not-verified', reason: 'no verified-source repository is set for this network (Settings: Verified sources)' }
      // The CBOR, UnixFS and hashing code only when a repository is asked: not in the address page's own load.
      const { cidV0, metadataMatch, parseMetadata, sourceMatches } = await import('../evm/sourceVerification.ts')
      // A path on the app's origin was made a URL with the rest of the config (resolveSameOrigin).
      const root = network.sourcesUrl.replace(/\/+$/, '')
      const chainId = BigInt(network.chainId).toString(10)
      const checksummed = getAddress(address)
      for (const folder of ['full_match', 'partial_match'] as const) {
        const base = `${root}/contracts/${folder}/${chainId}/${checksummed}`
        const metadataUrl = `${base}/metadata.json`
        const text = await fetchText(metadataUrl, signal)
        if (text === null) continue
        const metadata = parseMetadata(text)
        const [code, sources] = await Promise.all([
          // The address page read the code with the balance and nonce (accountQuery): not asked for again.
          client.getQueryData(accountQuery(network, address).queryKey)?.code ?? getCode(clientsFor(network).http, address, 'latest', { signal }),
          Promise.all(
            Object.entries(metadata.sources).map(async ([path, entry]): Promise<SourceFile> => {
              const content = entry.content ?? (await fetchText(`${base}/sources/${sourcePath(path)}`, signal))
              if (content === null) throw new Error(`the repository lists ${path} in the metadata but does not hold it`)
              return { path, content, matches: sourceMatches(content, entry.keccak256) }
            }),
          ),
        ])
        if (code === '0x') return { status: 'not-verified', reason: 'there is no code at this address on this network' }
        const match = await metadataMatch(code, text)
        const status = sources.some((source) => !source.matches) ? 'mismatch' : match.kind
        const codeHash = match.kind === 'exact' ? match.hash : match.codeHash
        return { status, folder, metadataUrl, metadata, sources, codeCid: codeHash ? cidV0(codeHash) : null, metadataCid: cidV0(match.kind === 'exact' ? match.hash : match.metadataHash) }
      }
      return { status: 'not-verified', reason: `the repository holds no sources for this address on chain ${chainId}` }
    },
    staleTime: 5 * 60_000,
  })
}
