import { useQueries } from '@tanstack/react-query'
import { useRef, useState, type ReactNode } from 'react'
import type { Address as AddressType } from 'viem'
import { decodeTokenEvent, approvalForAllTopic, approvalTopic, transferTopic, type TokenEvent } from '../../evm/tokenEvents.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { Log } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { ListPager, pageWindow } from '../../ui/ListPager.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { isToken, tokenQuery, type TokenInfo } from '../../queries/token.ts'
import { Mono, Note } from './parts.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { formatTokenAmount } from './tokenAmount.ts'
import type { Names } from '../../evm/names/names.ts'
import { useNames } from '../../queries/names.ts'
import { createDecoder, type DecodedLog } from '../logs/eventDecoder.ts'

/** The event signatures chainglass knows by topic 0. */
const knownTopics: Record<string, string> = {
  [transferTopic]: 'Transfer(address,address,uint256)',
  [approvalTopic]: 'Approval(address,address,uint256)',
  [approvalForAllTopic]: 'ApprovalForAll(address,address,bool)',
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-4 gap-y-1 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <dt className="pt-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="flex min-h-7 min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">{children}</dd>
    </div>
  )
}

function Amount({ value, token, testId }: { value: bigint; token: TokenInfo | undefined; testId: string }) {
  const decimals = token?.decimals ?? null
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2" data-testid={testId} data-value={value.toString(10)}>
      <span className="font-medium tabular-nums">
        {formatTokenAmount(value, decimals)}
        {token?.symbol && <span className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">{token.symbol}</span>}
      </span>
      {decimals !== null && decimals > 0 && <Note>{formatInteger(value)} base units</Note>}
      {decimals === null && <Note>base units (the contract did not say its decimals)</Note>}
      <CopyButton value={value.toString(10)} label="Copy amount in base units" />
    </span>
  )
}

/** The decoded fields of a token event, each address a link. */
function DecodedEvent({ event, token }: { event: TokenEvent; token: TokenInfo | undefined }) {
  const party = (label: string, address: AddressType, testId: string) => (
    <Field label={label}>
      <Address address={address} short={false} testId={testId} />
    </Field>
  )
  switch (event.event) {
    case 'Transfer':
      return (
        <>
          {party('From', event.from, 'log-from')}
          {party('To', event.to, 'log-to')}
          {event.standard === 'ERC-20' ? (
            <Field label="Value">
              <Amount value={event.value} token={token} testId="log-value" />
            </Field>
          ) : (
            <Field label="Token id">
              <span className="inline-flex items-center tabular-nums" data-testid="log-token-id" data-value={event.tokenId.toString(10)}>
                #{formatInteger(event.tokenId)}
                <CopyButton value={event.tokenId.toString(10)} label="Copy token id" />
              </span>
            </Field>
          )}
        </>
      )
    case 'Approval':
      return event.standard === 'ERC-20' ? (
        <>
          {party('Owner', event.owner, 'log-owner')}
          {party('Spender', event.spender, 'log-spender')}
          <Field label="Allowance">
            <Amount value={event.value} token={token} testId="log-value" />
          </Field>
        </>
      ) : (
        <>
          {party('Owner', event.owner, 'log-owner')}
          {party('Approved', event.approved, 'log-approved')}
          <Field label="Token id">
            <span className="tabular-nums" data-testid="log-token-id" data-value={event.tokenId.toString(10)}>
              #{formatInteger(event.tokenId)}
            </span>
          </Field>
        </>
      )
    case 'ApprovalForAll':
      return (
        <>
          {party('Owner', event.owner, 'log-owner')}
          {party('Operator', event.operator, 'log-operator')}
          <Field label="Approved">
            <Badge tone={event.approved ? 'success' : 'neutral'} testId="log-approved-flag">
              {event.approved ? 'true: may move all tokens' : 'false: approval withdrawn'}
            </Badge>
          </Field>
        </>
      )
  }
}

/** A log no token standard decodes, named by an ABI the app knows (the names table, a published contract). */
function KnownEvent({ decoded }: { decoded: DecodedLog }) {
  return (
    <>
      {decoded.args.map((arg) => (
        <Field key={arg.name} label={arg.name}>
          {arg.kind === 'address' ? <Address address={arg.value} short={false} /> : <Mono>{arg.value}</Mono>}
          <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{arg.type}</span>
        </Field>
      ))}
    </>
  )
}

