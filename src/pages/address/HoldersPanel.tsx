import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Address as AddressType } from 'viem'
import { formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import { createHoldersSearch, holderCandidates, holdersShown, netFlows, readHolders, transfersOf, type Holder } from '../../history/holders.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useRunningSearch } from '../../queries/logSearch.ts'
import { defaultTokenRange } from '../../queries/tokenActivity.ts'
import type { TokenInfo } from '../../queries/token.ts'
import { Address } from '../../ui/Address.tsx'
import { Button } from '../../ui/Button.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { UsersIcon } from '../../ui/pageIcons.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { useNow } from '../../ui/useNow.ts'
import { LogsErrorPanel } from '../logs/LogsErrorPanel.tsx'
import { SearchProgress } from '../logs/SearchProgress.tsx'
import { retryFor } from '../../ui/retryFor.ts'

type Range = { from: bigint; to: bigint }

function holderColumns(info: TokenInfo): Column<Holder & { rank: number }>[] {
  return [
    { key: 'rank', header: '#', cell: (row) => <span className="tabular-nums text-zinc-500 dark:text-zinc-400">{row.rank}</span>, skeletonWidth: 'w-6' },
    { key: 'address', header: 'Holder', cell: (row) => <Address address={row.address} testId="holder-address" />, skeletonWidth: 'w-36' },
    {
      key: 'balance',
      header: 'Balance',
      cell: (row) => (
        <span className="tabular-nums" data-testid="holder-balance" data-value={row.balance.toString()}>
          {formatTokenAmount(row.balance, info.decimals)} {info.symbol ?? ''}
        </span>
      ),
      align: 'right',
    },
    {
      key: 'share',
      header: 'Share',
      cell: (row) => (
        <span className="tabular-nums" data-testid="holder-share">
          {row.share === null ? '—' : `${row.share.toFixed(4)} %`}
        </span>
      ),
      align: 'right',
      showFrom: 'sm',
    },
  ]
}

/**
 * A token's biggest holders, on any node (history/holders.ts): asked for, since it reads every Transfer of the
 * token over the range; the whole chain when it is shorter than the token tab's default range, else that range.
 */
export function HoldersPanel({ network, token, info, head }: { network: AppNetwork; token: AddressType; info: TokenInfo; head: bigint }) {
  const [range, setRange] = useState<Range | null>(null)
  const offered: Range = { from: head + 1n > defaultTokenRange ? head - defaultTokenRange + 1n : 0n, to: head }
  const search = useMemo(() => (range ? createHoldersSearch(network, token, range.from, range.to) : null), [network, token, range])
  const snapshot = useRunningSearch(search)
  const now = useNow()
  const done = snapshot?.phase === 'done'
  const rows = snapshot?.rows
  const candidates = useMemo(() => (done && rows ? holderCandidates(netFlows(transfersOf(rows.map((row) => row.log)))) : null), [done, rows])
  const holders = useQuery({
    queryKey: [network.name, 'holders', token.toLowerCase(), range?.from.toString(), range?.to.toString(), candidates?.length] as const,
    queryFn: ({ signal }) => readHolders(network, token, candidates!, range!.to, info.totalSupply, signal),
    enabled: candidates !== null && range !== null,
    staleTime: Infinity,
  })
  const columns = useMemo(() => holderColumns(info), [info])
  const ranked = useMemo(() => holders.data?.map((holder, index) => ({ ...holder, rank: index + 1 })), [holders.data])

  return (
    <Panel title="Holders" testId="holders" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">from its Transfer logs, balances read at the range’s last block</span>}>
      <div className="space-y-4 p-5">
        {!range ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-zinc-600 dark:text-zinc-300">
              The top {holdersShown} holders, found from every Transfer of the token in {offered.from === 0n ? 'the whole chain' : `the last ${formatInteger(defaultTokenRange)} blocks`} (blocks{' '}
              {formatInteger(offered.from)} – {formatInteger(offered.to)}), then read with balanceOf.
            </p>
            <Button tone="primary" onClick={() => setRange(offered)} data-testid="holders-start">
              <UsersIcon className="size-4" />
              Find holders
            </Button>
          </div>
        ) : (
          snapshot && search && <SearchProgress snapshot={snapshot} now={now} onCancel={() => search.cancel()} onRerun={() => search.start()} />
        )}
        {snapshot?.phase === 'failed' && <LogsErrorPanel error={snapshot.error} onRetry={() => search?.start()} />}
        {holders.error && <ErrorPanel error={holders.error} compact onRetry={retryFor(holders)} />}
        {done && !holders.error && (
          <DataTable
            columns={columns}
            rows={ranked}
            rowKey={(row) => row.address}
            caption="The token's biggest holders, largest first"
            empty={<span data-testid="holders-empty">No address holds this token, as far as its Transfer logs in the range show.</span>}
            testId="holders-table"
            rowTestId="holder-row"
          />
        )}
      </div>
    </Panel>
  )
}
