import { useQuery } from '@tanstack/react-query'
import type { Abi, Hex } from 'viem'
import { calledFunction } from '../../evm/names/calldata.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { tracingSupportQuery } from '../../networks/tracing.ts'
import { useNames } from '../../queries/names.ts'
import { simulationQuery, type Simulation, type SimulatedLog } from '../../queries/simulation.ts'
import type { Log } from '../../rpc/schemas.ts'
import { Badge } from '../../ui/Badge.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { CallTreeView } from '../../ui/trace/CallTreeView.tsx'
import { StateChangesView } from '../../ui/trace/StateChangesView.tsx'
import { LogsPanel } from '../tx/LogsPanel.tsx'
import type { BuiltCall } from './callParams.ts'
import { CallSuccess, SentRequest } from './CallResult.tsx'
import { RevertDetails } from './RevertDetails.tsx'

type Ran = Extract<BuiltCall, { ok: true }>

/** Simulated logs as the logs panel reads logs: in no block, numbered in the order they were emitted. */
function asLogs(logs: readonly SimulatedLog[]): Log[] {
  return logs.map((log, index) => ({ ...log, removed: false, logIndex: `0x${index.toString(16)}`, transactionIndex: null, transactionHash: null, blockHash: null, blockNumber: null }))
}

function Unavailable({ what, said, testId }: { what: string; said: string; testId: string }) {
  return (
    <p className="px-5 py-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid={testId}>
      No {what}: {said}.
    </p>
  )
}

function overridesText(ran: Ran): string {
  const accounts = Object.keys(ran.overrides.state ?? {}).length
  const block = Object.keys(ran.overrides.block ?? {})
  const parts = [accounts > 0 ? `state overrides on ${accounts} account${accounts === 1 ? '' : 's'}` : null, block.length > 0 ? `block overrides (${block.join(', ')})` : null].filter(Boolean)
  return parts.length > 0 ? `, with ${parts.join(' and ')}` : ''
}

function SimulationBody({ network, ran, simulation, abi }: { network: AppNetwork; ran: Ran; simulation: Simulation; abi: Abi }) {
  const names = useNames(network)
  const { outcome, trace, diff, logs } = simulation
  const first = [ran.request.from, ran.request.to].filter((address): address is Hex => typeof address === 'string')
  // The builder's ABI first; else the function any ABI the app knows decodes the input with (a transaction opened here).
  const known = ran.request.data && ran.request.to ? calledFunction(ran.request.data, names, ran.request.to) : null
  const returnsAbi: Abi = known ? [...abi, known] : abi
  return (
    <div className="space-y-6" data-testid="simulation" data-via={simulation.via} data-status={outcome.status}>
      <Panel
        title="Simulated outcome"
        testId="simulation-outcome"
        actions={
          <Badge tone={outcome.status === 'success' ? 'success' : 'danger'} testId="simulation-status">
            {outcome.status === 'success' ? 'succeeded' : 'reverted'}
          </Badge>
        }
      >
        <p className="px-5 pt-4 text-sm text-zinc-600 dark:text-zinc-400" data-testid="simulation-via">
          Simulated with {simulation.via === 'eth_simulateV1' ? 'eth_simulateV1' : 'eth_call (this node has no eth_simulateV1)'} on block {String(ran.block)}
          {overridesText(ran)}. Nothing was sent to the chain.
          {simulation.gasUsed !== null && (
            <>
              {' '}
              Gas used: <span data-testid="simulation-gas" data-value={simulation.gasUsed.toString(10)}>{formatInteger(simulation.gasUsed)}</span>.
            </>
          )}
        </p>
        {outcome.status === 'success' ? (
          <CallSuccess result={outcome.returned} request={ran.request} abi={returnsAbi} />
        ) : (
          <RevertDetails node={{ message: outcome.message, code: 3 }} data={outcome.data} abi={[...abi, ...(names?.errorsAbi() ?? [])]} />
        )}
      </Panel>
      {'unavailable' in logs ? (
        <Panel title="Logs">
          <Unavailable what="logs" said={logs.unavailable} testId="simulation-logs-unavailable" />
        </Panel>
      ) : (
        <LogsPanel network={network} logs={asLogs(logs)} />
      )}
      <Panel title="Call trace (simulated)" testId="simulation-trace">
        {'unavailable' in trace ? <Unavailable what="call trace" said={trace.unavailable} testId="simulation-trace-unavailable" /> : <CallTreeView tree={trace} names={names} idPrefix="simulated-trace" />}
      </Panel>
      <Panel title="State changes (simulated)" testId="simulation-state">
        {'unavailable' in diff ? <Unavailable what="state changes" said={diff.unavailable} testId="simulation-state-unavailable" /> : <StateChangesView network={network} names={names} diff={diff} first={first} logs={'unavailable' in logs ? undefined : logs} blockNumber={null} />}
      </Panel>
    </div>
  )
}

/**
 * A simulated call (the console's Simulate, and a transaction's "Simulate with changes"): the return value or
 * revert, the logs, the call trace and the state changes, each labelled simulated, each from the best the node
 * offers, and what it lacks said in its place.
 */
export default function SimulationResult({ network, ran, abi, run, onRunAgain }: { network: AppNetwork; ran: Ran; abi: Abi; run: number; onRunAgain: () => void }) {
  const support = useQuery(tracingSupportQuery(network))
  const simulation = useQuery({ ...simulationQuery(network, ran.request, ran.block, ran.overrides, support.data, run), enabled: support.data !== undefined })
  const error = support.error ?? simulation.error
  return (
    <div className="space-y-6">
      <Panel
        title={
          <span>
            Simulation <Badge tone="warning">simulated</Badge>
          </span>
        }
        testId="call-panel"
        actions={
          <button type="button" onClick={onRunAgain} disabled={simulation.isFetching} className="rounded-md px-2 py-1 text-xs font-medium text-accent-600 transition hover:bg-accent-50 disabled:opacity-50 dark:text-accent-400 dark:hover:bg-accent-950/50" data-testid="call-again">
            {simulation.isFetching ? 'Running…' : 'Run again'}
          </button>
        }
      >
        {error ? (
          <div className="p-5" data-testid="simulation-error">
            <ErrorPanel error={error} compact />
          </div>
        ) : simulation.isPending ? (
          <InfoListSkeleton rows={3} />
        ) : null}
        <SentRequest method={simulation.data?.via ?? 'eth_simulateV1'} request={ran.request} block={ran.block} overrides={ran.overrides} />
      </Panel>
      {simulation.data && <SimulationBody network={network} ran={ran} simulation={simulation.data} abi={abi} />}
    </div>
  )
}
