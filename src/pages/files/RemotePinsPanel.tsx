import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { toV1Base32 } from '../../files/cid.ts'
import type { FilesClient } from '../../files/client.ts'
import type { KnownFiles } from '../../files/knownFiles.ts'
import { PinningServiceError, type PinningClient, type RemotePin, type RemotePinStatus } from '../../files/pinningService.ts'
import {
  endpointUrl,
  parsePinningService,
  pinningServicesSnapshot,
  removePinningService,
  savePinningService,
  subscribePinningServices,
  type PinningService,
} from '../../files/pinningServices.ts'
import { blockedByPolicy, policyBlocksVersion, subscribePolicyBlocks } from '../../networks/cspBlocks.ts'
import { peerQuery, pinsQuery } from '../../queries/files.ts'
import { remotePinsKey, remotePinsQuery, usePinningClient } from '../../queries/remotePins.ts'
import { Badge, type BadgeTone } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { inputClass } from '../../ui/form.ts'
import { AlertIcon } from '../../ui/icons.tsx'
import { WithIconTile } from '../../ui/IconTile.tsx'
import { DatabaseIcon, PinIcon, RefreshIcon, UnpinIcon } from '../../ui/pageIcons.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { EmptyState } from './parts.tsx'
import { useCidField } from './useCidField.ts'

/**
 * Remote pinning, as ipfs-webui's settings and Kubo's `pin remote` do it: pinning services the user adds (name,
 * endpoint, access token, kept in this browser), each one's pins with their status (asked again while any is
 * queued or pinning), pin a CID there, remove a pin, and mirror every local recursive pin to it in one action.
 * The file store's own service (its /pinning, through the app server, which adds the token) is suggested.
 *
 * A service is called from the browser straight, not through the app server: pinning services answer other
 * origins (CORS), the token is the user's own, and an app server that fetched any URL a visitor named would be
 * an open relay. The page's Content-Security-Policy decides which origins it may reach (server/csp.ts); a service
 * it blocks is said to be blocked, with what the operator can do.
 */
export function RemotePinsPanel({ network, client, known }: { network: Network; client: FilesClient; known: KnownFiles }) {
  const services = useSyncExternalStore(subscribePinningServices, pinningServicesSnapshot, () => noServices)
  const [chosen, setChosen] = useState<string | null>(null)
  const [adding, setAdding] = useState<Partial<PinningService> | null>(null)
  const selected = services.find((service) => service.id === chosen) ?? services[0] ?? null
  const suggested = suggestedService(network)
  const suggestionAdded = suggested !== null && services.some((service) => service.endpoint === suggested.endpoint)

  const addSuggested = () => {
    if (!suggested) return
    if (suggested.token === null) return setAdding({ name: suggested.name, endpoint: endpointUrl(suggested) })
    const id = newId()
    savePinningService({ id, name: suggested.name, endpoint: suggested.endpoint, token: '' })
    setChosen(id)
  }

  return (
    <Panel
      testId="remote-pinning"
      title={
        <span className="flex items-center gap-2">
          Remote pinning
          <Badge tone="neutral">Pinning Service API</Badge>
        </span>
      }
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {services.length > 0 && (
            <label className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span className="sr-only sm:not-sr-only">Service</span>
              <select
                value={selected?.id ?? ''}
                onChange={(event) => setChosen(event.target.value)}
                data-testid="remote-service-select"
                className={`${inputClass} h-8 w-auto py-0 text-[13px]`}
              >
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button size="sm" onClick={() => setAdding(adding ? null : {})} data-testid="remote-service-add" aria-expanded={adding !== null}>
            {adding ? 'Cancel' : 'Add a service'}
          </Button>
        </div>
      }
    >
      {adding && (
        <div className="border-b border-zinc-100 p-5 dark:border-zinc-800">
          <ServiceForm
            initial={adding}
            onSaved={(service) => {
              savePinningService(service)
              setChosen(service.id)
              setAdding(null)
            }}
          />
        </div>
      )}
      {suggested && !suggestionAdded && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 bg-zinc-50/60 px-5 py-3 dark:border-zinc-800 dark:bg-zinc-900/40" data-testid="remote-suggested">
          <WithIconTile icon={<DatabaseIcon className="size-4" />} size="sm">
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Suggested: {suggested.name}</p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              This file store’s own Pinning Service API, at <code className="font-mono">{suggested.endpoint}</code>
              {suggested.token === '' ? '; this server adds its access token.' : '; it takes the project secret as its access token.'}
            </p>
          </WithIconTile>
          <Button size="sm" tone="primary" onClick={addSuggested} data-testid="remote-suggested-add">
            Add it
          </Button>
        </div>
      )}
      {selected ? (
        <ServiceView key={selected.id} service={selected} network={network} client={client} known={known} />
      ) : (
        !adding && (
          <EmptyState icon={<PinIcon className="size-5" />} title="No pinning service yet" testId="remote-empty">
            <p>Add a service that speaks the IPFS Pinning Service API (its endpoint and your access token) to keep copies of this store’s content there.</p>
          </EmptyState>
        )
      )}
    </Panel>
  )
}

