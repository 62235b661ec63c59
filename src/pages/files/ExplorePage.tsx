import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { explainBlock, hexDump, type BlockLink } from '../../files/block.ts'
import { checkCid } from '../../files/cid.ts'
import type { FilesClient } from '../../files/client.ts'
import { formatBytes, formatInteger } from '../../format/numbers.ts'
import { blockQuery, dagSizeQuery, useFilesClient, useFilesCredentials } from '../../queries/files.ts'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { Button } from '../../ui/Button.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { inputClass } from '../../ui/form.ts'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { useLinkNetwork, useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { explorePath, toolPaths, withNetwork } from '../../urls.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { CredentialsForm } from './CredentialsForm.tsx'
import { useCidField } from './useCidField.ts'
import { FilesErrorNotice } from './parts.tsx'

/** How much of a block the hex view shows before it is asked for all of it. */
const hexPreviewBytes = 4096

/**
 * The DAG explorer: one block of the file store by CID (Kubo's dag/get, block/get and dag/stat): its
 * codec, its size and the size of the whole DAG under it, its CID as v0 and v1, for dag-pb its UnixFS type, its
 * links each opening here in turn, and its contents as text (the decoded node as JSON, a raw block's text) and
 * hex. Everything a block holds is shown as text, never as markup.
 */
export function ExplorePage() {
  const network = useNetwork()
  const param = useParams().cid ?? ''
  const checked = checkCid(param)
  return (
    <div className="space-y-6" data-testid="explore-page">
      <div>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          <AppLink to={toolPaths.files} className={inlineLinkClass}>
            Files
          </AppLink>{' '}
          / Explore
        </p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Explore a CID</h1>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">A block of the file store of {network.label}: its codec, sizes, links and contents.</p>
      </div>
      <ExploreForm key={param} initial={param} />
      {!checked.ok ? (
        <p role="alert" data-testid="explore-problem" className="rounded-xl bg-red-50/70 p-4 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950/30 dark:text-red-200 dark:ring-red-900/60">
          {checked.problem}
        </p>
      ) : network.ipfsUrl === null ? (
        <Panel className="p-6">
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="no-file-store">
            {network.label} has no file store to read the block from.
          </p>
        </Panel>
      ) : (
        <ExploreWithStore network={network} cid={checked.cid} />
      )}
    </div>
  )
}

function ExploreWithStore({ network, cid }: { network: Network; cid: string }) {
  const credentials = useFilesCredentials(network)
  const client = useFilesClient(network, credentials)
  if (!client) {
    return (
      <Panel className="mx-auto max-w-xl p-6">
        <CredentialsForm network={network} />
      </Panel>
    )
  }
  return <BlockDetails network={network} client={client} cid={cid} />
}

function ExploreForm({ initial }: { initial: string }) {
  const field = useCidField(initial)
  const navigate = useNavigate()
  const linkNetwork = useLinkNetwork()
  const id = useId()
  const { checked } = field
  const submit = (event: FormEvent) => field.submit(event, (cid) => void navigate(withNetwork(explorePath(cid), linkNetwork)))
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit} data-testid="explore-form">
      <label htmlFor={id} className="sr-only">
        A CID to explore
      </label>
      <input
        id={id}
        className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
        value={field.value}
        onChange={(event) => field.change(event.target.value)}
        placeholder="Paste a CID (Qm… or bafy…)"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={checked !== null && !checked.ok}
      />
      <Button tone="primary" type="submit" disabled={!checked?.ok}>
        Explore
      </Button>
      {checked !== null && !checked.ok && (
        <p className="w-full text-xs text-red-700 dark:text-red-300" data-testid="explore-form-problem">
          {checked.problem}
        </p>
      )}
    </form>
  )
}

function CidRow({ label, value, testId }: { label: string; value: string | null | undefined; testId: string }) {
  return (
    <InfoRow label={label} testId={testId}>
      {value === undefined ? (
        <Skeleton className="h-4 w-64" />
      ) : value === null ? (
        <span className="text-zinc-500 dark:text-zinc-400">none: only a dag-pb block hashed with sha2-256 has a v0 form</span>
      ) : (
        <>
          <code className="font-mono text-[13px] break-all">{value}</code>
          <CopyButton value={value} label={`Copy the ${label}`} />
        </>
      )}
    </InfoRow>
  )
}

const unixfsTypeNames: Record<string, string> = {
  file: 'file',
  raw: 'file data (raw)',
  directory: 'directory',
  'hamt-sharded-directory': 'HAMT-sharded directory',
  symlink: 'symlink',
  metadata: 'metadata',
}

