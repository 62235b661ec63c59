import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { Abi, Hex } from 'viem'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useNames } from '../../queries/names.ts'
import { RpcError } from '../../rpc/errors.ts'
import type { CallRequest, StateBlock } from '../../rpc/methods.ts'
import { consoleQuery, type ConsoleMethod } from '../../queries/callConsole.ts'
import { Badge } from '../../ui/Badge.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { GaugeIcon } from '../../ui/pageIcons.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { decodeReturn, type DecodedValue } from '../../evm/abiValues.ts'
import { functionForCalldata, functionKey, returnWords } from './abiInput.ts'
import type { BuiltCall } from './callParams.ts'
import { callParams, simulateParams, type Overrides } from '../../rpc/overrides.ts'
import { ChainText, ResultList, ResultRow } from './formParts.tsx'
import { RevertDetails } from './RevertDetails.tsx'
import { isRevertError, revertPayload } from '../../evm/failure.ts'

/** What was sent, as the JSON-RPC params (the endpoint and key are not shown: they are the network's). */
export function SentRequest({ method, request, block, overrides }: { method: ConsoleMethod | 'eth_simulateV1'; request: CallRequest; block: StateBlock; overrides?: Overrides }) {
  // The params exactly as the RPC client builds them.
  const params = method === 'eth_simulateV1' ? simulateParams(request, block, overrides) : callParams(request, block, overrides)
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }, null, 2)
  return (
    // The copy button sits beside the summary, not in it: a control inside <summary> is a control inside a control.
    <div className="relative border-t border-zinc-100 dark:border-zinc-800">
      <details className="group">
        <summary className="flex cursor-pointer list-none items-center px-5 py-3 pr-14 text-xs font-medium text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-100">
          <span>
            <span className="mr-1.5 inline-block transition group-open:rotate-90">›</span>JSON-RPC request sent
          </span>
        </summary>
        <pre className="mx-5 mb-4 max-h-72 overflow-auto rounded-lg bg-zinc-50 px-3 py-2 font-mono text-xs leading-5 text-zinc-700 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-300 dark:ring-zinc-800" data-testid="call-request">
          {body}
        </pre>
      </details>
      <span className="absolute right-5 top-2">
        <CopyButton value={body} label="Copy the request body" />
      </span>
    </div>
  )
}

