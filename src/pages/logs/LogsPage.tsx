import { useEffect, useMemo, type ReactNode } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { formatInteger } from '../../format/numbers.ts'
import { createLogSearch, useRunningSearch } from '../../queries/logSearch.ts'
import { useConnectionStatus } from '../../queries/connectionStatus.ts'
import { useLinkNetwork, useNetwork } from '../../ui/networks/NetworkContext.tsx'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useHead } from '../../queries/head.ts'
import { AlertIcon } from '../../ui/icons.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { useNow } from '../../ui/useNow.ts'
import { toolPath, withNetwork } from '../../urls.ts'
import { createDecoder, parseEventDefinitions } from './eventDecoder.ts'
import { useNames } from '../../queries/names.ts'
import { download, logsToCsv, logsToJson } from './exportLogs.ts'
import { LogFilterForm } from './LogFilterForm.tsx'
import { canFollow, hasFilter, hasRangeConflict, logSearchParams, parseLogQuery, rangeConflictMessage, readLogForm, type LogFormValues, type LogQuery } from '../../logs/logQuery.ts'
import type { LogSearch, LogSearchSnapshot } from '../../logs/logSearch.ts'
import { LogsErrorPanel } from './LogsErrorPanel.tsx'
import { LogsTable } from './LogsTable.tsx'
import { Button } from '../../ui/Button.tsx'
import { DownloadIcon, ListIcon } from '../../ui/pageIcons.tsx'
import { SearchProgress } from './SearchProgress.tsx'


/**
 * The search a URL describes, run while the page shows it. Keyed by the filter's canonical query string, so
 * the same filter is one search however the URL was typed; follow mode is not part of the key (turning it on
 * or off keeps the rows).
 */
function useLogSearch(network: AppNetwork, key: string | null, follow: boolean): { search: LogSearch | null; snapshot: LogSearchSnapshot | null } {
  const search = useMemo(() => {
    if (key === null) return null
    const parsed = parseLogQuery(readLogForm(new URLSearchParams(key)))
    return parsed.ok ? createLogSearch(network, parsed.query) : null
  }, [network, key])
  const snapshot = useRunningSearch(search)
  useEffect(() => {
    search?.setFollow(follow)
  }, [search, follow])
  return { search, snapshot }
}

function FollowSwitch({ on, available, reason, state, onChange }: { on: boolean; available: boolean; reason: string; state: 'off' | 'waiting' | 'live' | 'failed' | 'connecting'; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled={!available}
      title={available ? 'Subscribe (eth_subscribe logs) with the same filter and append new logs as blocks arrive' : reason}
      data-testid="logs-follow"
      data-state={state}
      onClick={() => onChange(!on)}
      className="inline-flex h-9 items-center gap-2.5 rounded-lg px-3 text-sm font-medium text-zinc-700 ring-1 ring-inset ring-zinc-200 transition hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-800"
    >
      <span className={`relative inline-flex h-4.5 w-8 shrink-0 items-center rounded-full transition ${on ? 'bg-accent-600 dark:bg-accent-500' : 'bg-zinc-200 dark:bg-zinc-700'}`}>
        <span className={`inline-block size-3.5 rounded-full bg-white shadow transition ${on ? 'translate-x-4' : 'translate-x-0.5'}`} />
      </span>
      Follow
      {on && state === 'live' && (
        <span className="flex items-center gap-1.5 text-xs font-medium text-emerald-600 dark:text-emerald-400">
          <span className="inline-flex size-2 rounded-full bg-emerald-500" />
          live
        </span>
      )}
      {on && state === 'connecting' && <span className="text-xs text-amber-600 dark:text-amber-400">connecting…</span>}
    </button>
  )
}

function Notice({ tone, children, testId }: { tone: 'amber' | 'zinc'; children: ReactNode; testId: string }) {
  const tones = {
    amber: 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900',
    zinc: 'bg-zinc-50 text-zinc-700 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-800',
  }
  return (
    <div role="status" data-testid={testId} className={`flex gap-2.5 rounded-xl p-4 text-sm ring-1 ring-inset ${tones[tone]}`}>
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  )
}

function fileBase(network: AppNetwork, snapshot: LogSearchSnapshot): string {
  const range = snapshot.range ? (snapshot.range.from === snapshot.range.to ? `block-${snapshot.range.from}` : `blocks-${snapshot.range.from}-${snapshot.range.to}`) : 'logs'
  return `logs-${network.name}-${range}`
}

