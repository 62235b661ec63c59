import { useSyncExternalStore } from 'react'
import { formatChainId, sameChainId } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import { blockedByPolicy, policyBlocksVersion, subscribePolicyBlocks } from '../../networks/cspBlocks.ts'
import type { NetworkProbe, Offer } from '../../networks/probe.ts'
import type { ProbeResult, TagCheck } from '../../networks/testConnection.ts'
import { Badge } from '../../ui/Badge.tsx'
import { errorKind, explainError } from '../../ui/explainError.ts'
import { AlertIcon, CheckIcon } from '../../ui/icons.tsx'

export type ConnectionTestResult = { http: ProbeResult; websocket: ProbeResult; offers?: NetworkProbe | null; tags?: TagCheck[] }

const transportName = { http: 'HTTP', websocket: 'WebSocket' } as const

/** Where each probe went: the base URLs tested (never with the key). */
export type TestedEndpoints = { http: string; websocket: string }

function ProbeLine({ result, expected, url, onUseChainId }: { result: ProbeResult; expected: string; url?: string; onUseChainId?: (chainId: string) => void }) {
  const testId = `probe-${result.transport}`
  useSyncExternalStore(subscribePolicyBlocks, policyBlocksVersion)
  if (result.ok) {
    // Against the chain id in the form now: Test connection may have just filled it in.
    const matches = sameChainId(result.chainId, expected)
    return (
      <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid={testId} data-ok="true" data-chain-id={result.chainId}>
        <span className={`flex size-5 items-center justify-center rounded-full ${matches ? 'bg-emerald-100 text-emerald-600 dark:bg-emerald-950 dark:text-emerald-400' : 'bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400'}`}>
          {matches ? <CheckIcon className="size-3.5" /> : <AlertIcon className="size-3.5" />}
        </span>
        <span className="w-20 font-medium text-zinc-900 dark:text-zinc-100">{transportName[result.transport]}</span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-300">{formatInteger(result.latencyMs)} ms</span>
        <span className="text-zinc-600 dark:text-zinc-300">
          chain <code className="font-mono text-[13px]">{result.chainId}</code> ({formatChainId(result.chainId)})
        </span>
        {matches ? (
          <Badge tone="success">matches the settings</Badge>
        ) : (
          <>
            <Badge tone="warning">the settings say {/^0x[0-9a-f]+$/i.test(expected) ? formatChainId(expected as `0x${string}`) : expected || 'nothing'}</Badge>
            {onUseChainId && (
              <button type="button" onClick={() => onUseChainId(result.chainId)} className="text-xs font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400">
                Use {result.chainId}
              </button>
            )}
          </>
        )}
      </li>
    )
  }
  const { title, detail } = explainError(result.error)
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-1 py-2" data-testid={testId} data-ok="false" data-reached={result.reached} data-cause={errorKind(result.error)}>
      <span
        className={`flex size-5 items-center justify-center rounded-full ${result.reached ? 'bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400' : 'bg-red-100 text-red-600 dark:bg-red-950 dark:text-red-400'}`}
      >
        <AlertIcon className="size-3.5" />
      </span>
      <span className="w-20 font-medium text-zinc-900 dark:text-zinc-100">{transportName[result.transport]}</span>
      <span className="min-w-0 flex-1">
        <span className={`block ${result.reached ? 'text-amber-800 dark:text-amber-300' : 'text-red-700 dark:text-red-300'}`}>
          {result.reached ? 'Reached, but: ' : ''}
          {title}
        </span>
        <span className="block break-words font-mono text-xs text-zinc-500 dark:text-zinc-400">
          {detail} · after {formatInteger(result.latencyMs)} ms
        </span>
        {url && blockedByPolicy(url) && (
          <span className="mt-1 block text-xs text-zinc-700 dark:text-zinc-300" data-testid={`${testId}-csp`}>
            This deployment&apos;s Content-Security-Policy does not allow connections to <code className="font-mono">{new URL(url).origin}</code>, so the browser refused
            before sending anything. The operator can add the origin to <code className="font-mono">CHAINGLASS_CSP_CONNECT_SRC</code>; until then this network works only from
            a deployment that allows it.
          </span>
        )}
      </span>
    </li>
  )
}

function TagLine({ check }: { check: TagCheck }) {
  return (
    <tr className="border-t border-zinc-100 dark:border-zinc-800" data-testid={`tag-check-${check.tag}`} data-sent-as={check.sentAs ?? ''}>
      <td className="w-28 py-1.5 pr-4 font-mono text-[13px]">{check.tag}</td>
      <td className="py-1.5 pr-4">
        {check.sentAs === null ? (
          <Badge tone="danger">refused, not sent</Badge>
        ) : check.sentAs === check.tag ? (
          <span className="text-zinc-500 dark:text-zinc-400">as is</span>
        ) : (
          <Badge tone="warning">sent as {check.sentAs}</Badge>
        )}
      </td>
      <td className="py-1.5 text-right tabular-nums">
        {'refused' in check ? (
          <span className="text-zinc-500 dark:text-zinc-400">—</span>
        ) : check.ok ? (
          check.number === null ? (
            <span className="text-zinc-500 dark:text-zinc-400">no block</span>
          ) : (
            <span>block {formatInteger(BigInt(check.number))}</span>
          )
        ) : (
          <span className="text-red-600 dark:text-red-400" title={explainError(check.error).detail}>
            {explainError(check.error).title}
          </span>
        )}
      </td>
    </tr>
  )
}