const noServices: readonly PinningService[] = []

const newId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/** The network's file store's own service: a path on this origin when the app server reaches the store (it adds the token). */
function suggestedService(network: Network): { name: string; endpoint: string; token: '' | null } | null {
  if (!network.ipfsUrl) return null
  const name = `${network.label} file store`
  if (network.endpoint === 'proxy') return { name, endpoint: `${new URL(network.ipfsUrl, window.location.href).pathname.replace(/\/+$/, '')}/pinning`, token: '' }
  return { name, endpoint: `${network.ipfsUrl.replace(/\/+$/, '')}/pinning`, token: null }
}

/** Name, endpoint and token; the token input is uncontrolled (read on submit), so it is never copied into React state. */
function ServiceForm({ initial, onSaved }: { initial: Partial<PinningService>; onSaved: (service: PinningService) => void }) {
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null)
  const ids = { name: useId(), endpoint: useId(), token: useId(), problem: useId() }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = parsePinningService({ id: newId(), name: form.get('name'), endpoint: form.get('endpoint'), token: form.get('token') ?? '' })
    if (!parsed.ok) return setProblem({ field: parsed.field, message: parsed.message })
    onSaved(parsed.service)
  }
  const invalid = (field: string) => ({ 'aria-invalid': problem?.field === field, 'aria-describedby': problem?.field === field ? ids.problem : undefined })
  return (
    <form onSubmit={submit} noValidate data-testid="remote-service-form" className="grid grid-cols-1 gap-3 md:grid-cols-[1fr_2fr_1.5fr_auto] md:items-end">
      <div>
        <label htmlFor={ids.name} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Name
        </label>
        <input id={ids.name} name="name" defaultValue={initial.name} placeholder="My pinning service" autoComplete="off" className={`${inputClass} mt-1`} data-testid="remote-service-name" {...invalid('name')} />
      </div>
      <div>
        <label htmlFor={ids.endpoint} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Endpoint
        </label>
        <input
          id={ids.endpoint}
          name="endpoint"
          defaultValue={initial.endpoint}
          placeholder="https://pinning.example/api/v1"
          autoComplete="off"
          spellCheck={false}
          className={`${inputClass} mt-1 font-mono text-[13px]`}
          data-testid="remote-service-endpoint"
          {...invalid('endpoint')}
        />
      </div>
      <div>
        <label htmlFor={ids.token} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Access token
        </label>
        <input id={ids.token} name="token" type="password" autoComplete="off" spellCheck={false} className={`${inputClass} mt-1 font-mono text-[13px]`} data-testid="remote-service-token" {...invalid('token')} />
      </div>
      <Button type="submit" tone="primary" data-testid="remote-service-save">
        Add service
      </Button>
      <p id={ids.problem} role={problem ? 'alert' : undefined} className="text-xs text-zinc-500 md:col-span-4 dark:text-zinc-400">
        {problem ? (
          <span className="text-red-600 dark:text-red-400" data-testid="remote-service-problem">
            {problem.field ? `${problem.field}: ` : ''}
            {problem.message}
          </span>
        ) : (
          'The endpoint is the part before /pins. The token is kept in this browser’s local storage and sent to that service only.'
        )}
      </p>
    </form>
  )
}

const statusTones: Record<RemotePinStatus, BadgeTone> = { queued: 'neutral', pinning: 'accent', pinned: 'success', failed: 'danger' }

