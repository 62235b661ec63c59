import { useQueries } from '@tanstack/react-query'
import { useState } from 'react'
import { zeroAddress, type Address as AddressType } from 'viem'
import type { TokenTransfer } from '../../evm/tokenTransfers.ts'
import { formatInteger } from '../../format/numbers.ts'
import { isToken, tokenQuery, type TokenInfo } from '../../queries/token.ts'
import { Address } from '../../ui/Address.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { addressPath } from '../../urls.ts'
import { tokenMovements, type TransactionData } from './model.ts'
import { FromTo } from './parts.tsx'
import { formatTokenAmount } from './tokenAmount.ts'

/** Movements shown before "Show all": a typical swap or airdrop reads whole, a 10,000-transfer batch does not swamp the page. */
const firstShown = 25

/** The element the Overview's value note moves focus to. */
export const tokensTransferredId = 'tokens-transferred'

/** The token by its name and symbol, linking to its address page; its address (shortened) while unknown or nameless. */
function TokenName({ address, token, loading }: { address: AddressType; token: TokenInfo | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-4 w-24" />
  if (!isToken(token)) return <Address address={address} testId="tx-token-name" />
  const name = token.name ?? token.symbol ?? ''
  return (
    <AppLink to={addressPath(address)} testId="tx-token-name" title={address} className="inline-flex max-w-[16rem] min-w-0 items-baseline gap-1 truncate font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
      <span className="truncate">{name}</span>
      {token.symbol && token.name && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">({token.symbol})</span>}
    </AppLink>
  )
}

/** An amount with decimals and symbol; a click (or hover) shows it in base units, as the log holds it. */
function FungibleAmount({ value, token, loading }: { value: bigint; token: TokenInfo | undefined; loading: boolean }) {
  const [raw, setRaw] = useState(false)
  if (loading) return <Skeleton className="h-4 w-20" />
  const decimals = token?.decimals ?? null
  const baseUnits = `${formatInteger(value)} base units`
  return (
    <button
      type="button"
      onClick={() => setRaw((shown) => !shown)}
      aria-pressed={raw}
      title={decimals === null ? `${baseUnits} (the contract did not say its decimals)` : `${baseUnits}; click to switch`}
      className="rounded-md px-1 font-medium tabular-nums text-zinc-900 transition hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-100 dark:hover:bg-zinc-800"
      data-testid="tx-token-amount"
      data-value={value.toString(10)}
    >
      {raw || decimals === null ? baseUnits : formatTokenAmount(value, decimals)}
      {!raw && decimals !== null && token?.symbol && (
        <>
          {' '}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">{token.symbol}</span>
        </>
      )}
    </button>
  )
}

function TokenId({ id }: { id: bigint }) {
  return (
    <span className="font-medium tabular-nums" data-testid="tx-token-id" data-value={id.toString(10)} title={`token id ${id.toString(10)}`}>
      #{formatInteger(id)}
    </span>
  )
}

function Movement({ transfer, token, loading }: { transfer: TokenTransfer; token: TokenInfo | undefined; loading: boolean }) {
  const party = (address: AddressType, testId: string) => <Address address={address} testId={testId} />
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-5 py-3 text-sm" data-testid="tx-token-transfer" data-standard={transfer.standard} data-token={transfer.token}>
      <Badge tone="accent">{transfer.standard}</Badge>
      {transfer.from === zeroAddress && <Badge tone="success">mint</Badge>}
      {transfer.to === zeroAddress && <Badge tone="warning">burn</Badge>}
      <FromTo from={party(transfer.from, 'tx-token-from')} to={party(transfer.to, 'tx-token-to')} />
      <span className="ml-auto inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        {transfer.standard === 'ERC-20' && <FungibleAmount value={transfer.value} token={token} loading={loading} />}
        {transfer.standard === 'ERC-721' && <TokenId id={transfer.tokenId} />}
        {transfer.standard === 'ERC-1155' && (
          <>
            <TokenId id={transfer.tokenId} />
            <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-500">
              ×
            </span>
            <span className="sr-only">times</span>
            <span className="font-medium tabular-nums" data-testid="tx-token-count" data-value={transfer.value.toString(10)}>
              {formatInteger(transfer.value)}
            </span>
          </>
        )}
        <TokenName address={transfer.token} token={token} loading={loading} />
      </span>
    </li>
  )
}

/**
 * "Tokens transferred": every token movement the receipt's logs record, from → to with the amount in the
 * token's decimals and symbol (each token asked once), ERC-721 ids, ERC-1155 id × amount. Nothing when
 * there are none or the receipt is not here yet (the logs panel shows that it is loading).
 */
export function TokenTransfersPanel({ data }: { data: TransactionData }) {
  const [showAll, setShowAll] = useState(false)
  const movements = tokenMovements(data) ?? []
  const tokenAddresses = [...new Set(movements.map((movement) => movement.token))]
  const tokens = useQueries({ queries: tokenAddresses.map((address) => tokenQuery(data.network, address)) })
  if (movements.length === 0) return null
  const shown = showAll ? movements : movements.slice(0, firstShown)
  const infoOf = (address: AddressType) => tokens[tokenAddresses.indexOf(address)]
  return (
    <div id={tokensTransferredId} tabIndex={-1} className="scroll-mt-20 rounded-2xl focus:outline-none">
      <Panel title={`Tokens transferred (${formatInteger(movements.length)})`} testId="tx-tokens">
        <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {shown.map((movement, index) => {
            const info = infoOf(movement.token)
            return <Movement key={index} transfer={movement} token={info?.data} loading={info?.isPending ?? false} />
          })}
        </ol>
        {movements.length > shown.length && (
          <footer className="border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
            <button type="button" onClick={() => setShowAll(true)} className="text-sm font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300" data-testid="tx-tokens-show-all">
              Show all {formatInteger(movements.length)} movements
            </button>
          </footer>
        )}
      </Panel>
    </div>
  )
}
