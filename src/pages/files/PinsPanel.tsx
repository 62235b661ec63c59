import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { toV1Base32 } from '../../files/cid.ts'
import type { FilesClient, Pin } from '../../files/client.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { pinsQuery } from '../../queries/files.ts'
import { formatByteCount, shortCid } from '../../format/transfer.ts'
import { EyeIcon, FilterIcon, PinIcon, UnpinIcon } from '../../ui/pageIcons.tsx'
import type { KnownFiles } from '../../files/knownFiles.ts'
import { EmptyState, FilesErrorNotice } from './parts.tsx'
import { useCidField } from './useCidField.ts'
import { Badge } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { inputClass } from '../../ui/form.ts'
import { formatBytes } from '../../format/numbers.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'

type Row = Pin & { v1: string | null; name: string | null; size: number | null; addedAt: number }

/** Pins with what this browser knows of them: newest added first, then the rest in the service's order. */
function toRows(pins: readonly Pin[], known: KnownFiles): Row[] {
  return pins
    .map((pin) => {
      const file = known[pin.cid]
      return { ...pin, v1: toV1Base32(pin.cid), name: file?.name ?? null, size: file?.size ?? null, addedAt: file?.addedAt ?? 0 }
    })
    .sort((a, b) => b.addedAt - a.addedAt)
}

function matches(row: Row, filter: string): boolean {
  const needle = filter.trim().toLowerCase()
  if (needle === '') return true
  return [row.cid, row.v1 ?? '', row.name ?? ''].some((text) => text.toLowerCase().includes(needle))
}

const pinKey = (row: Row) => row.cid
const pinData = (row: Row) => ({ 'data-cid': row.cid })

function pinColumns({ onPreview, onUnpin }: { onPreview: (cid: string) => void; onUnpin: (row: Row) => void }): Column<Row>[] {
  return [
    {
      key: 'content',
      header: 'Content',
      className: 'w-full max-w-0 xl:w-[45%]',
      cell: (row) => (
        <WithIconTile icon={<PinIcon className="size-4" />} size="sm">
          {row.name && (
            <p data-testid="pin-name" className="truncate font-medium text-zinc-900 dark:text-zinc-100" title={row.name}>
              {row.name}
            </p>
          )}
          <div className="flex min-w-0 items-center gap-0.5">
            <code
              data-testid="pin-cid"
              className={`truncate font-mono ${row.name ? 'text-xs text-zinc-500 dark:text-zinc-400' : 'text-[13px] text-zinc-800 dark:text-zinc-200'}`}
              title={row.cid}
            >
              {row.cid}
            </code>
            <CopyButton value={row.cid} label="Copy CID" />
          </div>
          {!row.name && <p className="text-xs text-zinc-500 dark:text-zinc-400">Not added from this browser: name unknown</p>}
        </WithIconTile>
      ),
    },
    {
      key: 'v1',
      header: 'CIDv1',
      showFrom: 'xl',
      cell: (row) =>
        row.v1 && (
          <span className="flex items-center gap-0.5">
            <code className="font-mono text-xs text-zinc-500 dark:text-zinc-400" title={row.v1}>
              {shortCid(row.v1, 12, 8)}
            </code>
            <CopyButton value={row.v1} label="Copy CIDv1" />
          </span>
        ),
    },
    {
      key: 'size',
      header: 'Size',
      align: 'right',
      className: 'whitespace-nowrap text-zinc-700 tabular-nums dark:text-zinc-300',
      cell: (row) =>
        row.size === null ? (
          <span data-testid="pin-size" className="text-zinc-500 dark:text-zinc-400" title="The pin list carries no sizes; this content was not added from this browser.">
            —
          </span>
        ) : (
          <span data-testid="pin-size" title={formatByteCount(row.size)}>
            {formatBytes(row.size)}
          </span>
        ),
    },
    {
      key: 'type',
      header: 'Pin',
      showFrom: 'sm',
      cell: (row) => <Badge tone={row.type === 'recursive' ? 'success' : 'neutral'}>{row.type}</Badge>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (row) => (
        <div className="flex justify-end gap-1.5">
          <Button size="sm" onClick={() => onPreview(row.cid)} data-testid="pin-preview" aria-label={`Preview ${row.name ?? row.cid}`}>
            <EyeIcon className="size-3.5" />
            <span className="hidden md:inline">Preview</span>
          </Button>
          <Button size="sm" onClick={() => onUnpin(row)} data-testid="pin-unpin" aria-label={`Unpin ${row.name ?? row.cid}`}>
            <UnpinIcon className="size-3.5" />
            <span className="hidden md:inline">Unpin</span>
          </Button>
        </div>
      ),
    },
  ]
}

