import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type DragEvent, type FormEvent } from 'react'
import type { FilesClient, FolderEntry } from '../../files/client.ts'
import { FilesError } from '../../files/errors.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { directoryQuery, folderQuery, foldersKey } from '../../queries/files.ts'
import { useNavigate } from 'react-router'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { useLinkNetwork } from '../../ui/networks/NetworkContext.tsx'
import { explorePath, withNetwork } from '../../urls.ts'
import { Badge } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { saveAs } from '../../ui/download.ts'
import { inputClass } from '../../ui/form.ts'
import { Panel } from '../../ui/Panel.tsx'
import { DownloadIcon, EyeIcon, FileIcon, FolderIcon } from '../../ui/pageIcons.tsx'
import { formatBytes, formatInteger } from '../../format/numbers.ts'
import { shortCid } from '../../format/transfer.ts'
import { FilesErrorNotice } from './parts.tsx'
import { useCidField } from './useCidField.ts'
import { longListAbove } from '../../../contract/listWindow.ts'
import { ChainglassError } from '../../../contract/errors.ts'

/** `name` inside the tree folder `folder`. */
export const inFolder = (folder: string, name: string) => `${folder === '/' ? '' : folder}/${name}`

/** The folders from the root down to `path`, each with the path that opens it. */
function crumbs(path: string): Array<{ name: string; path: string }> {
  const names = path.split('/').filter(Boolean)
  return [{ name: 'Files', path: '/' }, ...names.map((name, index) => ({ name, path: `/${names.slice(0, index + 1).join('/')}` }))]
}

/** Where the panel looks: a folder of the node's tree (changeable), or a directory by CID (read only). */
export type FolderView = { kind: 'tree'; path: string } | { kind: 'directory'; cid: string; path: string[] }

type Props = {
  network: Network
  client: FilesClient
  view: FolderView
  /** CIDs pinned on the store (null while unknown): each entry says whether it is. */
  pinned: ReadonlySet<string> | null
  onOpen: (view: FolderView) => void
  onPreview: (cid: string) => void
}

/**
 * The node's folder tree (Kubo's MFS, files/*), the same for every browser: folders to open, each entry's size,
 * CID and pin state; new folder, rename, delete, download, preview. A directory CID opens here too, read only.
 * Names are the uploaders' and shown as text only.
 */
