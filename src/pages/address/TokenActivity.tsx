import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import type { Address as AddressType } from 'viem'
import { tokenTransfers, type TokenTransfer } from '../../evm/tokenTransfers.ts'
import { formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import type { LogSearch, LogSearchSnapshot } from '../../logs/logSearch.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { isToken, tokenQuery } from '../../queries/token.ts'
import type { Log } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { Button } from '../../ui/Button.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { TxLink } from '../../ui/TxLink.tsx'
import { useNow } from '../../ui/useNow.ts'
import { LogsErrorPanel } from '../logs/LogsErrorPanel.tsx'
import { SearchProgress } from '../logs/SearchProgress.tsx'
import { useTypedBeforeHydration } from '../../ui/useTypedBeforeHydration.ts'
import { transfersToCsv } from '../../history/historyCsv.ts'
import { saveAs } from '../../ui/download.ts'
import { DownloadIcon } from '../../ui/pageIcons.tsx'

export type TransferRow = { key: string; log: Log; transfer: TokenTransfer }

const transferRowData = (row: TransferRow) => ({ 'data-tx': row.log.transactionHash ?? '', 'data-token': row.transfer.token.toLowerCase() })

/**
 * Each log's rows, made once: a scan hands on a new snapshot many times and the page reads it twice (the list and
 * the balances); decoding every log again each time made each pass slow.
 */
const rowsOfLog = new WeakMap<Log, TransferRow[]>()

/** Every movement the scanned logs record, newest first (one row per ERC-1155 batch id). */
export function transferRows(rows: LogSearchSnapshot['rows']): TransferRow[] {
  const out: TransferRow[] = []
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index]!
    if (row.removed) continue
    let made = rowsOfLog.get(row.log)
    if (!made) {
      made = tokenTransfers(row.log).map((transfer, position) => ({ key: `${row.key}:${position}`, log: row.log, transfer }))
      rowsOfLog.set(row.log, made)
    }
    for (let position = made.length - 1; position >= 0; position--) out.push(made[position]!)
  }
  return out
}

function TokenName({ network, token }: { network: AppNetwork; token: AddressType }) {
  const info = useQuery(tokenQuery(network, token)).data
  const known = isToken(info) ? info : null
  return (
    <span className="inline-flex items-center gap-1.5">
      <Address address={token} copy={false} label={known?.symbol ?? undefined} testId="token-activity-token" />
    </span>
  )
}

function Amount({ network, transfer }: { network: AppNetwork; transfer: TokenTransfer }) {
  const info = useQuery({ ...tokenQuery(network, transfer.token), enabled: transfer.standard === 'ERC-20' }).data
  const decimals = transfer.standard === 'ERC-20' && isToken(info) ? info.decimals : null
  if (transfer.standard === 'ERC-721') return <span className="tabular-nums" data-testid="token-activity-amount">#{formatInteger(transfer.tokenId)}</span>
  if (transfer.standard === 'ERC-1155') return <span className="tabular-nums" data-testid="token-activity-amount">{formatInteger(transfer.value)} × #{formatInteger(transfer.tokenId)}</span>
  return (
    <span className="tabular-nums" data-testid="token-activity-amount" data-value={transfer.value.toString()} title={`${transfer.value} base units`}>
      {formatTokenAmount(transfer.value, decimals, 6)}
    </span>
  )
}

function columns(network: AppNetwork, address: AddressType): Column<TransferRow>[] {
  const mine = (other: string) => other.toLowerCase() === address.toLowerCase()
  return [
    { key: 'block', header: 'Block', cell: (row) => (row.log.blockNumber ? <BlockLink number={BigInt(row.log.blockNumber)} copy={false} /> : '—'), skeletonWidth: 'w-16' },
    { key: 'tx', header: 'Transaction', cell: (row) => (row.log.transactionHash ? <TxLink hash={row.log.transactionHash} testId="token-activity-tx" /> : '—'), showFrom: 'sm' },
    {
      key: 'direction',
      header: 'Dir.',
      cell: (row) => {
        const direction = mine(row.transfer.from) && mine(row.transfer.to) ? 'self' : mine(row.transfer.from) ? 'out' : 'in'
        return (
          <span data-testid="token-activity-direction" data-value={direction}>
            <Badge tone={direction === 'out' ? 'warning' : direction === 'in' ? 'success' : 'neutral'}>{direction.toUpperCase()}</Badge>
          </span>
        )
      },
    },
    {
      key: 'counterparty',
      header: 'Counterparty',
      cell: (row) => <Address address={mine(row.transfer.from) ? row.transfer.to : row.transfer.from} copy={false} testId="token-activity-counterparty" />,
      showFrom: 'md',
    },
    { key: 'amount', header: 'Amount', cell: (row) => <Amount network={network} transfer={row.transfer} />, align: 'right' },
    { key: 'token', header: 'Token', cell: (row) => <TokenName network={network} token={row.transfer.token} /> },
    { key: 'standard', header: 'Standard', cell: (row) => <Badge>{row.transfer.standard}</Badge>, showFrom: 'lg' },
  ]
}