function LogEntry({ log, position, token }: { log: Log; position: number; token: TokenInfo | undefined }) {
  const network = useNetwork()
  const names = useNames(network)
  const event = decodeTokenEvent(log)
  const known = !event && names && log.topics[0] ? knownDecoder(names)(log) : null
  return (
    <li className="px-5 py-4" data-testid="tx-log" data-log-index={log.logIndex ?? undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex h-6 min-w-6 items-center justify-center rounded-md bg-zinc-100 px-1.5 text-xs font-semibold tabular-nums text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" title={log.logIndex ? `logIndex ${log.logIndex}: position among the block's logs` : 'pending: no log index yet'}>
          {log.logIndex ? formatInteger(BigInt(log.logIndex)) : position}
        </span>
        <Address address={log.address} short={false} testId="log-address" />
        {isToken(token) && (
          <span className="text-sm text-zinc-500 dark:text-zinc-400" data-testid="log-token-name">
            {token.name ?? token.symbol}
            {token.symbol && token.name ? ` (${token.symbol})` : ''}
          </span>
        )}
        <span className="ml-auto flex items-center gap-1.5">
          {log.removed && <Badge tone="danger" title="removed: true — a reorganisation dropped the block this log was in.">Removed by a reorg</Badge>}
          {event ? (
            <Badge tone="accent" testId="log-event">{`${event.standard} ${event.event}`}</Badge>
          ) : known ? (
            <Badge tone="accent" testId="log-event" title={known.signature}>
              {known.event}
            </Badge>
          ) : (
            <Badge tone="neutral" testId="log-event">
              Not decoded
            </Badge>
          )}
        </span>
      </div>
      <dl className="mt-3 space-y-1.5">
        {event && <DecodedEvent event={event} token={token} />}
        {known && <KnownEvent decoded={known} />}
        <Field label="Topics">
          {log.topics.length === 0 ? (
            <Note>none (an anonymous event with no indexed arguments)</Note>
          ) : (
            <ol className="w-full min-w-0 space-y-1">
              {log.topics.map((topic, index) => (
                <li key={index} className="flex min-w-0 items-start gap-2" data-testid="log-topic">
                  <span className="mt-1 w-4 shrink-0 text-right text-xs tabular-nums text-zinc-500 dark:text-zinc-400">{index}</span>
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2">
                    <Mono>{topic}</Mono>
                    <CopyButton value={topic} label={`Copy topic ${index}`} />
                    {index === 0 && knownTopics[topic.toLowerCase()] && <span className="font-mono text-xs text-accent-700 dark:text-accent-300">{knownTopics[topic.toLowerCase()]}</span>}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Field>
        <Field label="Data">{log.data === '0x' ? <Note>empty (every argument is indexed)</Note> : <HexBlock value={log.data} testId="log-data" label="Copy log data" />}</Field>
      </dl>
    </li>
  )
}

/** One decoder per names object (its cache then lives as long as the names do). */
const decoders = new WeakMap<Names, (log: Log) => DecodedLog | null>()
function knownDecoder(names: Names): (log: Log) => DecodedLog | null {
  let decoder = decoders.get(names)
  if (!decoder) {
    decoder = createDecoder([], (topic) => names.eventCandidates(topic))
    decoders.set(names, decoder)
  }
  return decoder
}

/** Logs shown at once: enough to read a typical receipt whole, few enough that thousands do not swamp the page. */
const logsPerPage = 25

/** The receipt's logs: token events decoded (with the token's symbol and decimals when it says them), everything raw. */
export function LogsPanel({ network, logs }: { network: AppNetwork; logs: Log[] }) {
  const [requestedPage, setPage] = useState(0)
  const listTop = useRef<HTMLDivElement>(null)
  const pages = pageWindow(logs.length, requestedPage, logsPerPage)
  const { start, pageCount } = pages
  const shown = logs.slice(start, pages.end)
  // Token details for each contract on this page that emitted an ERC-20 event (one batch of eth_calls).
  const tokenAddresses = [...new Set(shown.filter((log) => decodeTokenEvent(log)?.standard === 'ERC-20').map((log) => log.address.toLowerCase() as AddressType))]
  const tokens = useQueries({ queries: tokenAddresses.map((address) => tokenQuery(network, address)) })
  const tokenOf = (address: string) => tokens[tokenAddresses.indexOf(address.toLowerCase() as AddressType)]?.data
  const pager = (testId: string, scrollBack: boolean) => (
    <ListPager
      noun="logs"
      total={logs.length}
      {...pages}
      testId={testId}
      onPage={(next) => {
        setPage(next)
        // From the bottom of a long page, the next page starts where the list does, not where the reader was.
        if (scrollBack) listTop.current?.scrollIntoView({ block: 'start' })
      }}
    />
  )

  return (
    <Panel title={`Logs (${formatInteger(logs.length)})`} testId="tx-logs" actions={pageCount > 1 ? pager('tx-logs-pager', false) : undefined}>
      <div ref={listTop} className="scroll-mt-20" />
      {logs.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500 dark:text-zinc-400" data-testid="tx-logs-empty">
          This transaction emitted no logs.
        </p>
      ) : (
        <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {shown.map((log, offset) => (
            <LogEntry key={`${log.logIndex ?? start + offset}`} log={log} position={start + offset} token={tokenOf(log.address)} />
          ))}
        </ol>
      )}
      {pageCount > 1 && <footer className="flex justify-end border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">{pager('tx-logs-pager-bottom', true)}</footer>}
    </Panel>
  )
}
