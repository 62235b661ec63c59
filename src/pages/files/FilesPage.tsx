import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { checkCid } from '../../files/cid.ts'
import type { AddedFile, FilesClient } from '../../files/client.ts'
import { forgetFilesCredentials, type FilesCredentials } from '../../files/credentials.ts'
import { FilesError } from '../../files/errors.ts'
import { formatLimit, uploadLimitFor } from '../../files/limits.ts'
import { useNetwork, useNetworkChoice } from '../../ui/networks/NetworkContext.tsx'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { StatusDot } from '../../ui/StatusDot.tsx'
import { CredentialsForm } from './CredentialsForm.tsx'
import { anyClientFilesQueries, peerQuery, pinsQuery, useFilesClient, useFilesCredentials, useKnownFiles, versionQuery } from '../../queries/files.ts'
import { FoldersPanel, inFolder, type FolderView } from './FoldersPanel.tsx'
import { DatabaseIcon } from '../../ui/pageIcons.tsx'
import { rememberFile } from '../../files/knownFiles.ts'
import { EmptyState, FilesErrorNotice } from './parts.tsx'
import { Button } from '../../ui/Button.tsx'
import { PinExistingForm, PinsPanel } from './PinsPanel.tsx'
import { ReaderPanel } from './ReaderPanel.tsx'
import { RemotePinsPanel } from './RemotePinsPanel.tsx'
import { UploadPanel } from './UploadPanel.tsx'
import { revealAtTop } from '../../ui/motion.ts'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { shortCid } from '../../format/transfer.ts'

/** A file dropped outside the drop zone would make the browser leave the app to show it: not here. */
function useNoStrayDrops(): void {
  useEffect(() => {
    const guard = (event: DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return
      event.preventDefault()
      event.dataTransfer.dropEffect = 'none'
    }
    window.addEventListener('dragover', guard)
    window.addEventListener('drop', guard)
    return () => {
      window.removeEventListener('dragover', guard)
      window.removeEventListener('drop', guard)
    }
  }, [])
}

/** The file panel (spec Part B): add with progress, the pin list, pin and unpin, and read by CID. */
export function FilesPage() {
  const network = useNetwork()
  useNoStrayDrops()
  return (
    <div className="space-y-6" data-testid="files-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Files</h1>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">Add files into folders, pin and unpin them, and read content back by CID on the file store of {network.label}.</p>
      </div>
      {network.ipfsUrl === null ? <NoFileStore network={network} /> : <FileStoreView key={network.name} network={network} />}
    </div>
  )
}

function NoFileStore({ network }: { network: Network }) {
  const { networks, selectNetwork } = useNetworkChoice()
  const withStore = networks.find((candidate) => candidate.ipfsUrl !== null)
  return (
    <Panel>
      <EmptyState icon={<DatabaseIcon className="size-5" />} title={`${network.label} has no file store`} testId="no-file-store">
        <p>The configuration gives this network no file-storage address.{withStore ? ` ${withStore.label} has one.` : ''}</p>
        {withStore && (
          <Button tone="primary" className="mt-4" onClick={() => selectNetwork(withStore.name)}>
            Switch to {withStore.label}
          </Button>
        )}
      </EmptyState>
    </Panel>
  )
}

function FileStoreView({ network }: { network: Network }) {
  const credentials = useFilesCredentials(network)
  const client = useFilesClient(network, credentials)
  const [editing, setEditing] = useState(false)

  if (!client || !credentials || editing) {
    return (
      <Panel className="mx-auto max-w-xl p-6">
        <CredentialsForm network={network} onSaved={() => setEditing(false)} onCancel={editing && client ? () => setEditing(false) : undefined} />
      </Panel>
    )
  }
  return <FileStore network={network} client={client} credentials={credentials} onChangeCredentials={() => setEditing(true)} />
}