function pinColumns(known: KnownFiles, onRemove: (pin: RemotePin) => void, removing: string | null): Column<RemotePin>[] {
  return [
    {
      key: 'content',
      header: 'Content',
      className: 'w-full max-w-0',
      cell: (pin) => {
        const name = pin.name ?? known[pin.cid]?.name ?? null
        return (
          <WithIconTile icon={<PinIcon className="size-4" />} size="sm">
            {name && <p className="truncate font-medium text-zinc-900 dark:text-zinc-100">{name}</p>}
            <div className="flex min-w-0 items-center gap-0.5">
              <code data-testid="remote-pin-cid" className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={pin.cid}>
                {pin.cid}
              </code>
              <CopyButton value={pin.cid} label="Copy CID" />
            </div>
            {/* A narrow screen has no status column: the status goes under the CID. */}
            <div className="mt-1 sm:hidden">
              <PinStatusCell pin={pin} />
            </div>
          </WithIconTile>
        )
      },
    },
    {
      key: 'status',
      header: 'Status',
      showFrom: 'sm',
      cell: (pin) => (
        <div className="w-56 lg:w-72" data-testid="remote-pin-status" data-status={pin.status}>
          <PinStatusCell pin={pin} />
        </div>
      ),
    },
    {
      key: 'created',
      header: 'Requested',
      showFrom: 'md',
      className: 'whitespace-nowrap text-xs text-zinc-500 tabular-nums dark:text-zinc-400',
      cell: (pin) => <time dateTime={pin.created}>{new Date(pin.created).toLocaleString()}</time>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (pin) => (
        <Button size="sm" onClick={() => onRemove(pin)} disabled={removing === pin.requestid} data-testid="remote-pin-remove" aria-label={`Remove the pin of ${pin.name ?? pin.cid}`}>
          <UnpinIcon className="size-3.5" />
          <span className="hidden md:inline">{removing === pin.requestid ? 'Removing…' : 'Remove'}</span>
        </Button>
      ),
    },
  ]
}

/** A pin's status, and while it waits or once it failed, why (the service's status_details). */
function PinStatusCell({ pin }: { pin: RemotePin }) {
  return (
    <>
      <Badge tone={statusTones[pin.status]}>{pin.status}</Badge>
      {pin.details && pin.status !== 'pinned' && (
        <p className={`mt-1 line-clamp-2 whitespace-normal text-xs ${pin.status === 'failed' ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400'}`} title={pin.details}>
          {pin.details}
        </p>
      )}
    </>
  )
}

/** One CID text for any spelling of it (v0, v1, any base), to tell what a service already holds. */
const sameCid = (cid: string) => toV1Base32(cid) ?? cid

