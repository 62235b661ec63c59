import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import type { Address as AddressType } from 'viem'
import { byteLength, shortHex } from '../../format/hex.ts'
import { formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import { isToken, tokenQuery } from '../../queries/token.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import type { Log } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import type { DecodedArg, DecodedLog } from './eventDecoder.ts'
import type { LogRow } from '../../logs/logSearch.ts'

type Decode = (log: Log) => DecodedLog | null

/** A removed log's cells: struck through and faded, so it reads as "was here, is not". */
function Cell({ row, children }: { row: LogRow; children: ReactNode }) {
  return <div className={row.removed ? 'line-through decoration-red-400/70 opacity-60' : undefined}>{children}</div>
}

function ArgValue({ arg }: { arg: DecodedArg }) {
  if (arg.kind === 'address') return <Address address={arg.value} copy={false} />
  return (
    <span className={`font-mono text-[12px] text-zinc-800 dark:text-zinc-200 ${arg.kind === 'other' ? 'break-all' : 'tabular-nums'}`} title={arg.value}>
      {arg.value.length > 42 ? shortHex(arg.value, 16, 8) : arg.value}
    </span>
  )
}

/**
 * An ERC-20 amount in the token's units ("12.5 GLS", decimals and symbol asked of the contract once per token,
 * cached); one click shows the raw base units the log carries, another goes back.
 */
function TokenAmountArg({ arg, token }: { arg: DecodedArg; token: AddressType }) {
  const network = useNetwork()
  const [raw, setRaw] = useState(false)
  const info = useQuery(tokenQuery(network, token)).data
  const decimals = isToken(info) ? info.decimals : null
  if (decimals === null) return <ArgValue arg={arg} />
  const amount = `${formatTokenAmount(BigInt(arg.value), decimals)}${info?.symbol ? ` ${info.symbol}` : ''}`
  return (
    <button
      type="button"
      onClick={() => setRaw((shown) => !shown)}
      aria-pressed={raw}
      title={raw ? `${amount}: click for the amount in token units` : `${arg.value} base units: click to show them`}
      data-testid="log-token-amount"
      className="inline-flex min-h-6 items-center rounded px-0.5 font-mono text-[12px] tabular-nums text-zinc-800 underline decoration-zinc-300 decoration-dotted underline-offset-2 hover:decoration-accent-500 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-200 dark:decoration-zinc-600"
    >
      {raw ? `${arg.value} base units` : amount}
    </button>
  )
}

function EventCell({ row, decoded }: { row: LogRow; decoded: DecodedLog | null }) {
  if (!decoded) {
    return (
      <span className="text-xs text-zinc-500 dark:text-zinc-400" title={row.log.topics[0] ?? 'no topics: an anonymous event'}>
        {row.log.topics.length === 0 ? 'anonymous' : 'unknown event'}
      </span>
    )
  }
  return (
    <div className="min-w-0" title={decoded.signature}>
      <div className="flex items-center gap-1.5">
        <span className="font-medium text-zinc-900 dark:text-zinc-100" data-testid="log-event">
          {decoded.event}
        </span>
        <span className="rounded bg-zinc-100 px-1 py-px text-[10px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{decoded.source}</span>
      </div>
      <dl className="mt-0.5 flex flex-wrap gap-x-3 gap-y-1.5 text-xs">
        {decoded.args.map((arg) => (
          <div key={arg.name} className="flex min-w-0 items-baseline gap-1">
            <dt className="text-zinc-500 dark:text-zinc-400">{arg.name}</dt>
            <dd className="min-w-0 truncate" data-testid={`log-arg-${arg.name}`} data-value={arg.value}>
              {decoded.source === 'ERC-20' && arg.name === 'value' ? <TokenAmountArg arg={arg} token={row.log.address} /> : <ArgValue arg={arg} />}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function Topics({ topics }: { topics: readonly string[] }) {
  if (topics.length === 0) return <span className="text-xs text-zinc-500 dark:text-zinc-400">none</span>
  return (
    <ol className="space-y-0.5">
      {topics.map((topic, index) => (
        <li key={index} className="flex items-baseline gap-1.5 font-mono text-[12px]">
          <span className="w-2 shrink-0 text-right text-[10px] text-zinc-500 dark:text-zinc-400">{index}</span>
          <span className="select-all whitespace-nowrap text-zinc-700 dark:text-zinc-300" title={topic} data-testid={`log-topic-${index}`} data-value={topic}>
            {shortHex(topic, 8, 6)}
          </span>
        </li>
      ))}
    </ol>
  )
}

function columns(decode: Decode): Column<LogRow>[] {
  const [block, ...rest]: Column<LogRow>[] = [
    {
      key: 'block',
      header: 'Block',
      className: 'whitespace-nowrap',
      skeletonWidth: 'w-16',
      cell: (row) => (
        <div>
          <Cell row={row}>{row.log.blockNumber ? <BlockLink number={row.log.blockNumber} testId="log-block" /> : <span className="text-zinc-500 dark:text-zinc-400">pending</span>}</Cell>
          {row.removed ? (
            <Badge tone="danger" title="The node reported this log removed: its block left the canonical chain (a reorg)." testId="log-removed">
              removed · reorg
            </Badge>
          ) : (
            row.live && (
              <Badge tone="accent" title="Arrived live, after the search" testId="log-live">
                live
              </Badge>
            )
          )}
        </div>
      ),
    },
    {
      key: 'tx',
      header: 'Transaction',
      showFrom: 'sm',
      skeletonWidth: 'w-28',
      cell: (row) => (row.log.transactionHash ? <TxLink hash={row.log.transactionHash} /> : <span className="text-zinc-500 dark:text-zinc-400">pending</span>),
    },
    {
      key: 'index',
      header: 'Log',
      align: 'right',
      className: 'tabular-nums text-zinc-700 dark:text-zinc-300',
      skeletonWidth: 'w-8',
      cell: (row) => (
        <span data-testid="log-index" title={row.log.transactionIndex ? `transaction #${BigInt(row.log.transactionIndex)} of its block` : undefined}>
          {row.log.logIndex === null ? '—' : formatInteger(BigInt(row.log.logIndex))}
        </span>
      ),
    },
    {
      key: 'address',
      header: 'Address',
      skeletonWidth: 'w-28',
      cell: (row) => <Address address={row.log.address} testId="log-address" />,
    },
    {
      key: 'event',
      header: 'Event',
      className: 'max-w-80',
      skeletonWidth: 'w-40',
      cell: (row) => <EventCell row={row} decoded={decode(row.log)} />,
    },
    {
      key: 'topics',
      header: 'Topics',
      showFrom: 'lg',
      skeletonWidth: 'w-40',
      cell: (row) => <Topics topics={row.log.topics} />,
    },
    {
      key: 'data',
      header: 'Data',
      showFrom: 'md',
      skeletonWidth: 'w-32',
      cell: (row) =>
        row.log.data === '0x' ? (
          <span className="font-mono text-[12px] text-zinc-500 dark:text-zinc-400">0x</span>
        ) : (
          <div>
            <Hash value={row.log.data} head={10} tail={6} copyLabel="Copy data" testId="log-data" />
            <p className="text-[11px] text-zinc-500 dark:text-zinc-400">{formatInteger(byteLength(row.log.data))} bytes</p>
          </div>
        ),
    },
  ]
  // A removed log's cells are struck through; the block column strikes its link only, not the reorg badge.
  return [block!, ...rest.map((column) => ({ ...column, cell: (row: LogRow, index: number) => <Cell row={row}>{column.cell(row, index)}</Cell> }))]
}

/**
 * A row's place in the list: during a scan rows are only appended, so a place keeps its log. The virtualizer
 * walks every row's key each time the list grows: numbers look up in its size cache several times faster than
 * 100,000 fresh `blockHash:logIndex` strings, each hashed on first use.
 */
const logRowKey = (_row: LogRow, index: number) => index

/** Every log found, in block order, virtualized (DataTable: only the rows in view are in the DOM). */
export function LogsTable({ rows, decode, loading, empty }: { rows: readonly LogRow[]; decode: Decode; loading: boolean; empty: ReactNode }) {
  // Kept from render to render, as the row key is: with them the same, a snapshot that brings no new rows
  // (progress, the clock) does not walk all the rows again nor render the rows in view.
  const logColumns = useMemo(() => columns(decode), [decode])
  return (
    <DataTable
      columns={logColumns}
      rows={loading && rows.length === 0 ? undefined : rows}
      rowKey={logRowKey}
      caption="Logs matching the filter, in block order"
      empty={empty}
      estimateRowHeight={64}
      testId="logs-table"
      rowTestId="log-row"
    />
  )
}
