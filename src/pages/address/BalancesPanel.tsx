import { useQuery } from '@tanstack/react-query'
import type { Address as AddressType, Hex } from 'viem'
import type { TokenTransfer } from '../../evm/tokenTransfers.ts'
import { formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { holdingsOf, tokenBalancesQuery, type HoldingBalance } from '../../queries/tokenBalances.ts'
import { isToken, tokenQuery } from '../../queries/token.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { retryFor } from '../../ui/retryFor.ts'

function HoldingRow({ network, holding }: { network: AppNetwork; holding: HoldingBalance }) {
  const info = useQuery(tokenQuery(network, holding.token)).data
  const token = isToken(info) ? info : null
  const balance = holding.balances[0]?.balance ?? null
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3" data-testid="balance-row" data-token={holding.token.toLowerCase()} data-standard={holding.standard}>
      <span className="flex min-w-0 items-center gap-2">
        <span className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{token?.name ?? 'Unnamed token'}</span>
        <Badge>{holding.standard}</Badge>
        <Address address={holding.token} copy={false} />
      </span>
      <span className="text-right text-sm tabular-nums" data-testid="balance-amount">
        {holding.standard === 'ERC-1155' ? (
          holding.balances.map((entry) => (
            <span key={String(entry.id)} className="block" data-value={entry.balance?.toString() ?? ''}>
              #{formatInteger(entry.id ?? 0n)}: {entry.balance === null ? 'not readable' : formatInteger(entry.balance)}
            </span>
          ))
        ) : balance === null ? (
          <span className="text-zinc-500 dark:text-zinc-400">not readable (balanceOf refused)</span>
        ) : (
          <span data-testid="balance-value" data-value={balance.toString()} title={`${balance} base units`}>
            <span className="font-semibold">{holding.standard === 'ERC-721' ? formatInteger(balance) : formatTokenAmount(balance, token?.decimals ?? null)}</span>{' '}
            <span className="text-zinc-500 dark:text-zinc-400">{holding.standard === 'ERC-721' ? `${token?.symbol ?? 'NFT'} held` : (token?.symbol ?? 'base units')}</span>
          </span>
        )}
      </span>
    </li>
  )
}

/**
 * What the address holds of every token seen in its activity, read in one batch at one block the panel names
 * (the head when the scan finished): ERC-20 amounts with decimals and symbol, ERC-721 counts, ERC-1155 per id.
 */
export function BalancesPanel({ network, address, transfers, block, scanning }: { network: AppNetwork; address: AddressType; transfers: readonly TokenTransfer[] | undefined; block: Hex | undefined; scanning: boolean }) {
  const holdings = transfers ? holdingsOf(transfers) : []
  const enabled = !scanning && block !== undefined && holdings.length > 0
  const balances = useQuery({ ...tokenBalancesQuery(network, address, holdings, block ?? '0x0'), enabled })
  return (
    <Panel
      title="Token balances"
      testId="address-balances"
      actions={block && enabled ? <span className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="address-balances-block">at block <BlockLink number={BigInt(block)} copy={false} /></span> : undefined}
    >
      {scanning || transfers === undefined ? (
        <div className="space-y-3 px-5 py-4" aria-busy="true">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Looking for the tokens this address moved…</p>
          <Skeleton className="block h-4 w-72" />
        </div>
      ) : holdings.length === 0 ? (
        <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400" data-testid="address-balances-none">
          No token transfers from or to this address in the scanned range, so no token balances to read.
        </p>
      ) : balances.error ? (
        <div className="p-4">
          <ErrorPanel error={balances.error} compact onRetry={retryFor(balances)} />
        </div>
      ) : balances.data ? (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {balances.data.map((holding) => (
            <HoldingRow key={`${holding.token}:${holding.standard}`} network={network} holding={holding} />
          ))}
        </ul>
      ) : (
        <div className="px-5 py-4" aria-busy="true">
          <Skeleton className="block h-4 w-72" />
        </div>
      )}
    </Panel>
  )
}