function Results({ network, query, values, search, snapshot, onFollow }: { network: AppNetwork; query: LogQuery; values: LogFormValues; search: LogSearch; snapshot: LogSearchSnapshot; onFollow: (on: boolean) => void }) {
  const now = useNow()
  const socket = useConnectionStatus(network)
  const names = useNames(network)
  const decode = useMemo(() => createDecoder(parseEventDefinitions(values.events).events, names ? (topic) => names.eventCandidates(topic) : undefined), [values.events, names])
  const running = snapshot.phase === 'resolving' || snapshot.phase === 'scanning'
  const followable = canFollow(query)
  const followState = snapshot.follow.status === 'live' && socket.state !== 'open' ? 'connecting' : snapshot.follow.status
  const exportRows = () => snapshot.rows.map((row) => ({ log: row.log, removed: row.removed }))

  return (
    <div className="space-y-4">
      <SearchProgress snapshot={snapshot} now={now} onCancel={() => search.cancel()} onRerun={() => search.start()} />

      {snapshot.phase === 'failed' && <LogsErrorPanel error={snapshot.error} onRetry={() => search.start()} />}
      {snapshot.phase === 'done' && snapshot.stoppedAtCap && (
        <Notice tone="amber" testId="logs-cap-notice">
          <p className="font-semibold">Stopped at {formatInteger(query.cap)} logs, the cap for one search.</p>
          <p className="mt-0.5">
            The list holds the first {formatInteger(query.cap)} in block order
            {snapshot.progress ? `, through block ${formatInteger((snapshot.range?.from ?? 0n) + snapshot.progress.blocksCovered - 1n)}` : ''}. Narrow the filter, or raise the cap under “Decoding and limits”, to read further.
          </p>
        </Notice>
      )}
      {snapshot.phase === 'cancelled' && (
        <Notice tone="zinc" testId="logs-cancelled-notice">
          Cancelled: every request was stopped. The {formatInteger(snapshot.count)} {snapshot.count === 1 ? 'log' : 'logs'} found before then {snapshot.count === 1 ? 'is' : 'are'} listed below.
        </Notice>
      )}
      {snapshot.follow.status === 'failed' && (
        <Notice tone="amber" testId="logs-follow-error">
          Follow mode stopped: the network did not accept the logs subscription ({snapshot.follow.error instanceof Error ? snapshot.follow.error.message : String(snapshot.follow.error)}).
        </Notice>
      )}

      {!(snapshot.phase === 'failed' && snapshot.rows.length === 0) && (
        <Panel
          title={
            <span className="flex items-baseline gap-2">
              <span data-testid="logs-count" data-count={snapshot.count} className="text-base tabular-nums">
                {formatInteger(snapshot.count)} {snapshot.count === 1 ? 'log' : 'logs'}
              </span>
              {running && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">so far</span>}
              {snapshot.removedCount > 0 && (
                <span className="text-xs font-normal text-red-600 dark:text-red-400" data-testid="logs-removed-count">
                  + {formatInteger(snapshot.removedCount)} removed by reorgs
                </span>
              )}
              {snapshot.follow.status === 'live' && snapshot.follow.added > 0 && (
                <span className="text-xs font-normal text-emerald-600 dark:text-emerald-400" data-testid="logs-live-count">
                  {formatInteger(snapshot.follow.added)} live
                </span>
              )}
            </span>
          }
          actions={
            <div className="flex flex-wrap items-center gap-2">
              <FollowSwitch
                on={values.follow}
                available={followable}
                reason={query.range.kind === 'hash' ? 'Follow mode needs a block range ending at latest: a block hash names one block that never grows.' : 'Follow mode needs toBlock latest: new logs arrive after the head, past a fixed toBlock.'}
                state={values.follow ? (snapshot.phase === 'done' ? followState : 'waiting') : 'off'}
                onChange={onFollow}
              />
              <Button disabled={snapshot.rows.length === 0} onClick={() => download(logsToCsv(exportRows(), decode), `${fileBase(network, snapshot)}.csv`, 'text/csv')} data-testid="logs-export-csv">
                <DownloadIcon className="size-4" />
                CSV
              </Button>
              <Button disabled={snapshot.rows.length === 0} onClick={() => download(logsToJson(exportRows(), decode), `${fileBase(network, snapshot)}.json`, 'application/json')} data-testid="logs-export-json">
                <DownloadIcon className="size-4" />
                JSON
              </Button>
            </div>
          }
        >
          <LogsTable
            rows={snapshot.rows}
            decode={decode}
            loading={running}
            empty={
              snapshot.phase === 'done' ? (
                <span data-testid="logs-none">No log matches this filter{snapshot.range && snapshot.range.from !== snapshot.range.to ? ` in blocks ${formatInteger(snapshot.range.from)} – ${formatInteger(snapshot.range.to)}` : ''}.{values.follow ? ' Following: new ones appear here as they are mined.' : ''}</span>
              ) : (
                'No logs.'
              )
            }
          />
        </Panel>
      )}
    </div>
  )
}

function Welcome({ examples }: { examples: Array<{ label: string; values: Partial<LogFormValues> }> }) {
  const navigate = useNavigate()
  const linkNetwork = useLinkNetwork()
  return (
    <Panel className="flex flex-col items-center px-6 py-12 text-center" testId="logs-welcome">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-50 text-accent-600 dark:bg-accent-950/60 dark:text-accent-300">
        <ListIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-zinc-900 dark:text-zinc-100">Search any range, however many logs it holds</h2>
      <p className="mt-1 max-w-xl text-sm text-zinc-500 dark:text-zinc-400">
        The node answers at most 10,000 logs per request (-32005). The search splits what it refuses, reads the pieces a few at a time and merges them in block order, so the whole range arrives, with nothing missed and nothing twice. The URL holds the filter: share it, bookmark it.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {examples.map((example) => (
          <Button key={example.label} onClick={() => navigate(withNetwork(toolPath('logs', logSearchParams({ ...readLogForm(new URLSearchParams()), ...example.values })), linkNetwork))}>
            {example.label}
          </Button>
        ))}
      </div>
    </Panel>
  )
}

/** /logs: the spec's log filter as a form, results streamed into a virtualized table, follow mode, export. */
export function LogsPage() {
  const network = useNetwork()
  const navigate = useNavigate()
  const linkNetwork = useLinkNetwork()
  const [searchParams] = useSearchParams()
  const head = useHead(network).data
  const values = useMemo(() => readLogForm(searchParams), [searchParams])
  const parsed = useMemo(() => parseLogQuery(values), [values])
  const runnable = hasFilter(values) && parsed.ok
  const key = runnable ? logSearchParams({ ...values, follow: false, events: '' }).toString() : null
  const { search, snapshot } = useLogSearch(network, key, values.follow)
  const conflict = hasRangeConflict(values)

  const go = (next: LogFormValues, replace = false) => {
    const to = withNetwork(toolPath('logs', logSearchParams(next)), linkNetwork)
    const current = withNetwork(toolPath('logs', logSearchParams(values)), linkNetwork)
    // The same filter again: run it again (the URL does not change, so nothing else would).
    if (to === current && !replace) search?.start()
    else void navigate(to, { replace })
  }

  return (
    <div className="space-y-6">
      <PageHeader
        kicker="Chain tools"
        title="Logs"
        subtitle={`eth_getLogs on ${network.label}: any block range, split where the node refuses it, merged in block order.`}
      />
      <LogFilterForm key={logSearchParams({ ...values, follow: false }).toString()} initial={values} head={head?.number ? BigInt(head.number) : null} onSubmit={(next) => go(next)} />

      {conflict ? (
        <Panel className="p-5" testId="logs-url-conflict">
          <div role="alert" className="flex gap-3 text-sm">
            <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-500" />
            <div>
              <p className="font-semibold text-zinc-900 dark:text-zinc-100">This link asks for a block range and a block hash at once: nothing was searched.</p>
              <p className="mt-1 text-zinc-600 dark:text-zinc-400">{rangeConflictMessage}</p>
            </div>
          </div>
        </Panel>
      ) : !hasFilter(values) ? (
        <Welcome
          examples={[
            { label: 'Every ERC-20/721 Transfer, whole chain', values: { topic0: 'Transfer(address,address,uint256)', fromBlock: '0', toBlock: 'latest' } },
            { label: 'Every log in the latest block', values: { fromBlock: 'latest', toBlock: 'latest' } },
            { label: 'Approvals, live', values: { topic0: 'Approval(address,address,uint256)|ApprovalForAll(address,address,bool)', fromBlock: 'latest', follow: true } },
          ]}
        />
      ) : !parsed.ok ? (
        <Panel className="p-5" testId="logs-invalid">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">The filter in this link has a problem (shown above, under its field); fix it and search again.</p>
        </Panel>
      ) : (
        search &&
        snapshot && <Results network={network} query={parsed.query} values={values} search={search} snapshot={snapshot} onFollow={(on) => go({ ...values, follow: on }, true)} />
      )}
    </div>
  )
}
