import { memo, useId, useState, useSyncExternalStore, type DragEvent } from 'react'
import type { AddedFile, FilesClient } from '../../files/client.ts'
import { ipfsLink } from '../../files/cid.ts'
import { formatLimit, type UploadLimit } from '../../files/limits.ts'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { formatByteCount, formatSpeed, percentOf } from '../../format/transfer.ts'
import { CrossIcon as XIcon } from '../../ui/icons.tsx'
import { EyeIcon, FileIcon, FolderIcon, UploadIcon } from '../../ui/pageIcons.tsx'
import { foldersFromPicked, readDropped, type DroppedEntry, type FolderUpload } from '../../files/folderUpload.ts'
import { FilesErrorNotice } from './parts.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyTextButton } from '../../ui/CopyButton.tsx'
import { Button } from '../../ui/Button.tsx'
import { uploadQueueFor, type UploadItem, type UploadQueue } from './uploadQueue.ts'
import { formatBytes } from '../../format/numbers.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'

type UploadPanelProps = {
  networkName: string
  client: FilesClient
  limit: UploadLimit
  /** CIDs the service lists as pinned; null while the list is loading or failed. */
  pinned: ReadonlySet<string> | null
  onAdded: (added: AddedFile) => void
  onPreview: (cid: string) => void
}