export function FoldersPanel({ network, client, view, pinned, onOpen, onPreview }: Props) {
  const queryClient = useQueryClient()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const [moving, setMoving] = useState<string | null>(null)
  // The entry being dragged (within this panel), and the folder path a drag is over.
  const [dragged, setDragged] = useState<FolderEntry | null>(null)
  const [dropOver, setDropOver] = useState<string | null>(null)
  const tree = view.kind === 'tree'
  const folder = useQuery({ ...folderQuery(network, client, tree ? view.path : '/'), enabled: tree })
  const directory = useQuery({ ...directoryQuery(network, client, tree ? '' : view.cid), enabled: !tree })
  const listing = tree ? folder : directory
  const changed = () => queryClient.invalidateQueries({ queryKey: foldersKey(network, client) })
  const change = useMutation({
    mutationFn: (work: () => Promise<void>) => work(),
    onSuccess: async () => {
      setRenaming(null)
      setDeleting(null)
      setCreating(false)
      await changed()
    },
  })
  const download = useMutation({
    mutationFn: async (entry: FolderEntry) => saveAs(await client.cat(entry.cid), entry.name || entry.cid, 'application/octet-stream'),
  })
  const exportCar = useMutation({
    mutationFn: async (entry: FolderEntry) => saveAs(await client.exportCar(entry.cid), `${entry.name || entry.cid}.car`, 'application/vnd.ipld.car'),
  })
  // A CAR's roots are pinned by the store, then put in the folder on view: named as the file (one root) or by CID.
  const importCar = useMutation({
    mutationFn: async (file: File) => {
      const roots = await client.importCar(file)
      const failed = roots.filter((root) => root.pinError !== '')
      const stem = file.name.replace(/\.car$/i, '') || 'imported'
      for (const root of roots) {
        if (root.pinError !== '' || !tree) continue
        const name = roots.length === 1 ? stem : root.cid
        await client.copy(`/ipfs/${root.cid}`, inFolder(view.path, name)).catch(() => client.copy(`/ipfs/${root.cid}`, inFolder(view.path, `${name} ${root.cid}`)))
      }
      await changed()
      return { roots: roots.length, failed }
    },
  })
  const folderPath = (entry: FolderEntry) => (tree ? inFolder(view.path, entry.name) : '')
  // Into a folder of the tree (Kubo's files/mv with a folder as the destination): a name clash or a folder into
  // itself is refused, here before asking when it is plain, else in the store's words, said plainly.
  const move = useMutation({
    mutationFn: async ({ entry, to }: { entry: FolderEntry; to: string }) => {
      const from = folderPath(entry)
      const target = to.length > 1 ? to.replace(/\/+$/, '') : to
      const name = `“${entry.name}”`
      if (target === view.path || target === from) throw new MoveProblem(`${name} is already in ${view.path}.`)
      if (entry.kind === 'folder' && target.startsWith(`${from}/`)) throw new MoveProblem(`A folder cannot go into itself: ${target} is inside ${from}.`)
      const found = await client.stat(target).catch((error: unknown) => {
        if (error instanceof FilesError && /does not exist/.test(error.detail)) throw new MoveProblem(`There is no folder ${target}: make it first, or choose another.`)
        throw error
      })
      if (found.kind !== 'folder') throw new MoveProblem(`${target} is a file, not a folder.`)
      try {
        await client.move(from, target)
      } catch (error) {
        if (error instanceof FilesError && /already has entry/.test(error.detail)) throw new MoveProblem(`${target} already has an entry named ${name}: rename one of them first, then move.`)
        if (error instanceof FilesError && /into itself/.test(error.detail)) throw new MoveProblem(`A folder cannot go into itself: ${target} is inside ${from}.`)
        throw error
      }
      return { name: entry.name, to: target }
    },
    onSuccess: async () => {
      setMoving(null)
      await changed()
    },
  })
  /** A drop target for dragged entries: a folder row or a crumb, `path` the folder it stands for. */
  const dropOn = (path: string) =>
    tree
      ? {
          'data-drop-over': dropOver === path,
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes(entryDragType) || dragged === null || folderPath(dragged) === path) return
            event.preventDefault()
            event.dataTransfer.dropEffect = 'move'
            setDropOver(path)
          },
          onDragLeave: () => setDropOver((over) => (over === path ? null : over)),
          onDrop: (event: DragEvent) => {
            event.preventDefault()
            setDropOver(null)
            if (dragged && folderPath(dragged) !== path) move.mutate({ entry: dragged, to: path })
            setDragged(null)
          },
        }
      : {}

  const actionsFor = (entry: FolderEntry) =>
        deleting === entry.name ? (
          <div className="flex items-center justify-end gap-1.5 whitespace-nowrap text-xs">
            <span className="text-zinc-600 dark:text-zinc-300">Delete{entry.kind === 'folder' ? ' with all it holds' : ''}?</span>
            <Button size="sm" tone="danger" data-testid="entry-delete-confirm" disabled={change.isPending} onClick={() => change.mutate(() => client.remove(folderPath(entry)))}>
              Delete
            </Button>
            <Button size="sm" tone="ghost" onClick={() => setDeleting(null)}>
              Keep
            </Button>
          </div>
        ) : (
          <div className="flex justify-end gap-1.5">
            <span className="hidden gap-1.5 sm:flex">
              <Button size="sm" tone="ghost" onClick={() => exportCar.mutate(entry)} aria-label={`Export ${entry.name || entry.cid} as a CAR file`} data-testid="entry-car">
                .car
              </Button>
            </span>
            {entry.kind === 'file' && (
              <span className="hidden gap-1.5 sm:flex">
                <Button size="sm" onClick={() => onPreview(entry.cid)} aria-label={`Preview ${entry.name || entry.cid}`}>
                  <EyeIcon className="size-3.5" />
                </Button>
                <Button size="sm" onClick={() => download.mutate(entry)} aria-label={`Download ${entry.name || entry.cid}`} data-testid="entry-download">
                  <DownloadIcon className="size-3.5" />
                </Button>
              </span>
            )}
            {tree && (
              <>
                <Button size="sm" tone="ghost" data-testid="entry-rename" onClick={() => setRenaming(entry.name)} aria-label={`Rename ${entry.name}`}>
                  Rename
                </Button>
                <Button size="sm" tone="ghost" data-testid="entry-move" onClick={() => setMoving(entry.name)} aria-label={`Move to… (${entry.name})`}>
                  Move to…
                </Button>
                <Button size="sm" tone="ghost" data-testid="entry-delete" onClick={() => setDeleting(entry.name)} aria-label={`Delete ${entry.name}`}>
                  Delete
                </Button>
              </>
            )}
          </div>
        )

  const columns: Column<FolderEntry>[] = [
    {
      key: 'name',
      header: 'Name',
      className: 'w-full min-w-28 max-w-0',
      cell: (entry) =>
        renaming === entry.name ? (
          <RenameForm
            name={entry.name}
            busy={change.isPending}
            onCancel={() => setRenaming(null)}
            onSave={(name) => change.mutate(() => client.move(folderPath(entry), inFolder((view as { path: string }).path, name)))}
          />
        ) : moving === entry.name && tree ? (
          <MoveForm
            name={entry.name}
            from={view.path}
            busy={move.isPending}
            onCancel={() => setMoving(null)}
            onMove={(to) => move.mutate({ entry, to })}
          />
        ) : (
          <div
            className={`-my-1 flex min-w-0 items-center gap-2 rounded-md py-1 ${dropOver !== null && dropOver === folderPath(entry) ? 'bg-accent-50 ring-2 ring-accent-400 dark:bg-accent-950/40' : ''}`}
            draggable={tree}
            data-testid="entry-drag"
            // Nothing else on the panel may move while dragging: a drop lands where it was aimed.
            title={tree ? `Drag onto a folder (or a folder in the path above) to move ${entry.kind === 'folder' ? 'this folder' : 'this file'} there` : undefined}
            onDragStart={(event) => {
              event.dataTransfer.setData(entryDragType, entry.name)
              event.dataTransfer.effectAllowed = 'move'
              setDragged(entry)
            }}
            onDragEnd={() => {
              setDragged(null)
              setDropOver(null)
            }}
            {...(entry.kind === 'folder' ? dropOn(folderPath(entry)) : {})}
          >
            <span aria-hidden="true" className="text-zinc-400">
              {entry.kind === 'folder' ? <FolderIcon className="size-4" /> : <FileIcon className="size-4" />}
            </span>
            {entry.kind === 'folder' ? (
              <button
                type="button"
                data-testid="folder-open"
                className="truncate font-medium text-accent-700 hover:underline dark:text-accent-300"
                onClick={() => onOpen(tree ? { kind: 'tree', path: folderPath(entry) } : { kind: 'directory', cid: entry.cid, path: [...view.path, entry.name] })}
              >
                {entry.name}
              </button>
            ) : (
              <span data-testid="entry-name" className="truncate text-zinc-900 dark:text-zinc-100" title={entry.name}>
                {entry.name || '(unnamed block)'}
              </span>
            )}
          </div>
        ),
    },
    {
      key: 'size',
      header: 'Size',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums text-zinc-700 dark:text-zinc-300',
      showFrom: 'sm',
      cell: (entry) => (entry.kind === 'folder' ? <span className="text-zinc-400">—</span> : formatBytes(entry.size)),
    },
    {
      key: 'cid',
      header: 'CID',
      showFrom: 'md',
      cell: (entry) => (
        <span className="flex items-center gap-0.5">
          <AppLink to={explorePath(entry.cid)} className={`${inlineLinkClass} font-mono text-xs whitespace-nowrap`} title={entry.cid} testId="entry-cid">
            {shortCid(entry.cid, 8, 6)}
          </AppLink>
          <CopyButton value={entry.cid} label={`Copy the CID of ${entry.name || entry.cid}`} />
        </span>
      ),
    },
    {
      key: 'pin',
      header: 'Pinned',
      showFrom: 'sm',
      cell: (entry) => (pinned === null ? null : pinned.has(entry.cid) ? <Badge tone="success">pinned</Badge> : <span className="text-xs text-zinc-500 dark:text-zinc-400">in tree</span>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (entry) => actionsFor(entry),
    },
  ]

  const where = tree ? crumbs(view.path) : [{ name: shortCid(view.cid, 8, 6), path: '' }, ...view.path.map((name) => ({ name, path: '' }))]
  return (
    <Panel
      title="Folders"
      testId="folders-panel"
      actions={
        tree ? (
          <span className="flex items-center gap-2">
            <label className="inline-flex cursor-pointer items-center rounded-lg px-2.5 py-1.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-within:ring-2 focus-within:ring-accent-500 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100">
              Import CAR
              <input
                type="file"
                accept=".car,application/vnd.ipld.car"
                className="sr-only"
                data-testid="car-input"
                disabled={importCar.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0]
                  event.target.value = ''
                  if (file) importCar.mutate(file)
                }}
              />
            </label>
            <Button size="sm" data-testid="folder-new" onClick={() => setCreating(true)}>
              New folder
            </Button>
          </span>
        ) : (
          <Button size="sm" tone="ghost" onClick={() => onOpen({ kind: 'tree', path: '/' })}>
            Back to this node’s files
          </Button>
        )
      }
    >
      <div className="space-y-3 px-5 py-3">
        <nav aria-label="Folder" className="flex flex-wrap items-center gap-1 text-sm" data-testid="folder-path">
          {where.map((crumb, index) => (
            <span key={`${index}-${crumb.name}`} className="flex items-center gap-1">
              {index > 0 && <span className="text-zinc-400">/</span>}
              {tree && index < where.length - 1 ? (
                <button
                  type="button"
                  className={`rounded px-0.5 text-accent-700 hover:underline dark:text-accent-300 ${dropOver === crumb.path ? 'bg-accent-50 ring-2 ring-accent-400 dark:bg-accent-950/40' : ''}`}
                  onClick={() => onOpen({ kind: 'tree', path: crumb.path })}
                  {...dropOn(crumb.path)}
                >
                  {crumb.name}
                </button>
              ) : (
                <span className="font-medium text-zinc-900 dark:text-zinc-100">{crumb.name}</span>
              )}
            </span>
          ))}
        </nav>
        {creating && tree && (
          <RenameForm name="" label="New folder name" busy={change.isPending} onCancel={() => setCreating(false)} onSave={(name) => change.mutate(() => client.makeFolder(inFolder(view.path, name)))} />
        )}
        {change.error != null && <FilesErrorNotice error={change.error} compact testId="folder-change-error" />}
        {move.error instanceof MoveProblem ? (
          <p role="alert" data-testid="move-error" className="rounded-lg bg-red-50/70 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 dark:bg-red-950/30 dark:text-red-200 dark:ring-red-900/60">
            Not moved. {move.error.message}
          </p>
        ) : (
          move.error != null && <FilesErrorNotice error={move.error} compact testId="move-error" />
        )}
        {move.data && !move.isPending && move.error == null && (
          <p role="status" data-testid="moved" className="text-xs text-zinc-600 dark:text-zinc-300">
            Moved “{move.data.name}” to {move.data.to}.
          </p>
        )}

        {download.error != null && <FilesErrorNotice error={download.error} compact />}
        {exportCar.error != null && <FilesErrorNotice error={exportCar.error} compact />}
        {importCar.error != null && <FilesErrorNotice error={importCar.error} compact testId="car-import-error" />}
        {importCar.data && (
          <p className="text-xs text-zinc-600 dark:text-zinc-300" data-testid="car-imported" role="status">
            {importCar.data.roots === 0 ? 'The CAR file names no root: its blocks are stored, unpinned.' : `Imported ${importCar.data.roots} root${importCar.data.roots === 1 ? '' : 's'}, pinned.`}
            {importCar.data.failed.map((root) => ` ${root.cid} not pinned: ${root.pinError}.`).join('')}
          </p>
        )}
        {listing.error != null && <FilesErrorNotice error={listing.error} onRetry={() => void listing.refetch()} testId="folder-error" />}
        {listing.data !== undefined && (listing.data.length > longListAbove || (listing.isFetching && listing.data.length > 0)) && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="folder-count" data-complete={!listing.isFetching} role="status">
            {formatInteger(listing.data.length)} {listing.data.length === 1 ? 'entry' : 'entries'}
            {listing.isFetching ? ' so far, still reading…' : ''}
          </p>
        )}
      </div>
      {listing.error == null && (
        <DataTable
          columns={columns}
          rows={listing.data}
          rowKey={(entry) => entry.name || entry.cid}
          caption={tree ? `The folder ${view.path}` : `The directory ${view.cid}`}
          empty={tree ? 'Nothing here yet: add files above, or make a folder.' : 'This directory is empty.'}
          testId="folder-table"
          rowTestId="folder-entry"
        />
      )}
      <OpenDirectoryForm onOpen={(cid) => onOpen({ kind: 'directory', cid, path: [] })} />
    </Panel>
  )
}

