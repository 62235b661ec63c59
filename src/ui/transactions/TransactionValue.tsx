import { useQuery } from '@tanstack/react-query'
import type { Hex } from 'viem'
import { decodeTokenEvent } from '../../evm/tokenEvents.ts'
import { tokenTransfers, type TokenTransfer } from '../../evm/tokenTransfers.ts'
import { formatEther, formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { isToken, tokenQuery } from '../../queries/token.ts'
import type { Log } from '../../rpc/schemas.ts'

/** How many fraction digits a list shows of ether and token amounts (exact in the title). */
const listDigits = 6

/** The movement in one short phrase: "12.5 GLS", "SHARD #42", "5 × #7". */
function TokenMovement({ network, transfer }: { network: Network; transfer: TokenTransfer }) {
  // One query per token, shared with every other row and page that names it (cached for a minute).
  const info = useQuery(tokenQuery(network, transfer.token)).data
  const token = isToken(info) ? info : null
  const symbol = token?.symbol ?? 'tokens'
  const text =
    transfer.standard === 'ERC-20'
      ? `${formatTokenAmount(transfer.value, token?.decimals ?? null, listDigits)} ${symbol}`
      : transfer.standard === 'ERC-721'
        ? `${token?.symbol ?? 'NFT'} #${formatInteger(transfer.tokenId)}`
        : `${formatInteger(transfer.value)} × #${formatInteger(transfer.tokenId)}`
  const exact = transfer.standard === 'ERC-20' ? `${formatTokenAmount(transfer.value, token?.decimals ?? null)} ${symbol} (${transfer.value} base units)` : text
  return (
    <span title={exact} data-testid="value-token" data-standard={transfer.standard}>
      {text}
    </span>
  )
}

/** An ERC-20 approval the transaction set: what a call that moved nothing did allow. */
function ApprovalAmount({ network, token, value }: { network: Network; token: Hex; value: bigint }) {
  const info = useQuery(tokenQuery(network, token)).data
  const known = isToken(info) ? info : null
  const unlimited = value === 2n ** 256n - 1n
  const amount = unlimited ? 'unlimited' : formatTokenAmount(value, known?.decimals ?? null, listDigits)
  return (
    <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400" data-testid="value-approval" title="The transaction moved no tokens; it set an allowance (ERC-20 Approval)">
      approve {amount} {known?.symbol ?? 'tokens'}
    </span>
  )
}

/**
 * A list's Value cell: the ether sent, and when the receipt shows tokens moving, the first movement (and how
 * many more), or the allowance an approval set, so a token call never reads as only "0 ETH". Without a receipt
 * yet, the ether alone.
 */
export function TransactionValue({ network, value, logs, testId }: { network: Network; value: Hex; logs: readonly Log[] | undefined; testId?: string }) {
  const wei = BigInt(value)
  const moved = logs ? logs.flatMap(tokenTransfers) : []
  const first = moved[0]
  const approval = !first && wei === 0n ? logs?.map((log) => ({ log, event: decodeTokenEvent(log) })).find((entry) => entry.event?.standard === 'ERC-20' && entry.event.event === 'Approval') : undefined
  const ether = (
    <span title={formatEther(wei)} className={first && wei === 0n ? 'sr-only' : undefined}>
      {formatEther(wei, listDigits)}
    </span>
  )
  return (
    <span className="inline-flex flex-col items-end whitespace-nowrap tabular-nums" data-testid={testId} data-value={wei.toString(10)} data-token-transfers={moved.length}>
      {first ? (
        <>
          <span className="inline-flex items-baseline gap-1">
            <TokenMovement network={network} transfer={first} />
            {moved.length > 1 && <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">+{moved.length - 1}</span>}
          </span>
          {wei > 0n ? <span className="text-xs font-normal text-zinc-500 dark:text-zinc-400">{ether}</span> : ether}
        </>
      ) : approval?.event?.event === 'Approval' && approval.event.standard === 'ERC-20' ? (
        <>
          {ether}
          <ApprovalAmount network={network} token={approval.log.address} value={approval.event.value} />
        </>
      ) : (
        ether
      )}
    </span>
  )
}
