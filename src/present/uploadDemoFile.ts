import type { QueryClient } from '@tanstack/react-query'
import type { Network } from '../../contract/runtimeConfig.ts'
import { createFilesClient } from '../files/client.ts'
import { filesCredentials } from '../files/credentials.ts'
import { rememberFile } from '../files/knownFiles.ts'
import { formatBytes } from '../format/numbers.ts'
import { headQuery } from '../queries/head.ts'
import { queryKeys } from '../queries/keys.ts'
import { demoFile } from './demoFile.ts'

type UploadOptions = {
  network: Network
  queryClient: QueryClient
  /** The CID this walk already added: shown again rather than added twice. */
  reuse: string | null
  signal: AbortSignal
  onStatus: (line: string) => void
}

/**
 * The file step's action: adds the walk's SVG card to the file store with the same client and endpoint the
 * Files page uses, pins it, and names it in this browser's list of added files. Returns the CID, or null
 * when it failed (the status line then says why).
 */
export async function uploadDemoFile({ network, queryClient, reuse, signal, onStatus }: UploadOptions): Promise<string | null> {
  if (reuse) return reuse
  const credentials = filesCredentials(network)
  if (!network.ipfsUrl || !credentials) {
    onStatus('This network has no file store to add to.')
    return null
  }
  const client = createFilesClient({ url: network.ipfsUrl, key: credentials.key, secret: credentials.secret })
  const head = queryClient.getQueryData(headQuery(network).queryKey)
  const file = demoFile(network.label, head ? BigInt(head.number) : null)
  try {
    onStatus(`Adding ${file.name} (${formatBytes(file.size)}) to the file store…`)
    const added = await client.addFile(file, { signal })
    if (!added.pinned) await client.pinAdd(added.cid, { signal })
    rememberFile(network.name, added.cid, { name: file.name, size: file.size, addedAt: Date.now() })
    // Every client's pin list of this network (the Files page has a client of its own): the key's first two parts.
    await queryClient.invalidateQueries({ queryKey: queryKeys.files(network, 0).slice(0, 2) })
    onStatus(`Added as ${added.cid} and pinned.`)
    return added.cid
  } catch (error) {
    if (!signal.aborted) onStatus(`The file store refused the file: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
}
