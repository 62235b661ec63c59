import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import type { Address as AddressType } from 'viem'
import { checksumAddress } from '../../format/address.ts'
import { formatBytes, formatEther, formatInteger, formatWei } from '../../format/numbers.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { accountQuery, type Account } from '../../queries/account.ts'
import { useHead } from '../../queries/head.ts'
import { isRetryable } from '../../rpc/errors.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { HashTitle } from '../../ui/HashTitle.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { ChevronRightIcon, CubeIcon, SearchIcon } from '../../ui/icons.tsx'
import { InfoList, InfoListSkeleton } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { logsToolPath, storageToolPath } from '../../urls.ts'
import { formatTokenAmount } from '../tx/tokenAmount.ts'
import { isToken, tokenQuery, type TokenInfo } from '../../queries/token.ts'

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** The route's address, lowercased, if it is one. */
export function parseAddress(param: string | undefined): AddressType | null {
  const text = (param ?? '').trim()
  return addressPattern.test(text) ? (text.toLowerCase() as AddressType) : null
}

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
        <ErrorPanel error={account.error} onRetry={isRetryable(account.error) ? () => void account.refetch() : undefined} />
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

      {account.data && isContract && <CodePanel account={account.data} />}
    </div>
  )
}

function StateAt({ head }: { head: string }) {
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="address-state-at">
      <span className="size-1.5 rounded-full bg-emerald-500 motion-safe:animate-pulse" />
      at the latest block, <BlockLink number={BigInt(head)} copy={false} />
    </span>
  )
}