/** The service's pin list: filter, preview, unpin (after a confirmation that says what unpinning means). */
export function PinsPanel({ network, client, known, onPreview }: { network: Network; client: FilesClient; known: KnownFiles; onPreview: (cid: string) => void }) {
  const queryClient = useQueryClient()
  const pins = useQuery(pinsQuery(network, client))
  const [filter, setFilter] = useState('')
  const [confirming, setConfirming] = useState<Row | null>(null)
  const filterId = useId()
  const rows = useMemo(() => (pins.data ? toRows(pins.data, known) : []), [pins.data, known])
  const shown = rows.filter((row) => matches(row, filter))

  const unpin = useMutation({
    mutationFn: (cid: string) => client.pinRm(cid),
    onSuccess: async () => {
      setConfirming(null)
      await queryClient.invalidateQueries({ queryKey: pinsQuery(network, client).queryKey })
    },
  })
  const resetUnpin = unpin.reset // stable: the same function on every render
  const columns = useMemo(
    () =>
      pinColumns({
        onPreview,
        onUnpin: (row) => {
          resetUnpin()
          setConfirming(row)
        },
      }),
    [onPreview, resetUnpin],
  )

  return (
    <Panel
      title={
        <span className="flex items-center gap-2">
          Pinned content
          {pins.data && (
            <Badge tone="neutral" testId="pin-count">
              {pins.data.length}
            </Badge>
          )}
        </span>
      }
      actions={
        <label htmlFor={filterId} className="relative flex w-full max-w-64 items-center">
          <span className="sr-only">Filter pins by name or CID</span>
          <FilterIcon className="pointer-events-none absolute left-2.5 size-3.5 text-zinc-500 dark:text-zinc-400" />
          <input
            id={filterId}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter by name or CID"
            data-testid="pin-filter"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} h-8 pl-8 text-[13px]`}
          />
        </label>
      }
    >
      {pins.error && !pins.data ? (
        <div className="p-5">
          <FilesErrorNotice error={pins.error} onRetry={() => void pins.refetch()} testId="pins-error" />
        </div>
      ) : !pins.data ? (
        <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading the pin list">
          {[0, 1, 2].map((index) => (
            <div key={index} className="flex items-center gap-4">
              <Skeleton className="size-8" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-4 w-16" />
            </div>
          ))}
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={<PinIcon className="size-5" />} title="Nothing is pinned yet" testId="pins-empty">
          Add a file above, or pin a CID this store already holds.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState icon={<FilterIcon className="size-5" />} title="No pin matches this filter" testId="pins-no-match">
          Nothing among {rows.length} pins has “{filter.trim()}” in its name or CID.
        </EmptyState>
      ) : (
        <DataTable columns={columns} rows={shown} rowKey={pinKey} rowData={pinData} caption="Pinned content" testId="pin-table" rowTestId="pin-row" />
      )}
      {pins.data && (
        <p className="border-t border-zinc-100 px-5 py-3 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          Sizes and names are known for content added from this browser; the service’s pin list carries CIDs only.
        </p>
      )}
      {confirming && (
        <UnpinDialog
          row={confirming}
          storeLabel={network.label}
          pending={unpin.isPending}
          error={unpin.error}
          onConfirm={() => unpin.mutate(confirming.cid)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Panel>
  )
}

/** A modal confirmation (a <dialog>: focus stays inside, Escape cancels). */
function UnpinDialog({ row, storeLabel, pending, error, onConfirm, onClose }: { row: Row; storeLabel: string; pending: boolean; error: unknown; onConfirm: () => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Removing the element takes it out of the top layer, so there is nothing to undo on unmount.
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid="unpin-dialog"
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-zinc-900 shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-950/40 backdrop:backdrop-blur-[2px] dark:bg-zinc-900 dark:text-zinc-100 dark:ring-zinc-800"
    >
      <div className="p-6">
        <WithIconTile icon={<UnpinIcon className="size-5" />} tone="warning" size="lg" shape="round" align="start" gap="gap-4">
          <h2 id={titleId} className="text-base font-semibold">
            Unpin this content?
          </h2>
          <p className="mt-1 truncate text-sm font-medium text-zinc-700 dark:text-zinc-300">{row.name ?? 'Unnamed content'}</p>
          <code className="block truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">{row.cid}</code>
          <p data-testid="unpin-explanation" className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
            The file store of {storeLabel} will stop keeping it. Unpinned content is not deleted at once: it becomes eligible for removal, and goes when the store next cleans up.
            Until then it can still be read by its CID.
          </p>
        </WithIconTile>
        {error !== null && (
          <div className="mt-4">
            <FilesErrorNotice error={error} compact testId="unpin-error" />
          </div>
        )}
      </div>
      <div className="flex justify-end gap-2 rounded-b-2xl border-t border-zinc-100 bg-zinc-50/80 px-6 py-3.5 dark:border-zinc-800 dark:bg-zinc-950/40">
        <Button autoFocus onClick={() => dialog.current?.close()} data-testid="unpin-cancel">
          Keep it pinned
        </Button>
        <Button tone="danger" onClick={onConfirm} disabled={pending} data-testid="unpin-confirm">
          {pending ? 'Unpinning…' : 'Unpin'}
        </Button>
      </div>
    </dialog>
  )
}

/** Paste a CID the store already holds and pin it; the CID is checked with multiformats first. */
export function PinExistingForm({ network, client, pinned }: { network: Network; client: FilesClient; pinned: ReadonlySet<string> | null }) {
  const queryClient = useQueryClient()
  const field = useCidField()
  const inputId = useId()
  const messageId = useId()
  const pin = useMutation({
    mutationFn: (cid: string) => client.pinAdd(cid),
    onSuccess: async () => {
      field.clear()
      await queryClient.invalidateQueries({ queryKey: pinsQuery(network, client).queryKey })
    },
  })
  const { problem, checked: check } = field

  const submit = (event: FormEvent) => {
    pin.reset()
    field.submit(event, (cid) => pin.mutate(cid))
  }

  return (
    <form onSubmit={submit} noValidate data-testid="pin-existing">
      <label htmlFor={inputId} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Pin an existing CID
      </label>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Content this store already holds, pinned so it is kept.</p>
      <div className="mt-3 flex gap-2">
        <input
          id={inputId}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          placeholder="Qm… or bafy…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={messageId}
          data-testid="pin-cid-input"
          className={`${inputClass} font-mono text-[13px]`}
        />
        <Button type="submit" tone="primary" disabled={pin.isPending} data-testid="pin-cid-submit">
          <PinIcon className="size-4" />
          {pin.isPending ? 'Pinning…' : 'Pin'}
        </Button>
      </div>
      <div id={messageId} className="mt-2 min-h-5 text-xs" aria-live="polite">
        {problem ? (
          <p data-testid="pin-cid-problem" className="text-red-600 dark:text-red-400">
            {problem}
          </p>
        ) : pin.isSuccess ? (
          <p data-testid="pin-cid-done" className="break-all text-emerald-700 dark:text-emerald-400">
            Pinned {pin.data.join(', ')}.
          </p>
        ) : check?.ok ? (
          <p className="text-zinc-500 dark:text-zinc-400">
            {pinned?.has(check.cid) ? 'Already pinned here. ' : ''}A valid CIDv{check.version} ({check.codec})
            {check.unixfs ? '.' : ': this store holds UnixFS files (dag-pb or raw), so it may not have it.'}
          </p>
        ) : null}
      </div>
      {pin.error && <FilesErrorNotice error={pin.error} compact testId="pin-cid-error" />}
    </form>
  )
}