function ServiceView({ service, network, client, known }: { service: PinningService; network: Network; client: FilesClient; known: KnownFiles }) {
  const queryClient = useQueryClient()
  const remote = usePinningClient(service) as PinningClient
  const pins = useQuery(remotePinsQuery(remote))
  const localPins = useQuery(pinsQuery(network, client))
  const peer = useQuery(peerQuery(network, client))
  const refresh = () => queryClient.invalidateQueries({ queryKey: remotePinsKey(remote) })
  // Kubo's `pin remote add` sends its own node's addresses as origins, so the service can fetch from it at once.
  const origins = peer.data?.addresses.slice(0, 20) ?? []

  const remove = useMutation({ mutationFn: (pin: RemotePin) => remote.remove(pin.requestid), onSettled: refresh })
  const mirror = useMutation({
    mutationFn: async () => {
      const held = new Set((await remote.list(['queued', 'pinning', 'pinned'])).pins.map((pin) => sameCid(pin.cid)))
      const local = (localPins.data ?? (await client.pinLs())).filter((pin) => pin.type === 'recursive')
      const wanted = local.filter((pin) => !held.has(sameCid(pin.cid)))
      for (const pin of wanted) await remote.add({ cid: pin.cid, name: known[pin.cid]?.name, origins })
      return { sent: wanted.length, local: local.length }
    },
    onSettled: refresh,
  })
  const columns = useMemo(() => pinColumns(known, (pin) => remove.mutate(pin), remove.isPending ? (remove.variables?.requestid ?? null) : null), [known, remove])
  const list = pins.data?.pins
  const counts = useMemo(() => {
    const out: Record<RemotePinStatus, number> = { queued: 0, pinning: 0, pinned: 0, failed: 0 }
    for (const pin of list ?? []) out[pin.status]++
    return out
  }, [list])

  return (
    <div data-testid="remote-service" data-service={service.name}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
        <div className="min-w-0">
          <p className="truncate font-medium text-zinc-900 dark:text-zinc-100">{service.name}</p>
          <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400" title={endpointUrl(service)}>
            {endpointUrl(service)}
            <span className="font-sans"> · {service.token === '' ? (service.endpoint.startsWith('/') ? 'token added by this server' : 'no token') : 'token kept in this browser'}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {list && (
            <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="remote-pin-counts">
              {counts.pinned} pinned{counts.queued + counts.pinning > 0 ? ` · ${counts.queued + counts.pinning} under way` : ''}
              {counts.failed > 0 ? ` · ${counts.failed} failed` : ''}
            </span>
          )}
          <Button size="sm" tone="ghost" onClick={() => void refresh()} aria-label="Ask the service again">
            <RefreshIcon className="size-3.5" />
          </Button>
          <Button size="sm" tone="ghost" onClick={() => removePinningService(service.id)} data-testid="remote-service-remove">
            Remove service
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 border-y border-zinc-100 bg-zinc-50/60 px-5 py-4 md:grid-cols-[1fr_auto] md:items-start dark:border-zinc-800 dark:bg-zinc-900/40">
        <RemotePinForm remote={remote} origins={origins} known={known} onPinned={refresh} />
        <div className="md:pt-6">
          <Button onClick={() => mirror.mutate()} disabled={mirror.isPending || !localPins.data} data-testid="remote-mirror" className="w-full md:w-auto">
            <PinIcon className="size-4" />
            {mirror.isPending ? 'Mirroring…' : 'Mirror local pins'}
          </Button>
          <p className="mt-2 min-h-5 text-xs text-zinc-500 md:max-w-56 dark:text-zinc-400" aria-live="polite" data-testid="remote-mirror-result">
            {mirror.isSuccess
              ? mirror.data.local === 0
                ? 'This store has no local pins to mirror.'
                : mirror.data.sent === 0
                ? 'Every local pin is already there.'
                : `${mirror.data.sent} local pin${mirror.data.sent === 1 ? '' : 's'} sent to ${service.name}.`
              : `Sends every recursive pin of this store that ${service.name} does not hold yet.`}
          </p>
        </div>
      </div>
      {(mirror.error || remove.error) && (
        <div className="px-5 pt-4">
          <PinningErrorNotice error={mirror.error ?? remove.error} testId="remote-action-error" />
        </div>
      )}
      {pins.error && !pins.data ? (
        <div className="p-5">
          <PinningErrorNotice error={pins.error} onRetry={() => void pins.refetch()} testId="remote-pins-error" />
        </div>
      ) : (
        <DataTable
          caption={`Pins on ${service.name}`}
          columns={columns}
          rows={list}
          rowKey={(pin) => pin.requestid}
          rowData={rowData}
          testId="remote-pins"
          rowTestId="remote-pin"
          empty={
            <EmptyState icon={<PinIcon className="size-5" />} title={`Nothing pinned on ${service.name} yet`} testId="remote-pins-empty">
              <p>Pin a CID above, or mirror this store’s pins.</p>
            </EmptyState>
          }
        />
      )}
      {pins.data && pins.data.count > pins.data.pins.length && (
        <p className="px-5 py-3 text-xs text-zinc-500 dark:text-zinc-400">
          The newest {pins.data.pins.length} of {pins.data.count} pins.
        </p>
      )}
    </div>
  )
}

const rowData = (pin: RemotePin) => ({ 'data-cid': pin.cid, 'data-status': pin.status })