/** A name for an entry: not empty, no slash (a tree name is one path segment). */
function RenameForm({ name, label = 'New name', busy, onSave, onCancel }: { name: string; label?: string; busy: boolean; onSave: (name: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(name)
  const id = useId()
  const trimmed = value.trim()
  const problem = trimmed === '' ? 'a name is needed' : trimmed.includes('/') ? 'a name cannot hold “/”' : trimmed === '.' || trimmed === '..' ? 'not a name' : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem && trimmed !== name) onSave(trimmed)
  }
  return (
    <form className="flex items-center gap-1.5" onSubmit={submit} data-testid="name-form">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} className={`${inputClass} h-8 min-w-0 flex-1 py-1 text-sm`} value={value} onChange={(event) => setValue(event.target.value)} placeholder={label} autoFocus aria-invalid={problem !== null && value !== ''} />
      <Button size="sm" tone="primary" type="submit" disabled={busy || problem !== null}>
        Save
      </Button>
      <Button size="sm" tone="ghost" type="button" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  )
}

/** Why a move was not made, in words for the person who asked (a name clash, a folder into itself). */
class MoveProblem extends ChainglassError {
  override name = 'MoveProblem'
}

/** What a dragged entry carries, so a drop of files from outside (an upload) is not taken for a move. */
const entryDragType = 'application/x-chainglass-entry'

