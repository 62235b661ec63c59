import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { zeroAddress, type Address as AddressType } from 'viem'
import { checksumAddress } from '../../format/address.ts'
import { formatBytes, formatEther, formatInteger, formatWei } from '../../format/numbers.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { accountQuery, type Account } from '../../queries/account.ts'
import { useHead } from '../../queries/head.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { HashTitle } from '../../ui/HashTitle.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { CubeIcon, SearchIcon } from '../../ui/icons.tsx'
import { ChevronRightIcon } from '../../ui/pageIcons.tsx'
import { InfoList, InfoListSkeleton } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { logsToolPath, parseAddress, storageToolPath } from '../../urls.ts'
import { formatTokenAmount } from '../tx/tokenAmount.ts'
import { isToken, tokenQuery, type TokenInfo } from '../../queries/token.ts'
import type { RangeEnd } from '../../logs/logQuery.ts'
import type { LogSearch, LogSearchSnapshot } from '../../logs/logSearch.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useHistoryMethods, type HistoryMethods } from '../../networks/otterscan.ts'
import { historyCursorText, parseHistoryCursor, type HistoryCursor } from '../../queries/addressHistory.ts'
import { useRunningSearch } from '../../queries/logSearch.ts'
import { createTokenActivitySearch, defaultTokenRange } from '../../queries/tokenActivity.ts'
import { BalancesPanel } from './BalancesPanel.tsx'
import { ContractPanel } from './ContractPanel.tsx'
import { VerifiedSourcePanel } from './VerifiedSourcePanel.tsx'
import { HistoryPanel } from './HistoryPanel.tsx'
import { ScannedHistoryPanel } from './ScannedHistoryPanel.tsx'
import { HoldersPanel } from './HoldersPanel.tsx'
import { ReadContractPanel } from './ReadContractPanel.tsx'
import { WriteContractPanel } from './WriteContractPanel.tsx'
import { usePastedAbi } from './usePastedAbi.ts'
import { blockScanHistoryFor } from '../../history/blockScanHistory.ts'
import { TokenActivity, transferRows } from './TokenActivity.tsx'
import { retryFor } from '../../ui/retryFor.ts'

/** The logs and storage tools take the address as a query parameter (their pages live in src/pages/logs and /storage). */
function ToolCard({ to, title, children, icon, testId }: { to: string; title: string; children: ReactNode; icon: ReactNode; testId: string }) {
  return (
    <AppLink
      to={to}
      testId={testId}
      className="group flex items-start gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-zinc-200/80 transition hover:ring-accent-300 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800 dark:hover:ring-accent-700"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600 ring-1 ring-inset ring-accent-100 dark:bg-accent-950/50 dark:text-accent-300 dark:ring-accent-900">{icon}</span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {title}
          <ChevronRightIcon className="size-4 text-zinc-500 dark:text-zinc-400 transition group-hover:translate-x-0.5 group-hover:text-accent-500" />
        </span>
        <span className="mt-1 block text-sm text-zinc-500 dark:text-zinc-400">{children}</span>
      </span>
    </AppLink>
  )
}

function TokenPanel({ token }: { token: TokenInfo }) {
  return (
    <Panel title="Token" testId="address-token" actions={<Badge tone="accent">{token.decimals !== null ? 'ERC-20' : 'Token (no decimals: ERC-721?)'}</Badge>}>
      <InfoList>
        <InfoRow label="Name" testId="address-token-name" help="name(), as the contract answers it.">
          {token.name ?? <span className="text-zinc-500 dark:text-zinc-400">not given</span>}
        </InfoRow>
        <InfoRow label="Symbol" testId="address-token-symbol" help="symbol(), as the contract answers it.">
          {token.symbol ?? <span className="text-zinc-500 dark:text-zinc-400">not given</span>}
        </InfoRow>
        <InfoRow label="Decimals" testId="address-token-decimals" help="decimals(): how many of the smallest units make one token.">
          {token.decimals !== null ? <span className="tabular-nums">{token.decimals}</span> : <span className="text-zinc-500 dark:text-zinc-400">not given</span>}
        </InfoRow>
        <InfoRow label="Total supply" testId="address-token-supply" raw={token.totalSupply !== null ? `${formatInteger(token.totalSupply)} base units` : null} help="totalSupply(), read at the latest block.">
          {token.totalSupply !== null ? (
            <span className="tabular-nums">
              {formatTokenAmount(token.totalSupply, token.decimals)} {token.symbol ?? ''}
            </span>
          ) : (
            <span className="text-zinc-500 dark:text-zinc-400">not given</span>
          )}
        </InfoRow>
      </InfoList>
    </Panel>
  )
}