function RemotePinForm({ remote, origins, known, onPinned }: { remote: PinningClient; origins: string[]; known: KnownFiles; onPinned: () => void }) {
  const field = useCidField()
  const [name, setName] = useState('')
  const ids = { cid: useId(), name: useId(), message: useId() }
  const pin = useMutation({
    mutationFn: (cid: string) => remote.add({ cid, name: name.trim() || known[cid]?.name, origins }),
    onSuccess: () => {
      field.clear()
      setName('')
      onPinned()
    },
  })
  const { problem } = field
  const submit = (event: FormEvent) => {
    pin.reset()
    field.submit(event, (cid) => pin.mutate(cid))
  }
  return (
    <form onSubmit={submit} noValidate data-testid="remote-pin-form">
      <label htmlFor={ids.cid} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        Pin a CID on this service
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={ids.cid}
          value={field.value}
          onChange={(event) => field.change(event.target.value)}
          placeholder="Qm… or bafy…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={ids.message}
          data-testid="remote-pin-cid-input"
          className={`${inputClass} font-mono text-[13px] sm:flex-[2]`}
        />
        <label htmlFor={ids.name} className="sr-only">
          Name (optional)
        </label>
        <input id={ids.name} value={name} onChange={(event) => setName(event.target.value)} placeholder="Name (optional)" autoComplete="off" className={`${inputClass} text-[13px] sm:flex-1`} />
        <Button type="submit" tone="primary" disabled={pin.isPending} data-testid="remote-pin-submit">
          <PinIcon className="size-4" />
          {pin.isPending ? 'Sending…' : 'Pin'}
        </Button>
      </div>
      <div id={ids.message} className="mt-2 min-h-5 text-xs" aria-live="polite">
        {problem ? (
          <p className="text-red-600 dark:text-red-400" data-testid="remote-pin-problem">
            {problem}
          </p>
        ) : pin.error ? (
          <PinningErrorNotice error={pin.error} testId="remote-pin-error" compact />
        ) : pin.isSuccess ? (
          <p className="break-all text-emerald-700 dark:text-emerald-400">
            Requested: {pin.data.cid} is {pin.data.status}.
          </p>
        ) : (
          <p className="text-zinc-500 dark:text-zinc-400">The service fetches it from this store’s IPFS peer, which the request names as its origin.</p>
        )}
      </div>
    </form>
  )
}

/** A pinning service's refusal or silence: what happened, what it said, what to do, and whether this page's policy was in the way. */
function PinningErrorNotice({ error, onRetry, testId, compact = false }: { error: unknown; onRetry?: () => void; testId: string; compact?: boolean }) {
  useSyncExternalStore(subscribePolicyBlocks, policyBlocksVersion, policyBlocksVersion)
  const known = error instanceof PinningServiceError ? error : null
  const blocked = known?.kind === 'unreachable' && blockedByPolicy(known.url)
  return (
    <div role="alert" data-testid={testId} className={`flex gap-3 rounded-xl bg-red-50/70 text-sm ring-1 ring-red-200 dark:bg-red-950/30 dark:ring-red-900/60 ${compact ? 'p-3' : 'p-4'}`}>
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500 dark:text-red-400" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-red-900 dark:text-red-200">{known?.title ?? 'Something went wrong'}</p>
        {known && (known.status !== null || known.details) && (
          <p className="mt-1 break-words font-mono text-xs text-red-800/90 dark:text-red-300/90" data-testid={`${testId}-said`}>
            {[known.status !== null ? `HTTP ${known.status}` : '', known.reason ?? '', known.details].filter(Boolean).join(' · ')}
          </p>
        )}
        {!known && <p className="mt-1 break-words font-mono text-xs text-red-800/90 dark:text-red-300/90">{error instanceof Error ? error.message : String(error)}</p>}
        <p className="mt-1.5 text-red-900/80 dark:text-red-200/80">
          {blocked ? (
            <>
              This deployment’s Content-Security-Policy does not allow connections to <code className="font-mono">{new URL(known.url).origin}</code>, so the browser refused before
              sending anything. The operator can add the origin to <code className="font-mono">CHAINGLASS_CSP_CONNECT_SRC</code>.
            </>
          ) : (
            (known?.hint ?? 'Reload the page; if it happens again, the details above help a bug report.')
          )}
        </p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="mt-3 rounded-lg bg-white px-3 py-1.5 text-xs font-medium text-red-900 shadow-sm ring-1 ring-red-200 transition hover:bg-red-50 dark:bg-red-950 dark:text-red-100 dark:ring-red-800 dark:hover:bg-red-900"
          >
            Try again
          </button>
        )}
      </div>
    </div>
  )
}