function DecodedValues({ values }: { values: DecodedValue[] }) {
  return (
    <dl className="w-full space-y-1.5" data-testid="call-decoded">
      {values.map((value, index) => (
        <div key={index} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          <dt className="shrink-0 font-mono text-xs text-zinc-500 dark:text-zinc-400">
            {value.name || `#${index}`} <span className="text-zinc-500 dark:text-zinc-400">{value.type}</span>
          </dt>
          <dd className="min-w-0">
            <span className="font-mono text-[15px] font-semibold break-all text-zinc-900 dark:text-zinc-50" data-testid={`call-decoded-${index}`}>
              <ChainText text={value.text} />
            </span>
            {/^u?int\d*$/.test(value.type) && /^-?\d{5,}$/.test(value.text) && <span className="block text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatInteger(BigInt(value.text))}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function ReturnWords({ result }: { result: Hex }) {
  const words = returnWords(result)
  if (words.length === 0 || words.length > 16) return null
  return (
    <ResultRow label="As 32-byte words" help="No ABI decodes this answer: each word, with its value as a number">
      <ol className="w-full space-y-0.5 font-mono text-xs" data-testid="call-words">
        {words.map((word, index) => (
          <li key={index} className="flex min-w-0 gap-3">
            <span className="w-6 shrink-0 text-right text-zinc-500 dark:text-zinc-400">{index}</span>
            <span className="min-w-0 break-all text-zinc-700 dark:text-zinc-300">{word.slice(2)}</span>
            {word.length === 66 && <span className="ml-auto shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{BigInt(word) < 10n ** 15n ? BigInt(word).toString(10) : ''}</span>}
          </li>
        ))}
      </ol>
    </ResultRow>
  )
}

export function CallSuccess({ result, request, abi }: { result: Hex; request: CallRequest; abi: Abi }) {
  const fn = functionForCalldata(abi, request.data)
  let decoded: DecodedValue[] | null = null
  let decodeProblem: string | null = null
  if (fn) {
    try {
      decoded = decodeReturn(fn, result)
    } catch (error) {
      decodeProblem = (error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <ResultList testId="call-result">
      {fn && (
        <ResultRow label="Function">
          <span className="font-mono text-[13px]">{functionKey(fn)}{fn.outputs.length > 0 ? ` → ${fn.outputs.map((output) => output.type).join(", ")}` : ""}</span>
          {fn.outputs.length === 0 && <span className="text-xs text-zinc-500 dark:text-zinc-400">(the signature gives no returns to decode with)</span>}
        </ResultRow>
      )}
      {decoded && (
        <ResultRow label="Returned">
          <DecodedValues values={decoded} />
        </ResultRow>
      )}
      {decodeProblem && (
        <ResultRow label="Returned">
          <span className="text-amber-700 dark:text-amber-400">The answer does not decode as {fn?.name}&apos;s returns: {decodeProblem}</span>
        </ResultRow>
      )}
      <ResultRow label="Return data" help="The answer of eth_call: what the contract returned, ABI-encoded">
        <HexBlock value={result} testId="call-return-data" label="Copy return data" />
      </ResultRow>
      {!decoded && <ReturnWords result={result} />}
    </ResultList>
  )
}

function EstimateSuccess({ result }: { result: Hex }) {
  return (
    <div className="px-5 py-6" data-testid="call-result">
      <p className="text-xs font-semibold tracking-[0.08em] text-zinc-500 uppercase dark:text-zinc-400">Estimated gas</p>
      <p className="mt-2 flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-zinc-900 tabular-nums dark:text-white" data-testid="estimate-gas" data-value={BigInt(result).toString(10)}>
          {formatInteger(BigInt(result))}
        </span>
        <span className="text-sm text-zinc-500 dark:text-zinc-400">gas</span>
      </p>
      <p className="mt-1 font-mono text-xs text-zinc-500 dark:text-zinc-400">{result}</p>
      <p className="mt-4 text-xs leading-5 text-zinc-500 dark:text-zinc-400">
        Without a gas value the node searches up to the pending block&apos;s gas limit; the estimate can be well above the gas the transaction uses.
      </p>
    </div>
  )
}

function Idle() {
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center" data-testid="call-idle">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent-50 text-accent-600 dark:bg-accent-950/60 dark:text-accent-300">
        <GaugeIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Nothing run yet</h2>
      <p className="mt-1 max-w-xs text-sm text-zinc-500 dark:text-zinc-400">
        Fill in the call object — or build its data from a signature — and run it. The answer, or the revert and its reason, shows here.
      </p>
    </div>
  )
}

/** A simulation's view (traces, state changes): its own chunk, loaded when a simulation is first run. */
const SimulationResult = lazy(() => import('./SimulationResult.tsx'))

type CallResultProps = { network: AppNetwork; built: BuiltCall | null; abi: Abi; run: number; onRunAgain: () => void }

/** The answer of the call the URL describes: decoded return values, the gas estimate, the revert, or a simulation. */
export function CallResult(props: CallResultProps) {
  const { built } = props
  if (built?.ok && built.method === 'simulate') {
    return (
      <Suspense fallback={<InfoListSkeleton rows={3} />}>
        <SimulationResult network={props.network} ran={built} abi={props.abi} run={props.run} onRunAgain={props.onRunAgain} />
      </Suspense>
    )
  }
  return <SentCallResult {...props} />
}

function SentCallResult({ network, built, abi, run, onRunAgain }: CallResultProps) {
  // A revert's custom error decodes with the builder's ABI first, then every ABI the app knows.
  const names = useNames(network)
  const ran = built?.ok && built.method !== 'simulate' ? { ...built, method: built.method } : null
  const query = useQuery({ ...consoleQuery(network, ran?.method ?? 'eth_call', ran?.request ?? {}, ran?.block ?? 'latest', run), enabled: ran !== null })

  let status: { tone: 'success' | 'danger' | 'neutral'; text: string } | null = null
  if (ran && query.data !== undefined) status = { tone: 'success', text: ran.method === 'eth_call' ? 'returned' : 'estimated' }
  else if (ran && query.error instanceof RpcError && isRevertError(query.error)) status = { tone: 'danger', text: 'reverted' }
  else if (ran && query.error) status = { tone: 'danger', text: 'failed' }

  return (
    <Panel
      title={ran ? <span className="font-mono">{ran.method}</span> : 'Result'}
      testId="call-panel"
      actions={
        <div className="flex items-center gap-2">
          {status && (
            <Badge tone={status.tone} testId="call-status">
              {status.text}
            </Badge>
          )}
          {ran && (
            <button type="button" onClick={onRunAgain} disabled={query.isFetching} className="rounded-md px-2 py-1 text-xs font-medium text-accent-600 transition hover:bg-accent-50 disabled:opacity-50 dark:text-accent-400 dark:hover:bg-accent-950/50" data-testid="call-again">
              {query.isFetching ? 'Running…' : 'Run again'}
            </button>
          )}
        </div>
      }
    >
      {!built ? (
        <Idle />
      ) : !built.ok ? (
        <div className="px-5 py-5 text-sm" data-testid="call-invalid">
          <p className="font-medium text-zinc-900 dark:text-zinc-100">The call in this link cannot be sent:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-red-700 dark:text-red-400">
            {Object.entries(built.problems).map(([field, problem]) => (
              <li key={field}>
                <span className="font-mono">{field}</span>: {problem}
              </li>
            ))}
          </ul>
        </div>
      ) : query.isPending ? (
        <InfoListSkeleton rows={3} />
      ) : query.error ? (
        query.error instanceof RpcError && isRevertError(query.error) ? (
          <RevertDetails node={{ message: query.error.message, code: query.error.code }} data={revertPayload(query.error.data)} abi={[...abi, ...(names?.errorsAbi() ?? [])]} />
        ) : (
          <div className="p-5">
            <ErrorPanel error={query.error} compact />
          </div>
        )
      ) : ran!.method === 'eth_call' ? (
        <CallSuccess result={query.data} request={ran!.request} abi={abi} />
      ) : (
        <EstimateSuccess result={query.data} />
      )}
      {ran && <SentRequest method={ran.method} request={ran.request} block={ran.block} />}
    </Panel>
  )
}