const offerRows: ReadonlyArray<{ key: keyof Omit<NetworkProbe, 'chainId' | 'clientVersion' | 'batch' | 'tagsAsked' | 'tracing'>; what: string }> = [
  { key: 'blockReceipts', what: 'eth_getBlockReceipts' },
  { key: 'safe', what: 'the safe tag' },
  { key: 'finalized', what: 'the finalized tag' },
  { key: 'otterscan', what: 'ots_getApiLevel (Otterscan)' },
  { key: 'l2aRawBlockTransactions', what: 'l2a_getRawBlockTransactions' },
  { key: 'l2bPendingTransactions', what: 'l2b_pendingTransactions' },
  { key: 'subscribe', what: 'eth_subscribe over WebSocket' },
]

const tracingRows: ReadonlyArray<{ key: keyof NonNullable<NetworkProbe['tracing']>; what: string }> = [
  { key: 'callTracer', what: 'debug_trace* callTracer (call trace)' },
  { key: 'prestateTracer', what: 'debug_trace* prestateTracer (state changes)' },
  { key: 'simulateV1', what: 'eth_simulateV1 (simulation)' },
  { key: 'stateOverrides', what: 'eth_call state overrides' },
  { key: 'blockOverrides', what: 'eth_call block overrides' },
]

function OfferLine({ testId, what, offer }: { testId: string; what: string; offer: Offer }) {
  return (
    <tr className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid={testId} data-offered={offer.offered}>
      <td className="py-1.5 pr-4 font-mono text-[13px]">{what}</td>
      <td className="py-1.5 pr-4">{offer.offered ? <Badge tone="success">offered</Badge> : <Badge tone="neutral">not offered</Badge>}</td>
      <td className="break-words py-1.5 font-mono text-xs text-zinc-500 dark:text-zinc-400">{offer.said}</td>
    </tr>
  )
}

/** What the probe found the network offers: each method and tag, the largest batch, subscriptions. */
function Offers({ offers }: { offers: NetworkProbe }) {
  return (
    <div className="mt-1 border-t border-zinc-200/70 pb-1 pt-2 dark:border-zinc-800" data-testid="probe-offers">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">What it offers, asked of the node (one batch, the largest batch it takes, one subscription)</p>
      <table className="mt-1 w-full text-sm">
        <tbody>
          {offers.clientVersion !== null && (
            <tr className="align-top" data-testid="offer-client">
              <td className="py-1.5 pr-4 font-mono text-[13px]">web3_clientVersion</td>
              <td className="break-words py-1.5 font-mono text-xs text-zinc-700 dark:text-zinc-300" colSpan={2}>
                {offers.clientVersion}
              </td>
            </tr>
          )}
          {offerRows.map(({ key, what }) => {
            const offer = offers[key]
            return offer && <OfferLine key={key} testId={`offer-${key}`} what={what} offer={offer} />
          })}
          {offers.tracing && tracingRows.map(({ key, what }) => <OfferLine key={key} testId={`offer-${key}`} what={what} offer={offers.tracing![key]} />)}
          <tr className="border-t border-zinc-100 align-top dark:border-zinc-800" data-testid="offer-batch" data-largest={offers.batch.largest}>
            <td className="py-1.5 pr-4 font-mono text-[13px]">batch size</td>
            <td className="py-1.5 pr-4 tabular-nums">{formatInteger(offers.batch.largest)} calls</td>
            <td className="break-words py-1.5 font-mono text-xs text-zinc-500 dark:text-zinc-400">{offers.batch.said}</td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** The outcome of "Test connection": each transport on its own line; for a saved network, what each tag names. */
export function ConnectionReport({
  result,
  expectedChainId,
  endpoints,
  onUseChainId,
}: {
  result: ConnectionTestResult
  expectedChainId: string
  endpoints?: TestedEndpoints
  onUseChainId?: (chainId: string) => void
}) {
  return (
    <div className="rounded-xl bg-zinc-50 px-4 py-2 text-sm ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/40 dark:ring-zinc-800" data-testid="connection-report">
      <ul className="divide-y divide-zinc-200/70 dark:divide-zinc-800">
        <ProbeLine result={result.http} expected={expectedChainId} url={endpoints?.http} onUseChainId={onUseChainId} />
        <ProbeLine result={result.websocket} expected={expectedChainId} url={endpoints?.websocket} onUseChainId={onUseChainId} />
      </ul>
      {result.offers && <Offers offers={result.offers} />}
      {result.tags && (
        <div className="mt-1 border-t border-zinc-200/70 pb-1 pt-2 dark:border-zinc-800">
          <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Block tags, asked as this network&apos;s rules send them (eth_getBlockByNumber over HTTP)</p>
          <table className="mt-1 w-full max-w-xl text-sm" data-testid="tag-checks">
            <tbody>
              {result.tags.map((check) => (
                <TagLine key={check.tag} check={check} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