function CodePanel({ account }: { account: Account }) {
  const [open, setOpen] = useState(false)
  return (
    <Panel
      title="Code"
      testId="address-code"
      actions={
        <button
          type="button"
          onClick={() => setOpen((shown) => !shown)}
          aria-expanded={open}
          data-testid="address-code-toggle"
          className="rounded-lg bg-white px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-sm ring-1 ring-zinc-200 transition hover:bg-zinc-50 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700 dark:hover:bg-zinc-700"
        >
          {open ? 'Hide the code' : `Show the code (${formatBytes(account.codeSize)})`}
        </button>
      }
    >
      <div className="px-5 py-4">
        {open ? (
          <HexBlock value={account.code} testId="address-code-hex" label="Copy code" />
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            The deployed runtime bytecode (eth_getCode), {formatInteger(account.codeSize)} bytes. Collapsed: it is long and rarely read by eye.
          </p>
        )}
      </div>
    </Panel>
  )
}

/** /address/:address — balance, nonce and code at the latest block (one batch), following the head; links to the logs and storage tools. */
export function AddressPage() {
  const network = useNetwork()
  const param = useParams().address
  const address = parseAddress(param)
  const enabled = address !== null && network.capabilities.ethMethods
  const account = useQuery({ ...accountQuery(network, address ?? `0x${'0'.repeat(40)}`), enabled })
  const isContract = (account.data?.codeSize ?? 0) > 0
  const token = useQuery({ ...tokenQuery(network, address ?? `0x${'0'.repeat(40)}`), enabled: enabled && isContract })
  const head = useHead(network).data
  const headNumber = head?.number
  const history = useHistoryMethods(network)
  const pastedAbi = usePastedAbi(network.name, address ?? zeroAddress)
  const [search, setSearch] = useSearchParams()
  const range = tokenRange(search.get('from'), search.get('to'), headNumber)
  const tab: 'transactions' | 'tokens' = search.get('tab') === 'tokens' ? 'tokens' : 'transactions'
  // Where the node keeps no history, the transactions are read block by block (one scan per address in this tab).
  const [rescans, setRescans] = useState(0)
  const scanHead = headNumber === undefined ? null : BigInt(headNumber)
  const scanHeadKnown = scanHead !== null
  const scan = useMemo(
    () => (history?.offered === false && address && scanHead !== null ? blockScanHistoryFor(network, address, scanHead) : null),
    // Made once the head is known, then kept whatever the head does; a rescan asks for a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [network, address, history?.offered, scanHeadKnown, rescans],
  )
  // The node serves one scan at a time best: while the history is read block by block on the Transactions tab,
  // the token scan (and the balances it feeds) waits for it instead of slowing every window down.
  const scanPhase = useSyncExternalStore(scan?.subscribe ?? noSubscription, () => scan?.snapshot.phase ?? null, () => null)
  const holdTokens = tab === 'transactions' && (scanPhase === 'idle' || scanPhase === 'scanning')
  const activity = useTokenActivity(network, enabled && !holdTokens ? address : null, range.ok ? range : null)
  // The movements, made once per snapshot for both the list and the balances.
  const transferList = useMemo(() => (activity.snapshot ? transferRows(activity.snapshot.rows) : undefined), [activity.snapshot])
  const transfers = useMemo(() => transferList?.map((row) => row.transfer), [transferList])
  const rescan = () => {
    if (address && scanHead !== null) blockScanHistoryFor(network, address, scanHead, true)
    setRescans((count) => count + 1)
  }
  const updateSearch = (change: Record<string, string | null>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current)
      for (const [key, value] of Object.entries(change)) if (value === null) next.delete(key); else next.set(key, value)
      return next
    })

  // Balance and nonce change with every block: read them again at each new head (one batch each time).
  // Not at the first head seen: the query's own mount fetch already reads at it.
  const refetchAccount = account.refetch
  const lastHead = useRef(headNumber)
  useEffect(() => {
    const previous = lastHead.current
    lastHead.current = headNumber
    if (enabled && previous !== undefined && headNumber !== undefined && previous !== headNumber) void refetchAccount()
  }, [enabled, headNumber, refetchAccount])

  if (!network.capabilities.ethMethods) {
    return <MethodUnavailable method="eth_getBalance" offers={(capabilities) => capabilities.ethMethods} what="Balances and code" />
  }
  if (address === null) {
    return <NotFoundPanel what="address" query={param ?? ''} network={network.label} hint="That is not an address: an address is 0x followed by 40 hex digits." testId="address-not-found" />
  }

  const checksummed = checksumAddress(address)
  const tokenInfo = isToken(token.data) ? token.data : null
  const kind = account.data ? (isContract ? (tokenInfo ? 'Token contract' : 'Contract') : 'Account') : 'Address'

  return (
    <div className="space-y-6">
      <PageHeader
        kicker={kind}
        title={
          <HashTitle value={checksummed} copyLabel="Copy address" testId="address-title" />
        }
        subtitle={tokenInfo ? `${tokenInfo.name ?? 'Unnamed token'}${tokenInfo.symbol ? ` (${tokenInfo.symbol})` : ''}` : undefined}
        actions={
          account.data ? (
            <Badge tone={isContract ? 'accent' : 'neutral'} testId="address-kind">
              {isContract ? 'Contract' : 'Externally owned account'}
            </Badge>
          ) : undefined
        }
      />

      {account.error && !account.data ? (
        <ErrorPanel error={account.error} onRetry={retryFor(account)} />
      ) : (
        <Panel title="Overview" testId="address-overview" actions={headNumber ? <StateAt head={headNumber} /> : undefined}>
          {account.data ? (
            <InfoList>
              <InfoRow label="Balance" testId="address-balance" raw={`${account.data.balance} · ${formatWei(BigInt(account.data.balance))}`} help="eth_getBalance at the latest block, exact.">
                <span className="text-base font-semibold tabular-nums">{formatEther(BigInt(account.data.balance))}</span>
              </InfoRow>
              <InfoRow
                label="Nonce"
                testId="address-nonce"
                raw={account.data.nonce}
                help={isContract ? 'eth_getTransactionCount: for a contract, how many contracts it has created (plus one, since EIP-161).' : 'eth_getTransactionCount: how many transactions this account has sent.'}
              >
                <span className="tabular-nums">{formatInteger(BigInt(account.data.nonce))}</span>
                <span className="text-zinc-500 dark:text-zinc-400">{isContract ? 'contract nonce' : 'transactions sent'}</span>
              </InfoRow>
              <InfoRow label="Code" testId="address-code-size" raw={isContract ? `${formatInteger(account.data.codeSize)} bytes` : '0x'} help="eth_getCode: an address with code is a contract; without, an account controlled by a key.">
                {isContract ? (
                  <>
                    <Badge tone="accent">Contract</Badge>
                    <span className="tabular-nums">{formatBytes(account.data.codeSize)} of code</span>
                  </>
                ) : (
                  <>
                    <Badge tone="neutral">Account</Badge>
                    <span className="text-zinc-500 dark:text-zinc-400">no code</span>
                  </>
                )}
              </InfoRow>
            </InfoList>
          ) : (
            <InfoListSkeleton rows={3} />
          )}
        </Panel>
      )}

      {tokenInfo && <TokenPanel token={tokenInfo} />}

      <div className="grid gap-4 md:grid-cols-2">
        <ToolCard to={logsToolPath(address)} title="Logs" icon={<SearchIcon className="size-5" />} testId="address-logs-link">
          Every event this address emitted, over any block range (eth_getLogs).
        </ToolCard>
        <ToolCard to={storageToolPath(address)} title="Storage" icon={<CubeIcon className="size-5" />} testId="address-storage-link">
          Read its storage slots, with mapping and array slots worked out (eth_getStorageAt).
        </ToolCard>
      </div>

      {account.data && isContract && <ContractPanel network={network} address={address} history={history} />}

      {account.data && isContract && <VerifiedSourcePanel network={network} address={address} />}

      {account.data && isContract && <ReadContractPanel network={network} address={address} pasted={pastedAbi} />}

      {account.data && isContract && <WriteContractPanel network={network} address={address} pastedAbi={pastedAbi.abi} />}

      <BalancesPanel
        network={network}
        address={address}
        transfers={transfers}
        block={activity.snapshot?.phase === 'done' && activity.snapshot.range ? (`0x${activity.snapshot.range.to.toString(16)}` as const) : undefined}
        scanning={!activity.snapshot || activity.snapshot.phase === 'resolving' || activity.snapshot.phase === 'scanning'}
      />

      {tokenInfo && scanHead !== null && <HoldersPanel network={network} token={address} info={tokenInfo} head={scanHead} />}

      <Panel title="Activity" testId="address-activity" actions={<ActivityTabs tab={tab} history={history} onTab={(next) => updateSearch({ tab: next === 'tokens' ? 'tokens' : null })} />}>
        <div role="tabpanel" id={`address-tab-${tab}`} aria-labelledby={`address-tab-${tab}-button`}>
          {/* Asked before the probe answers, so the first page leaves in the same batch as ots_getApiLevel (one round trip);
              where the node turns out to have no ots_*, the probe's answer switches the tab to token transfers. */}
          {tab === 'transactions' && history?.offered !== false ? (
            <HistoryPanel network={network} address={address} cursor={parseHistoryCursor(search.get('page'))} onCursor={(cursor: HistoryCursor) => updateSearch({ page: historyCursorText(cursor) })} />
          ) : tab === 'transactions' ? (
            scan ? <ScannedHistoryPanel network={network} address={address} scan={scan} onRescan={rescan} /> : <HistorySkeleton />
          ) : (
            <>
              <TokenActivity
                network={network}
                address={address}
                search={activity.search}
                snapshot={activity.snapshot}
                rows={transferList}
                problem={range.ok ? null : range.problem}
                from={search.get('from') ?? ''}
                to={search.get('to') ?? ''}
                onRange={(from, to) => updateSearch({ from: from || null, to: to || null, tab: 'tokens' })}
              />
            </>
          )}
        </div>
      </Panel>

      {account.data && isContract && <CodePanel account={account.data} />}
    </div>
  )
}

