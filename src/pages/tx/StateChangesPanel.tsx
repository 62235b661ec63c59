import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Hex } from 'viem'
import { stateChanges, type AccountChange } from '../../evm/stateChanges.ts'
import { formatEther, formatInteger } from '../../format/numbers.ts'
import { tracingSupportQuery } from '../../networks/tracing.ts'
import { useNames } from '../../queries/names.ts'
import { stateDiffQuery } from '../../queries/traces.ts'
import { isRetryable } from '../../rpc/errors.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { Button } from '../../ui/Button.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { placement, type TransactionData } from './model.ts'
import { Note } from './parts.tsx'

function signedEther(delta: bigint): string {
  return `${delta > 0n ? '+' : delta < 0n ? '−' : ''}${formatEther(delta < 0n ? -delta : delta)}`
}

function AccountRow({ change, contractName }: { change: AccountChange; contractName: string | null }) {
  const { balance, nonce, code, storage } = change
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
              <th className="w-1/3 py-1 font-medium">Slot</th>
              <th className="w-1/3 py-1 font-medium">Before</th>
              <th className="w-1/3 py-1 font-medium">After</th>
            </tr>
          </thead>
          <tbody>
            {storage.map((slot) => (
              <tr key={slot.slot} data-testid="tx-state-slot" data-slot={slot.slot} data-before={slot.before} data-after={slot.after} className="align-top">
                <td className="py-1 pr-2 break-all">{compactWord(slot.slot)}</td>
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

/** A 32-byte word without its leading zeros (0x0 for zero): what storage keys and small values read as. */
function compactWord(word: Hex): string {
  const digits = word.slice(2).replace(/^0+/, '')
  return digits.length > 0 && digits.length < 48 ? `0x${digits}` : digits.length === 0 ? '0x0' : word
}

function StateBody({ data }: { data: TransactionData }) {
  const { network, hash, transaction, receipt } = data
  const support = useQuery(tracingSupportQuery(network))
  const offered = support.data?.prestateTracer.offered === true
  const diff = useQuery({ ...stateDiffQuery(network, hash), enabled: offered })
  const names = useNames(network)
  if (support.error) return <ErrorPanel error={support.error} onRetry={() => void support.refetch()} compact />
  if (support.isPending || (offered && diff.isPending)) {
    return (
      <div className="space-y-3 px-5 py-4" aria-busy="true" data-testid="tx-state-loading">
        <Skeleton className="block h-4 w-full max-w-xl" />
      </div>
    )
  }
  if (!support.data.prestateTracer.offered) {
    return (
      <div className="px-5 py-4" data-testid="tx-state-unavailable">
        <Note>This node cannot show the state a transaction changed: it needs debug_traceTransaction with prestateTracer in diff mode, which it refused ({support.data.prestateTracer.said}).</Note>
      </div>
    )
  }
  if (diff.error) return <ErrorPanel error={diff.error} onRetry={isRetryable(diff.error) ? () => void diff.refetch() : undefined} compact />
  const first = [transaction?.from, transaction?.to ?? receipt?.contractAddress].filter((address): address is Hex => typeof address === 'string')
  const changes = stateChanges(diff.data!, first)
  return (
    <ol className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="tx-state-list" data-accounts={changes.length}>
      {changes.map((change) => (
        <AccountRow key={change.address} change={change} contractName={names?.contractAt(change.address)?.name ?? null} />
      ))}
    </ol>
  )
}

/**
 * What the transaction changed, per account: balance, nonce, code and storage slots before and after, from the
 * node's prestateTracer in diff mode; asked only when opened.
 */
export function StateChangesPanel({ data }: { data: TransactionData }) {
  const [open, setOpen] = useState(false)
  if (!placement(data)) return null
  return (
    <Panel
      title="State changes"
      testId="tx-state"
      actions={
        <Button size="sm" tone="ghost" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="tx-state-toggle">
          {open ? 'Hide' : 'Show state changes'}
        </Button>
      }
    >
      {open ? <StateBody data={data} /> : <p className="px-5 py-3 text-sm text-zinc-600 dark:text-zinc-400">Balances, nonces, code and storage slots before and after the transaction. Read from the node when opened.</p>}
    </Panel>
  )
}