/** The range form: from and to blocks, applied to the URL (so the view can be linked). */
function RangeForm({ from, to, onRange }: { from: string; to: string; onRange: (from: string, to: string) => void }) {
  const [draft, setDraft] = useState({ from, to })
  // The address page is rendered by the server: what was typed before the app hydrated it stays.
  const fromInput = useRef<HTMLInputElement>(null)
  const toInput = useRef<HTMLInputElement>(null)
  useTypedBeforeHydration(fromInput, draft.from, (typed) => setDraft((current) => ({ ...current, from: typed })))
  useTypedBeforeHydration(toInput, draft.to, (typed) => setDraft((current) => ({ ...current, to: typed })))
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        // What the fields show: text typed before the app hydrated reaches the draft a moment after, and a submit
        // in that moment must not send the empty draft (it did, under load, as a range of nothing).
        onRange((fromInput.current?.value ?? draft.from).trim(), (toInput.current?.value ?? draft.to).trim())
      }}
      data-testid="token-range-form"
    >
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        From block
        <input ref={fromInput} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} data-testid="token-range-from" inputMode="numeric" className="mt-1 block w-36 rounded-lg border-0 bg-white px-2.5 py-1.5 font-mono text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-accent-500 dark:bg-zinc-900 dark:ring-zinc-700" />
      </label>
      <label className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        To block
        <input ref={toInput} value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} data-testid="token-range-to" placeholder="latest" className="mt-1 block w-36 rounded-lg border-0 bg-white px-2.5 py-1.5 font-mono text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-accent-500 dark:bg-zinc-900 dark:ring-zinc-700" />
      </label>
      <Button type="submit" size="sm" data-testid="token-range-apply">
        Scan this range
      </Button>
    </form>
  )
}

/**
 * Token movements from or to the address, from eth_getLogs over the chosen range (any provider answers it):
 * the logs page's scanner with its progress and Cancel, the rows as they come.
 */
export function TokenActivity({ network, address, search, snapshot, rows, problem, from, to, onRange }: {
  network: AppNetwork
  address: AddressType
  search: LogSearch | null
  snapshot: LogSearchSnapshot | null
  /** The snapshot's movements (transferRows), newest first. */
  rows: TransferRow[] | undefined
  problem: string | null
  from: string
  to: string
  onRange: (from: string, to: string) => void
}) {
  const now = useNow()
  const tableColumns = useMemo(() => columns(network, address), [network, address])
  return (
    <div className="space-y-4 p-5" data-testid="token-activity" data-address={address.toLowerCase()} data-range={`${from}-${to}`}>
      <RangeForm key={`${from}-${to}`} from={from} to={to} onRange={onRange} />
      {problem && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-200 dark:ring-amber-900" data-testid="token-range-problem">
          {problem}
        </p>
      )}
      {search && snapshot && <SearchProgress snapshot={snapshot} now={now} onCancel={() => search.cancel()} onRerun={() => search.start()} />}
      {snapshot?.phase === 'failed' && <LogsErrorPanel error={snapshot.error} onRetry={() => search?.start()} />}
      {snapshot && rows && rows.length > 0 && (
        <div className="flex justify-end">
          <Button size="sm" onClick={() => saveAs(transfersToCsv(rows), `${network.name}-${address.toLowerCase()}-token-transfers.csv`, 'text/csv')} data-testid="token-activity-export">
            <DownloadIcon className="size-4" />
            Export CSV{snapshot.phase === 'done' ? '' : ' (found so far)'}
          </Button>
        </div>
      )}
      {snapshot && (
        <DataTable
          columns={tableColumns}
          rows={snapshot.phase === 'resolving' ? undefined : rows}
          rowKey={(row) => row.key}
          caption="Token transfers from or to the address, newest first"
          empty={<span data-testid="token-activity-empty">{snapshot.phase === 'scanning' ? 'None yet in the blocks covered so far.' : 'No token transfers from or to this address in the range.'}</span>}
          testId="token-activity-table"
          rowTestId="token-activity-row"
          rowData={transferRowData}
        />
      )}
    </div>
  )
}