/** Drop zone and file picker, and one row per file with its progress, then its CIDs. */
export function UploadPanel({ networkName, client, limit, pinned, onAdded, onPreview }: UploadPanelProps) {
  const queue = uploadQueueFor(networkName)
  const items = useSyncExternalStore(queue.subscribe, queue.items)
  const [pinOnAdd, setPinOnAdd] = useState(true)
  const [dragging, setDragging] = useState(false)
  const inputId = useId()
  const limitId = useId()

  const folderInputId = useId()
  const enqueue = (files: ReadonlyArray<File | FolderUpload>) => {
    if (files.length > 0) queue.enqueue(files, { client, limit, pin: pinOnAdd, onAdded })
  }
  const start = (files: FileList | null) => enqueue(files ? [...files] : [])
  const [dropError, setDropError] = useState<string | null>(null)
  // A dropped folder comes as a directory entry (its files are read by walking it); plain files as before.
  const drop = (transfer: DataTransfer) => {
    const entries = [...transfer.items].map((item) => (item.kind === 'file' ? (item.webkitGetAsEntry() as DroppedEntry | null) : null)).filter((entry) => entry !== null)
    if (!entries.some((entry) => entry.isDirectory)) return start(transfer.files)
    setDropError(null)
    readDropped(entries).then(
      ({ files, folders }) => enqueue([...files, ...folders]),
      (error: unknown) => setDropError(`The dropped folder could not be read: ${error instanceof Error ? error.message : String(error)}`),
    )
  }
  const onDrag = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const finished = items.some((item) => item.state !== 'queued' && item.state !== 'uploading')

  return (
    <Panel
      title="Add files"
      actions={
        finished && (
          <Button size="sm" tone="ghost" className="-my-1" onClick={() => queue.clearFinished()} data-testid="uploads-clear">
            Clear finished
          </Button>
        )
      }
    >
      <div className="p-5">
        <label
          htmlFor={inputId}
          data-testid="drop-zone"
          data-dragging={dragging}
          onDragEnter={onDrag}
          onDragOver={onDrag}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
          }}
          onDrop={(event) => {
            event.preventDefault()
            setDragging(false)
            drop(event.dataTransfer)
          }}
          className={`group relative flex cursor-pointer flex-col items-center justify-center rounded-xl border-2 border-dashed px-6 py-9 text-center transition focus-within:border-accent-500 focus-within:ring-4 focus-within:ring-accent-500/15 ${
            dragging
              ? 'border-accent-500 bg-accent-50/70 dark:bg-accent-950/30'
              : 'border-zinc-200 bg-zinc-50/60 hover:border-accent-300 hover:bg-accent-50/40 dark:border-zinc-700 dark:bg-zinc-950/30 dark:hover:border-accent-700 dark:hover:bg-accent-950/20'
          }`}
        >
          <input
            id={inputId}
            type="file"
            multiple
            data-testid="file-input"
            aria-describedby={limitId}
            className="sr-only"
            onChange={(event) => {
              start(event.target.files)
              // The same file can be chosen again after a cancel.
              event.target.value = ''
            }}
          />
          <span
            className={`flex size-12 items-center justify-center rounded-2xl shadow-sm ring-1 transition ${
              dragging
                ? 'bg-accent-600 text-white ring-accent-600'
                : 'bg-white text-accent-600 ring-zinc-200 group-hover:ring-accent-200 dark:bg-zinc-900 dark:text-accent-400 dark:ring-zinc-700'
            }`}
          >
            <UploadIcon className="size-6" />
          </span>
          <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-300">
            {dragging ? (
              <span className="font-semibold text-accent-700 dark:text-accent-300">Drop to add them</span>
            ) : (
              <>
                <span className="font-semibold text-accent-600 dark:text-accent-400">Choose files</span> or drag and drop files or folders here
              </>
            )}
          </p>
          <p id={limitId} data-testid="upload-limit" className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            Up to {formatLimit(limit.bytes)} per file
            {limit.fromConfig ? ' (this network’s limit)' : ' — the service’s default limit; the configuration names none'}
          </p>
        </label>
        <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-zinc-600 dark:text-zinc-400">
          <span>A whole folder, with its subfolders:</span>
          <label
            htmlFor={folderInputId}
            className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1 font-medium text-accent-700 ring-1 ring-zinc-200 hover:bg-accent-50 focus-within:ring-2 focus-within:ring-accent-500 dark:text-accent-300 dark:ring-zinc-700 dark:hover:bg-accent-950/30"
          >
            <FolderIcon className="size-4" />
            Choose a folder
            <input
              id={folderInputId}
              type="file"
              data-testid="folder-input"
              className="sr-only"
              ref={(node) => {
                // Not in React's attribute list; the property is what browsers read.
                if (node) node.webkitdirectory = true
              }}
              onChange={(event) => {
                enqueue(foldersFromPicked(event.target.files ?? []))
                event.target.value = ''
              }}
            />
          </label>
        </div>
        {dropError !== null && (
          <p className="mt-2 text-sm text-red-700 dark:text-red-300" role="alert" data-testid="drop-error">
            {dropError}
          </p>
        )}
        <label className="mt-4 flex items-start gap-2.5 text-sm text-zinc-700 dark:text-zinc-300">
          <input
            type="checkbox"
            checked={pinOnAdd}
            onChange={(event) => setPinOnAdd(event.target.checked)}
            data-testid="pin-on-add"
            className="mt-0.5 size-4 rounded border-zinc-300 accent-accent-600"
          />
          <span>
            Pin what I add
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">Pinned content is kept by the store; unpinned content may be removed at its next clean-up.</span>
          </span>
        </label>
      </div>
      {items.length > 0 && (
        <ul data-testid="upload-list" className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} pinned={item.added ? (pinned ? pinned.has(item.added.cid) : item.added.pinned) : false} queue={queue} onPreview={onPreview} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

const stateLabels: Record<UploadItem['state'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Added',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refused: 'Not sent',
}

/** Rows are immutable snapshots: a row whose upload did not move is not rendered again. */
const UploadRow = memo(function UploadRow({ item, pinned, queue, onPreview }: { item: UploadItem; pinned: boolean; queue: UploadQueue; onPreview: (cid: string) => void }) {
  const onCancel = () => queue.cancel(item.id)
  const onDismiss = () => queue.dismiss(item.id)
  const active = item.state === 'queued' || item.state === 'uploading'
  const percent = percentOf(item.loaded, item.size)
  const tone = item.state === 'done' ? 'success' : item.state === 'failed' || item.state === 'refused' ? 'danger' : item.state === 'uploading' ? 'accent' : 'neutral'

  return (
    <li data-testid="upload-row" data-state={item.state} className="motion-safe:animate-fade-in px-5 py-4">
      <WithIconTile icon={item.kind === 'folder' ? <FolderIcon className="size-4.5" /> : <FileIcon className="size-4.5" />} tone="neutral" align="start" tileClassName="mt-0.5" contentClassName="flex-1">
        <div className="flex items-center gap-3">
          <p data-testid="upload-name" title={item.name} className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {item.name}
          </p>
          <Badge tone={tone} testId="upload-state">
            {stateLabels[item.state]}
          </Badge>
          {active ? (
            <Button size="sm" onClick={onCancel} data-testid="upload-cancel" aria-label={`Cancel the upload of ${item.name}`}>
              Cancel
            </Button>
          ) : (
            <button
              type="button"
              onClick={onDismiss}
              aria-label={`Remove ${item.name} from this list`}
              title="Remove from this list"
              className="inline-flex size-7 items-center justify-center rounded-md text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
            >
              <XIcon className="size-4" />
            </button>
          )}
        </div>

        {(active || item.state === 'cancelled') && (
          <>
            <div
              role="progressbar"
              aria-label={`Upload of ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={item.size}
              aria-valuenow={item.loaded}
              aria-valuetext={`${percent}%`}
              data-testid="upload-progress"
              className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            >
              <div
                className={`h-full rounded-full transition-[width] duration-200 ${item.state === 'cancelled' ? 'bg-zinc-300 dark:bg-zinc-600' : 'bg-accent-500'}`}
                style={{ width: `${percent}%` }}
              />
            </div>
            <p data-testid="upload-bytes" className="mt-1.5 flex flex-wrap gap-x-2 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              <span>
                {formatBytes(item.loaded)} of {formatBytes(item.size)}
              </span>
              <span aria-hidden="true">·</span>
              <span data-testid="upload-percent">{percent}%</span>
              {item.state === 'uploading' && item.bytesPerSecond !== null && (
                <>
                  <span aria-hidden="true">·</span>
                  <span data-testid="upload-speed">{formatSpeed(item.bytesPerSecond)}</span>
                </>
              )}
              {item.state === 'queued' && <span>· waiting for a free connection</span>}
              {item.state === 'cancelled' && <span>· cancelled: nothing was kept or pinned</span>}
            </p>
          </>
        )}

        {item.state === 'refused' && (
          <p data-testid="upload-refusal" className="mt-1.5 text-sm text-red-700 dark:text-red-300">
            {formatBytes(item.size)}: {item.refusal}. The service would refuse it (HTTP 413), so it was not sent.
          </p>
        )}

        {item.state === 'failed' && item.error && (
          <div className="mt-2.5">
            <FilesErrorNotice error={item.error} compact testId="upload-error" />
          </div>
        )}

        {item.state === 'done' && item.added && (
          <div className="mt-2.5">
            <dl className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
              <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">CID</dt>
              <dd className="flex min-w-0 items-center gap-1">
                <code data-testid="upload-cid" className="truncate font-mono text-[13px] text-zinc-800 dark:text-zinc-200">
                  {item.added.cid}
                </code>
                <CopyButton value={item.added.cid} label="Copy CID" />
              </dd>
              {item.v1 && item.v1 !== item.added.cid && (
                <>
                  <dt className="text-xs font-medium text-zinc-500 dark:text-zinc-400">CIDv1</dt>
                  <dd className="flex min-w-0 items-center gap-1">
                    <code data-testid="upload-cid-v1" className="truncate font-mono text-[13px] text-zinc-600 dark:text-zinc-400">
                      {item.v1}
                    </code>
                    <CopyButton value={item.v1} label="Copy CIDv1" />
                  </dd>
                </>
              )}
            </dl>
            <div className="mt-2.5 flex flex-wrap items-center gap-2">
              {pinned ? (
                <Badge tone="success" testId="upload-pinned">
                  Pinned
                </Badge>
              ) : (
                <Badge tone="warning" testId="upload-pinned">
                  Not pinned
                </Badge>
              )}
              <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400" title={formatByteCount(item.size)} data-testid="upload-size">
                {formatBytes(item.size)}
                {item.kind === 'folder' && ` in ${item.fileCount} ${item.fileCount === 1 ? 'file' : 'files'}`}
              </span>
              <span className="flex-1" />
              <CopyTextButton value={ipfsLink(item.added.cid)} label="Copy ipfs:// link" testId="upload-copy-link" />
              {item.kind === 'file' && (
                <Button size="sm" onClick={() => onPreview(item.added!.cid)} data-testid="upload-preview">
                  <EyeIcon className="size-3.5" />
                  Preview
                </Button>
              )}
            </div>
          </div>
        )}
      </WithIconTile>
    </li>
  )
})
