import { formatInteger } from '../../format/numbers.ts'
import { AlertIcon, CheckIcon } from '../../ui/icons.tsx'
import { ClockIcon, RefreshIcon, StopIcon } from '../../ui/pageIcons.tsx'
import { Panel } from '../../ui/Panel.tsx'
import type { LogSearchSnapshot } from '../../logs/logSearch.ts'
import { Button } from '../../ui/Button.tsx'
import { ProgressBar } from '../../ui/ProgressBar.tsx'

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-semibold tabular-nums text-zinc-900 dark:text-zinc-100" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`
}

/** Whole-number percent of blocks covered, floored so 100 % means every block. */
function percent(covered: bigint, total: bigint): number {
  if (total <= 0n) return 0
  return Number((covered * 100n) / total)
}

/**
 * The scan as it runs: blocks covered of the range, logs found, requests sent (a -32005 costs one), with
 * Cancel; when it ends, the same numbers as a summary and a way to run it again.
 */
export function SearchProgress({ snapshot, now, onCancel, onRerun }: { snapshot: LogSearchSnapshot; now: number; onCancel: () => void; onRerun: () => void }) {
  const { phase, progress, range } = snapshot
  const running = phase === 'resolving' || phase === 'scanning'
  const covered = progress?.blocksCovered ?? 0n
  const total = progress?.totalBlocks ?? 0n
  const share = phase === 'done' ? 100 : percent(covered, total)
  const elapsed = (snapshot.finishedAt ?? now) - snapshot.startedAt
  const span = range === null ? 'the block' : range.from === range.to ? `block ${formatInteger(range.from)}` : `blocks ${formatInteger(range.from)} – ${formatInteger(range.to)}`
  const title =
    phase === 'resolving'
      ? 'Resolving the block range…'
      : running
        ? `Searching ${span}`
        : phase === 'failed'
          ? `The search of ${span} failed`
          : phase === 'cancelled'
            ? `Cancelled the search of ${span}`
            : `Searched ${span}`
  const status = phase === 'done' ? (snapshot.stoppedAtCap ? 'Stopped at the cap' : 'Complete') : phase === 'cancelled' ? 'Cancelled' : phase === 'failed' ? 'Failed' : `${share} %`

  return (
    <Panel testId="logs-progress" className="p-5">
      <div data-phase={phase} data-testid="logs-progress-state" className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className={`flex size-9 shrink-0 items-center justify-center rounded-xl ${
              running
                ? 'bg-accent-50 text-accent-600 dark:bg-accent-950/60 dark:text-accent-300'
                : phase === 'done' && !snapshot.stoppedAtCap
                  ? 'bg-emerald-50 text-emerald-600 dark:bg-emerald-950/50 dark:text-emerald-300'
                  : phase === 'failed'
                    ? 'bg-red-50 text-red-600 dark:bg-red-950/50 dark:text-red-300'
                    : 'bg-amber-50 text-amber-600 dark:bg-amber-950/50 dark:text-amber-300'
            }`}
          >
            {running ? (
              // The pulse on a box, not on the <svg>: Chromium runs an SVG element's animation on the main thread,
              // a style, paint and commit every frame of the scan; a box's opacity animates on the compositor.
              <span className="flex motion-safe:animate-pulse">
                <ClockIcon className="size-4.5" />
              </span>
            ) : phase === 'done' && !snapshot.stoppedAtCap ? (
              <CheckIcon className="size-4.5" />
            ) : phase === 'cancelled' ? (
              <StopIcon className="size-4" />
            ) : (
              <AlertIcon className="size-4.5" />
            )}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100" data-testid="logs-progress-title">
              {title}
            </p>
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              <span data-testid="logs-progress-status">{status}</span>
              {progress && progress.refused > 0 && (
                <span data-testid="logs-progress-refused">
                  {' '}
                  · {formatInteger(progress.refused)} {progress.refused === 1 ? 'range' : 'ranges'} the node refused {phase === 'cancelled' ? 'split, the search cancelled before all were read' : 'split and read again'}
                </span>
              )}
            </p>
          </div>
        </div>
        {running ? (
          <Button tone="stop" onClick={onCancel} data-testid="logs-cancel">
            <StopIcon className="size-3.5" />
            Cancel
          </Button>
        ) : (
          <Button onClick={onRerun} data-testid="logs-rerun">
            <RefreshIcon className="size-4" />
            Search again
          </Button>
        )}
      </div>

      <ProgressBar share={share} tone={phase === 'failed' ? 'failed' : phase === 'cancelled' || snapshot.stoppedAtCap ? 'stopped' : phase === 'done' ? 'done' : 'running'} label="Blocks covered" testId="logs-progress-bar" className="mt-4 h-2" />

      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Stat label="Blocks covered" value={progress ? `${formatInteger(covered)} of ${formatInteger(total)}` : '—'} testId="logs-blocks-covered" />
        <Stat label="Logs found" value={formatInteger(progress?.logsFound ?? snapshot.count)} testId="logs-found" />
        <Stat label="Requests" value={progress ? `${formatInteger(progress.requests)}${running && progress.inFlight > 0 ? ` · ${progress.inFlight} in flight` : ''}` : '—'} testId="logs-requests" />
        <Stat label="Time" value={seconds(Math.max(0, elapsed))} testId="logs-elapsed" />
      </dl>
    </Panel>
  )
}