/** The two kinds of activity: the node's history (where it keeps one) and token transfers from logs (anywhere). */
function ActivityTabs({ tab, history, onTab }: { tab: 'transactions' | 'tokens'; history: HistoryMethods | undefined; onTab: (tab: 'transactions' | 'tokens') => void }) {
  const tabs = [
    { id: 'transactions' as const, label: 'Transactions', disabled: false, title: history?.offered === false ? 'Read block by block: this node has no history methods (ots_*)' : 'ots_searchTransactionsBefore/After' },
    { id: 'tokens' as const, label: 'Token transfers', disabled: false, title: 'eth_getLogs: ERC-20/721 Transfer, ERC-1155 TransferSingle/Batch' },
  ]
  return (
    <div role="tablist" aria-label="Activity" className="flex gap-1 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800" data-testid="address-tabs">
      {tabs.map((entry, index) => (
        <button
          key={entry.id}
          type="button"
          role="tab"
          id={`address-tab-${entry.id}-button`}
          aria-selected={tab === entry.id}
          aria-controls={`address-tab-${entry.id}`}
          tabIndex={tab === entry.id ? 0 : -1}
          disabled={entry.disabled}
          title={entry.title}
          data-testid={`address-tab-${entry.id}`}
          onClick={() => onTab(entry.id)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
            const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!
            if (next.disabled) return
            onTab(next.id)
            document.getElementById(`address-tab-${next.id}-button`)?.focus()
          }}
          className="rounded-md px-3 py-1 text-xs font-medium text-zinc-600 transition aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-300 dark:aria-selected:bg-zinc-700 dark:aria-selected:text-white"
        >
          {entry.label}
        </button>
      ))}
    </div>
  )
}