function BlockDetails({ network, client, cid }: { network: Network; client: FilesClient; cid: string }) {
  const block = useQuery(blockQuery(network, client, cid))
  const dag = useQuery(dagSizeQuery(network, client, cid))
  const [wholeHex, setWholeHex] = useState(false)
  const view = useMemo(() => (block.data ? explainBlock(cid, block.data.node, block.data.bytes) : null), [block.data, cid])

  if (block.error) return <FilesErrorNotice error={block.error} onRetry={() => void block.refetch()} testId="explore-error" />

  const linkColumns: Column<BlockLink>[] = [
    {
      key: 'name',
      header: view?.codec === 'dag-pb' ? 'Name' : 'Where',
      className: 'max-w-0 w-1/3 min-w-24',
      cell: (link) => (
        <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100" title={link.name} data-testid="link-name">
          {link.name || <span className="text-zinc-500 dark:text-zinc-400">(no name)</span>}
        </span>
      ),
    },
    {
      key: 'cid',
      header: 'CID',
      cell: (link) => (
        <span className="flex min-w-0 items-center gap-0.5">
          <AppLink to={explorePath(link.cid)} className={`${inlineLinkClass} truncate font-mono text-xs`} testId="link-cid" title={link.cid}>
            {link.cid}
          </AppLink>
        </span>
      ),
      className: 'max-w-0 w-1/2',
    },
    {
      key: 'size',
      header: 'Size',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums text-zinc-700 dark:text-zinc-300',
      cell: (link) => (link.size === null ? <span className="text-zinc-400">—</span> : formatBytes(link.size)),
    },
  ]

  const bytes = block.data?.bytes
  const shown = bytes ? (wholeHex ? bytes : bytes.subarray(0, hexPreviewBytes)) : null
  return (
    <>
      <Panel title="Block" testId="explore-block">
        <dl className="divide-y divide-zinc-100 dark:divide-zinc-800">
          <InfoRow label="Codec" testId="explore-codec">
            {view ? <code className="font-mono text-[13px]">{view.codec}</code> : <Skeleton className="h-4 w-20" />}
          </InfoRow>
          <InfoRow label="Block size" testId="explore-size" help="The bytes of this block alone (block/get).">
            {block.data ? `${formatInteger(block.data.size)} bytes${block.data.size >= 1024 ? ` (${formatBytes(block.data.size)})` : ''}` : <Skeleton className="h-4 w-24" />}
          </InfoRow>
          <InfoRow label="Whole DAG" testId="explore-dag-size" help="Every block under this one, each counted once (dag/stat).">
            {dag.data ? (
              `${formatInteger(dag.data.size)} bytes in ${formatInteger(dag.data.blocks)} ${dag.data.blocks === 1 ? 'block' : 'blocks'}`
            ) : dag.error ? (
              <span className="text-zinc-500 dark:text-zinc-400">not all of it is in the store</span>
            ) : (
              <Skeleton className="h-4 w-32" />
            )}
          </InfoRow>
          {view?.unixfs && (
            <>
              <InfoRow label="UnixFS type" testId="explore-unixfs">
                {unixfsTypeNames[view.unixfs.type] ?? view.unixfs.type}
                {view.unixfs.fanout !== null && ' '}
                {view.unixfs.fanout !== null && <span className="text-zinc-500 dark:text-zinc-400">fanout {view.unixfs.fanout}</span>}
              </InfoRow>
              <InfoRow label="Data in this block" testId="explore-data-size">
                {formatInteger(view.unixfs.dataSize)} bytes{view.unixfs.fileSize !== null && ' '}
                {view.unixfs.fileSize !== null && <span className="text-zinc-500 dark:text-zinc-400">of a file of {formatInteger(view.unixfs.fileSize)} bytes</span>}
              </InfoRow>
            </>
          )}
          <CidRow label="CIDv0" value={view?.v0} testId="explore-v0" />
          <CidRow label="CIDv1 (base32)" value={view?.v1} testId="explore-v1" />
        </dl>
      </Panel>

      <Panel title={view ? `Links (${formatInteger(view.links.length)})` : 'Links'} testId="explore-links">
        <DataTable
          columns={linkColumns}
          rows={view?.links}
          rowKey={(link, index) => `${index}-${link.cid}`}
          caption={`The links of ${cid}`}
          empty={view?.codec === 'raw' ? 'A raw block has no links: it is data.' : 'This block links to nothing.'}
          testId="links-table"
          rowTestId="link-row"
        />
      </Panel>

      <Panel title="Contents" testId="explore-contents">
        <div className="space-y-4 p-5">
          {view?.json != null && (
            <section>
              <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Decoded (dag-json)</h3>
              <pre className="mt-1.5 max-h-96 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-800 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-200 dark:ring-zinc-800" data-testid="explore-json" tabIndex={0}>
                {view.json}
              </pre>
            </section>
          )}
          {view?.text != null && (
            <section>
              <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">As text (UTF-8)</h3>
              <pre className="mt-1.5 max-h-96 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-zinc-800 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-200 dark:ring-zinc-800" data-testid="explore-text" tabIndex={0}>
                {view.text}
              </pre>
            </section>
          )}
          <section>
            <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Bytes (hex)</h3>
            {shown ? (
              <>
                <pre className="mt-1.5 max-h-96 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 text-zinc-800 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-200 dark:ring-zinc-800" data-testid="explore-hex" tabIndex={0}>
                  {hexDump(shown)}
                </pre>
                {bytes && bytes.length > shown.length && (
                  <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                    The first {formatInteger(shown.length)} of {formatInteger(bytes.length)} bytes.{' '}
                    <button type="button" className={inlineLinkClass} onClick={() => setWholeHex(true)}>
                      Show all
                    </button>
                  </p>
                )}
              </>
            ) : (
              <Skeleton className="mt-1.5 h-24 w-full" />
            )}
          </section>
        </div>
      </Panel>
    </>
  )
}