/** Move to…: a folder path of the tree, the keyboard's way to do what dragging does. */
function MoveForm({ name, from, busy, onMove, onCancel }: { name: string; from: string; busy: boolean; onMove: (to: string) => void; onCancel: () => void }) {
  const [value, setValue] = useState(from)
  const id = useId()
  const trimmed = value.trim()
  const problem = !trimmed.startsWith('/') ? 'a folder path starts with “/”' : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!problem) onMove(trimmed)
  }
  return (
    <form className="flex flex-wrap items-center gap-1.5" onSubmit={submit} data-testid="move-form">
      <label htmlFor={id} className="text-xs text-zinc-600 dark:text-zinc-300">
        Move “{name}” to folder
      </label>
      <input
        id={id}
        className={`${inputClass} h-8 min-w-0 flex-1 py-1 font-mono text-sm`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder="/a/folder"
        autoFocus
        spellCheck={false}
        aria-invalid={problem !== null}
      />
      <Button size="sm" tone="primary" type="submit" disabled={busy || problem !== null}>
        Move
      </Button>
      <Button size="sm" tone="ghost" type="button" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  )
}

/** Opens any directory by its CID (read only), as ipfs-webui's explore does. */
function OpenDirectoryForm({ onOpen }: { onOpen: (cid: string) => void }) {
  const field = useCidField()
  const navigate = useNavigate()
  const linkNetwork = useLinkNetwork()
  const id = useId()
  const { checked } = field
  const submit = (event: FormEvent) => field.submit(event, onOpen)
  return (
    <form className="flex flex-wrap items-center gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800" onSubmit={submit} data-testid="open-directory">
      <label htmlFor={id} className="text-xs font-medium text-zinc-500 dark:text-zinc-400">
        Open a directory by CID
      </label>
      <input id={id} className={`${inputClass} h-8 min-w-0 flex-1 py-1 font-mono text-xs`} value={field.value} onChange={(event) => field.change(event.target.value)} placeholder="Qm… or bafy…" spellCheck={false} />
      <Button size="sm" type="submit" disabled={!checked?.ok}>
        Open
      </Button>
      <Button size="sm" tone="ghost" type="button" disabled={!checked?.ok} data-testid="explore-cid" onClick={() => checked?.ok && void navigate(withNetwork(explorePath(checked.cid), linkNetwork))}>
        Explore its DAG
      </Button>
      {checked && !checked.ok && <p className="w-full text-xs text-red-600 dark:text-red-400">{checked.problem}</p>}
    </form>
  )
}
