import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { Hex } from 'viem'
import type { PublishedStorageLayout } from '../../../contract/publishedContracts.ts'
import type { StateDiff } from '../../../contract/tracing.ts'
import type { Names } from '../../evm/names/names.ts'
import { stateChanges, type AccountChange } from '../../evm/stateChanges.ts'
import { nameSlots, type SlotKeys } from '../../evm/storage/slotNames.ts'
import { tokenDeltas, type TokenDelta } from '../../evm/tokenDeltas.ts'
import type { LogLike } from '../../evm/tokenEvents.ts'
import { tokenTransfers } from '../../evm/tokenTransfers.ts'
import { formatEther, formatInteger, formatTokenAmount } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { isToken, tokenQuery } from '../../queries/token.ts'
import { balanceAroundQuery } from '../../queries/traces.ts'
import { Address } from '../Address.tsx'
import { Badge } from '../Badge.tsx'

/** A log as the state view reads it: where it came from, and its topics and data. */
export type ChangeLog = LogLike & { address: Hex }

const noLogs: readonly ChangeLog[] = []

function signedEther(delta: bigint): string {
  return `${delta > 0n ? '+' : delta < 0n ? '−' : ''}${formatEther(delta < 0n ? -delta : delta)}`
}

function AccountRow({ change, contractName, layout, slotKeys }: { change: AccountChange; contractName: string | null; layout: PublishedStorageLayout | undefined; slotKeys: SlotKeys }) {
  const { balance, nonce, code, storage } = change
  const slotNames = useMemo(() => (layout ? nameSlots(layout, storage.map((slot) => slot.slot), slotKeys) : new Map<bigint, string>()), [layout, storage, slotKeys])
  return (
    <li className="space-y-2 px-5 py-4 text-sm" data-testid="tx-state-account" data-address={change.address}>
      <div className="flex flex-wrap items-center gap-2">
        <Address address={change.address} short={false} />
        {contractName && <Badge tone="accent">{contractName}</Badge>}
        {code && code.before === '0x' && <Badge tone="success">created</Badge>}
        {change.destroyed && <Badge tone="danger">destroyed</Badge>}
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[6rem_1fr]">
        {balance && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Balance</dt>
            <dd className="tabular-nums" data-testid="tx-state-balance" data-before={balance.before.toString(10)} data-after={balance.after.toString(10)}>
              {formatEther(balance.before)} → {formatEther(balance.after)}{' '}
              <span className={balance.after >= balance.before ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}>({signedEther(balance.after - balance.before)})</span>
            </dd>
          </>
        )}
        {nonce && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Nonce</dt>
            <dd className="tabular-nums" data-testid="tx-state-nonce">
              {formatInteger(nonce.before)} → {formatInteger(nonce.after)}
            </dd>
          </>
        )}
        {code && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">Code</dt>
            <dd data-testid="tx-state-code">
              {formatInteger((code.before.length - 2) / 2)} → {formatInteger((code.after.length - 2) / 2)} bytes
            </dd>
          </>
        )}
      </dl>
      {storage.length > 0 && (
        <table className="w-full table-fixed font-mono text-[12px]" data-testid="tx-state-storage">
          <caption className="sr-only">Storage slots changed</caption>
          <thead className="text-left font-sans text-xs text-zinc-500 dark:text-zinc-400">
            <tr>
              <th scope="col" className="w-1/3 py-1 font-medium">Slot</th>
              <th scope="col" className="w-1/3 py-1 font-medium">Before</th>
              <th scope="col" className="w-1/3 py-1 font-medium">After</th>
            </tr>
          </thead>
          <tbody>
            {storage.map((slot) => (
              <tr key={slot.slot} data-testid="tx-state-slot" data-slot={slot.slot} data-before={slot.before} data-after={slot.after} className="align-top">
                <td className="py-1 pr-2 break-all">
                  {slotNames.has(BigInt(slot.slot)) && (
                    <span className="block font-sans text-[13px] font-medium break-all text-zinc-800 dark:text-zinc-200" data-testid="tx-state-slot-name">
                      {slotNames.get(BigInt(slot.slot))}
                    </span>
                  )}
                  {compactWord(slot.slot)}
                </td>
                <td className="py-1 pr-2 break-all text-zinc-500 dark:text-zinc-400">{compactWord(slot.before)}</td>
                <td className="py-1 break-all">{compactWord(slot.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  )
}

function TokenDeltaRow({ network, delta, blockNumber }: { network: AppNetwork; delta: TokenDelta; blockNumber: bigint | null }) {
  const token = useQuery(tokenQuery(network, delta.token))
  const around = useQuery({ ...balanceAroundQuery(network, delta.token, delta.holder, blockNumber ?? 0n), enabled: blockNumber !== null })
  const info = isToken(token.data) ? token.data : null
  const amount = (value: bigint) => (delta.standard === 'ERC-721' ? `${value} token${value === 1n || value === -1n ? '' : 's'}` : formatTokenAmount(value, info?.decimals ?? null))
  const sign = delta.delta > 0n ? '+' : '−'
  const moved = around.data && around.data.before !== null && around.data.after !== null ? around.data.after - around.data.before : null
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 text-sm" data-testid="tx-token-delta" data-token={delta.token.toLowerCase()} data-holder={delta.holder.toLowerCase()} data-delta={delta.delta.toString(10)}>
      <Address address={delta.holder} />
      <span className={`font-medium tabular-nums ${delta.delta > 0n ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}>
        {sign}
        {amount(delta.delta < 0n ? -delta.delta : delta.delta)} {info?.symbol ?? ''}
      </span>
      <Address address={delta.token} label={info?.name ?? undefined} />
      <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400" data-testid="tx-token-check" data-moved={moved?.toString(10)}>
        {blockNumber === null
          ? 'from the simulated logs'
          : around.isPending
          ? 'checking balanceOf…'
          : moved === null
            ? 'balanceOf not readable'
            : moved === delta.delta
              ? `balanceOf moved by exactly this in block ${blockNumber}`
              : `balanceOf moved by ${moved > 0n ? '+' : ''}${amount(moved)} in block ${blockNumber}: other transactions in it moved it too`}
      </span>
    </li>
  )
}

/** Token balances the logs changed, each checked against balanceOf around its block when there is one (a mined transaction). */
function TokenDeltas({ network, logs, blockNumber }: { network: AppNetwork; logs: readonly ChangeLog[]; blockNumber: bigint | null }) {
  const deltas = useMemo(() => tokenDeltas(logs.flatMap((log) => tokenTransfers(log))), [logs])
  if (deltas.length === 0) return null
  return (
    <div className="border-b border-zinc-100 dark:border-zinc-800">
      <h3 className="px-5 pt-4 text-sm font-semibold">Token balances</h3>
      <ol data-testid="tx-token-deltas">
        {deltas.map((delta) => (
          <TokenDeltaRow key={`${delta.token}:${delta.holder}`} network={network} delta={delta} blockNumber={blockNumber} />
        ))}
      </ol>
    </div>
  )
}

/** The keys a changed mapping entry most likely has: the addresses the transaction touched, the numbers its logs carry. */
function slotKeysOf(addressesSeen: readonly Hex[], logs: readonly ChangeLog[]): SlotKeys {
  const addresses = new Set<Hex>(addressesSeen.map((address) => address.toLowerCase() as Hex))
  const numbers = new Set<bigint>()
  for (const log of logs) {
    addresses.add(log.address.toLowerCase() as Hex)
    for (const topic of log.topics.slice(1)) {
      const value = BigInt(topic)
      if (topic.slice(2, 26) === '0'.repeat(24) && value >= 1n << 128n) addresses.add(`0x${topic.slice(26)}` as Hex)
      else if (value < 1n << 64n) numbers.add(value)
    }
  }
  return { addresses: [...addresses], numbers: [...numbers] }
}

/** A 32-byte word without its leading zeros (0x0 for zero): what storage keys and small values read as. */
function compactWord(word: Hex): string {
  const digits = word.slice(2).replace(/^0+/, '')
  return digits.length > 0 && digits.length < 48 ? `0x${digits}` : digits.length === 0 ? '0x0' : word
}

/**
 * What a transaction (or a simulation) changed: token balances from its Transfer logs (checked against balanceOf
 * around a mined transaction's block), then per account balance, nonce, code and storage slots before and after
 * from prestateTracer's diff, the slots named where the contract's storage layout is published. `first`: the
 * accounts listed first (the sender, the recipient).
 */
export function StateChangesView({ network, names, diff, first, logs = noLogs, blockNumber }: { network: AppNetwork; names: Names | null; diff: StateDiff; first: readonly Hex[]; logs?: readonly ChangeLog[]; blockNumber: bigint | null }) {
  // Worked out once per answer, not per render: the rows' slot names are memoised on these keys.
  const order = first.join(' ')
  const { changes, slotKeys } = useMemo(() => {
    const leading = order === '' ? [] : (order.split(' ') as Hex[])
    const found = stateChanges(diff, leading)
    return { changes: found, slotKeys: slotKeysOf([...leading, ...found.map((change) => change.address)], logs) }
  }, [diff, order, logs])
  return (
    <>
      <TokenDeltas network={network} logs={logs} blockNumber={blockNumber} />
      <ol className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="tx-state-list" data-accounts={changes.length}>
        {changes.map((change) => {
          const contract = names?.contractAt(change.address)
          return <AccountRow key={change.address} change={change} contractName={contract?.name ?? null} layout={contract?.storageLayout} slotKeys={slotKeys} />
        })}
      </ol>
    </>
  )
}