function FileStore({ network, client, credentials, onChangeCredentials }: { network: Network; client: FilesClient; credentials: FilesCredentials; onChangeCredentials: () => void }) {
  const queryClient = useQueryClient()
  const [searchParams, setSearchParams] = useSearchParams()
  const known = useKnownFiles(network)
  const pins = useQuery(pinsQuery(network, client))
  const pinned = useMemo(() => (pins.data ? new Set(pins.data.map((pin) => pin.cid)) : null), [pins.data])
  const limit = uploadLimitFor(network)
  const requested = searchParams.get('cid')
  const cid = requested && checkCid(requested).ok ? requested.trim() : null

  const requestedDirectory = searchParams.get('dir')
  const requestedFolder = searchParams.get('folder')
  const view: FolderView =
    requestedDirectory && checkCid(requestedDirectory).ok
      ? { kind: 'directory', cid: requestedDirectory.trim(), path: [] }
      : { kind: 'tree', path: requestedFolder?.startsWith('/') ? requestedFolder : '/' }
  const folder = view.kind === 'tree' ? view.path : '/'
  const openFolder = useCallback(
    (next: FolderView) =>
      setSearchParams(
        (params) => {
          params.delete(next.kind === 'tree' ? 'dir' : 'folder')
          if (next.kind === 'tree') params.set('folder', next.path)
          else params.set('dir', next.cid)
          return params
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  )

  const onAdded = useCallback(
    (added: AddedFile) => {
      rememberFile(network.name, added.cid, { name: added.name, size: added.size, addedAt: Date.now() })
      void queryClient.invalidateQueries(anyClientFilesQueries(network, 'pins'))
      // Into the folder on view, under its name (numbered when the name is taken), for every browser to see.
      void putInFolder(client, added, folder).then(() => queryClient.invalidateQueries(anyClientFilesQueries(network, 'folder')))
    },
    [network, client, queryClient, folder],
  )
  const read = useCallback(
    (next: string) => {
      // Other parameters (the network's, say) stay as they are.
      setSearchParams(
        (params) => {
          params.set('cid', next)
          return params
        },
        { preventScrollReset: true },
      )
      revealAtTop(document.getElementById('read'), { focus: true })
    },
    [setSearchParams],
  )
  // Nothing works with refused credentials: say so once, and ask again for entered ones.
  const refused = pins.error instanceof FilesError && pins.error.unauthorized ? pins.error : null
  if (refused) {
    return (
      <div className="space-y-6">
        <FilesErrorNotice error={refused} testId="files-auth-error" onRetry={credentials.source === 'config' ? () => void pins.refetch() : undefined} />
        {credentials.source !== 'config' && (
          <Panel className="mx-auto max-w-xl p-6">
            <CredentialsForm network={network} />
          </Panel>
        )}
      </div>
    )
  }

  return (
    <>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <UploadPanel networkName={network.name} client={client} limit={limit} pinned={pinned} onAdded={onAdded} onPreview={read} />
        </div>
        <div className="space-y-6 lg:sticky lg:top-24">
          <StoreCard network={network} client={client} credentials={credentials} onChangeCredentials={onChangeCredentials} />
          <Panel className="p-5">
            <PinExistingForm network={network} client={client} pinned={pinned} />
          </Panel>
        </div>
      </div>
      <FoldersPanel network={network} client={client} view={view} pinned={pinned} onOpen={openFolder} onPreview={read} />
      <PinsPanel network={network} client={client} known={known} onPreview={read} />
      <RemotePinsPanel network={network} client={client} known={known} />
      <div id="read" tabIndex={-1} className="scroll-mt-28 rounded-2xl focus:outline-none">
        <ReaderPanel network={network} client={client} known={known} cid={cid} onRead={read} />
      </div>
    </>
  )
}

/**
 * Puts an added file into the tree folder `folder` under its name, or `name (2)`… when that is taken. A store
 * without a folder tree (an older service, a hosted one without MFS) keeps the file all the same: pinned.
 */
async function putInFolder(client: FilesClient, added: AddedFile, folder: string): Promise<void> {
  const name = added.name.split('/').filter(Boolean).at(-1) ?? added.cid
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  for (let attempt = 1; attempt <= 20; attempt++) {
    const candidate = attempt === 1 ? name : `${stem} (${attempt})${extension}`
    try {
      await client.copy(`/ipfs/${added.cid}`, inFolder(folder, candidate))
      return
    } catch (error) {
      if (!(error instanceof FilesError) || !/already has entry/.test(error.detail)) return
    }
  }
}

const credentialLabels = { config: 'Configured for this network', session: 'Entered for this tab', device: 'Remembered on this device' } as const

function StoreCard({ network, client, credentials, onChangeCredentials }: { network: Network; client: FilesClient; credentials: FilesCredentials; onChangeCredentials: () => void }) {
  const version = useQuery(versionQuery(network, client))
  const peer = useQuery(peerQuery(network, client))
  const limit = uploadLimitFor(network)
  const host = URL.canParse(client.url) ? new URL(client.url).host : client.url
  const state = version.data ? 'ok' : version.error ? 'down' : 'busy'

  return (
    <Panel
      title="File store"
      actions={
        <span data-testid="store-status" data-state={state} className="inline-flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <StatusDot tone={state} />
          {state === 'ok' ? 'Answering' : state === 'down' ? 'No answer' : 'Checking'}
        </span>
      }
    >
      <dl className="space-y-3.5 px-5 py-4 text-sm">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Endpoint</dt>
          <dd className="min-w-0 truncate font-mono text-[13px] text-zinc-800 dark:text-zinc-200" title={`${client.url}/api/v0`}>
            {/* A store the app server reaches for the page (its credentials added there): that path on this host. */}
            {network.endpoint === 'proxy' ? new URL(client.url).pathname.replace(/^\//, `${host}/`) : host}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Service</dt>
          <dd className="min-w-0 truncate text-zinc-800 dark:text-zinc-200" data-testid="store-version">
            {version.data ? (
              `${version.data.commit ?? 'Kubo RPC'} ${version.data.version}`
            ) : version.error ? (
              <span className="text-red-600 dark:text-red-400">{version.error instanceof FilesError ? version.error.title : 'unknown'}</span>
            ) : (
              <Skeleton className="h-4 w-32" />
            )}
          </dd>
        </div>
        {peer.data && (
          <div className="flex items-baseline justify-between gap-4">
            <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">IPFS peer</dt>
            <dd className="flex min-w-0 items-center gap-0.5" data-testid="store-peer">
              <code className="truncate font-mono text-[13px] text-zinc-800 dark:text-zinc-200" title={peer.data.addresses.join('\n') || peer.data.id}>
                {shortCid(peer.data.id, 8, 6)}
              </code>
              <CopyButton value={peer.data.addresses[0] ?? peer.data.id} label="Copy the peer’s address" />
            </dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Upload limit</dt>
          <dd className="text-right text-zinc-800 dark:text-zinc-200">
            {formatLimit(limit.bytes)} per file
            {!limit.fromConfig && <span className="block text-xs text-zinc-500 dark:text-zinc-400">service default, assumed</span>}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Credentials</dt>
          <dd className="text-right text-zinc-800 dark:text-zinc-200" data-testid="store-credentials">
            {network.endpoint === 'proxy' ? 'Added by this server' : credentialLabels[credentials.source]}
            {credentials.source !== 'config' && (
              <span className="mt-1 flex justify-end gap-1">
                <Button size="sm" tone="ghost" onClick={onChangeCredentials}>
                  Change
                </Button>
                <Button
                  size="sm"
                  tone="ghost"
                  data-testid="credentials-forget"
                  onClick={() => forgetFilesCredentials(network.name)}
                >
                  Forget
                </Button>
              </span>
            )}
          </dd>
        </div>
      </dl>
    </Panel>
  )
}