const noSubscription = () => () => {}

/** Until the head is known, the scan's range is not: the table's own loading rows. */
function HistorySkeleton() {
  return <div className="px-5 py-8 text-sm text-zinc-500 dark:text-zinc-400" data-testid="scanned-history-waiting">Finding the chain&apos;s head…</div>
}

type TokenRange = { ok: true; from: RangeEnd; to: RangeEnd; key: string } | { ok: false; problem: string }

/** The scan's range from the URL: numbers, or the last 100,000 blocks up to the head by default. */
export function tokenRange(fromText: string | null, toText: string | null, head: string | undefined): TokenRange {
  const number = (text: string) => (/^\d{1,15}$/.test(text) ? BigInt(text) : null)
  const to = toText ? number(toText) : null
  if (toText && to === null) return { ok: false, problem: `“${toText}” is not a block number: give a whole number, or leave it empty for the latest block.` }
  if (fromText === null || fromText === '') {
    if (head === undefined) return { ok: false, problem: '' }
    const top = to ?? BigInt(head)
    const from = top > defaultTokenRange ? top - defaultTokenRange + 1n : 0n
    return { ok: true, from: { kind: 'number', number: from }, to: to === null ? { kind: 'tag', tag: 'latest' } : { kind: 'number', number: to }, key: `${from}-${toText ?? 'latest'}` }
  }
  const from = number(fromText)
  if (from === null) return { ok: false, problem: `“${fromText}” is not a block number: give a whole number.` }
  if (to !== null && from > to) return { ok: false, problem: `From block ${from} is after to block ${to}: nothing to scan.` }
  return { ok: true, from: { kind: 'number', number: from }, to: to === null ? { kind: 'tag', tag: 'latest' } : { kind: 'number', number: to }, key: `${from}-${toText ?? 'latest'}` }
}

/** The token-activity scan for the page's address and range, started in the commit and stopped when the page leaves. */
function useTokenActivity(network: AppNetwork, address: AddressType | null, range: Extract<TokenRange, { ok: true }> | null): { search: LogSearch | null; snapshot: LogSearchSnapshot | null } {
  const key = address && range ? `${address}:${range.key}` : null
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says when the range or address really changed
  const search = useMemo(() => (address && range ? createTokenActivitySearch(network, address, range.from, range.to) : null), [network, key])
  const snapshot = useRunningSearch(search)
  return { search, snapshot }
}

function StateAt({ head }: { head: string }) {
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="address-state-at">
      <span className="size-1.5 rounded-full bg-emerald-500" />
      at the latest block, <BlockLink number={BigInt(head)} copy={false} />
    </span>
  )
}
