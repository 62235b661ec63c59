import type { ReactNode } from 'react'
import type { Hex } from 'viem'
import { byteLength } from '../../format/hex.ts'
import { formatEther, formatGwei, formatInteger } from '../../format/numbers.ts'
import type { L2aL1Data, L2aRawTransaction } from '../../rpc/l2Schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Age } from '../../ui/Age.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { ChevronDownIcon } from '../../ui/icons.tsx'
import { formatMillis, formatMillisUtc, isoMillis } from '../../format/time.ts'

type Row = { key: string; label: string; help: string; value: ReactNode; raw?: string | null }

const hex = (value: Hex) => BigInt(value)

/** The integer as sent, beneath the grouped one, only when grouping changed how it reads. */
const rawInteger = (value: number) => (formatInteger(value) === String(value) ? null : String(value))

/** A whole number the node sent as a JSON integer: grouped, with a copy of the digits. */
function Integer({ value, unit }: { value: number; unit?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5">
      <span className="tabular-nums">
        {formatInteger(value)}
        {unit ? ` ${unit}` : ''}
      </span>
      <CopyButton value={String(value)} label="Copy number" />
    </span>
  )
}

/** common_data.L1, every field the spec lists, in its order. */
function l1Rows(l1: L2aL1Data): Row[] {
  return [
    { key: 'canonicalTxHash', label: 'Canonical tx hash', help: 'The hash of the transaction on this network', value: <Hash value={l1.canonicalTxHash} short={false} copyLabel="Copy hash" /> },
    { key: 'deadlineBlock', label: 'Deadline block', help: 'The layer-1 block by which the operation must be processed (0: none given)', value: <Integer value={l1.deadlineBlock} />, raw: rawInteger(l1.deadlineBlock) },
    { key: 'ethBlock', label: 'Layer-1 block', help: 'ethBlock: the layer-1 block the transaction was submitted in', value: <Integer value={l1.ethBlock} />, raw: rawInteger(l1.ethBlock) },
    { key: 'ethHash', label: 'Layer-1 tx hash', help: 'ethHash: the submitting layer-1 transaction (all zeros when the provider did not record it)', value: <Hash value={l1.ethHash} short={false} copyLabel="Copy hash" /> },
    { key: 'fullFee', label: 'Full fee', help: 'fullFee, in wei', value: formatEther(hex(l1.fullFee)), raw: l1.fullFee },
    { key: 'gasLimit', label: 'Gas limit', help: 'gasLimit', value: `${formatInteger(hex(l1.gasLimit))} gas`, raw: l1.gasLimit },
    { key: 'gasPerPubdataLimit', label: 'Gas per pubdata limit', help: 'gasPerPubdataLimit: the most gas paid per byte of published data', value: `${formatInteger(hex(l1.gasPerPubdataLimit))} gas per byte`, raw: l1.gasPerPubdataLimit },
    { key: 'layer2TipFee', label: 'Layer-2 tip fee', help: 'layer2TipFee, in wei', value: formatEther(hex(l1.layer2TipFee)), raw: l1.layer2TipFee },
    { key: 'maxFeePerGas', label: 'Max fee per gas', help: 'maxFeePerGas, in wei per gas', value: formatGwei(hex(l1.maxFeePerGas), 9), raw: l1.maxFeePerGas },
    { key: 'opProcessingType', label: 'Processing type', help: 'opProcessingType', value: <Badge>{l1.opProcessingType}</Badge> },
    { key: 'priorityQueueType', label: 'Priority queue', help: 'priorityQueueType', value: <Badge>{l1.priorityQueueType}</Badge> },
    { key: 'refundRecipient', label: 'Refund recipient', help: 'refundRecipient: who gets unused gas back', value: <Address address={l1.refundRecipient} short={false} /> },
    { key: 'sender', label: 'Sender', help: 'sender: the layer-1 account that submitted the transaction', value: <Address address={l1.sender} short={false} /> },
    { key: 'serialId', label: 'Serial id', help: 'serialId: the position in the priority queue', value: <Integer value={l1.serialId} />, raw: rawInteger(l1.serialId) },
    { key: 'toMint', label: 'To mint', help: 'toMint: ether bridged to this network with the transaction, in wei', value: formatEther(hex(l1.toMint)), raw: l1.toMint },
  ]
}

function executeRows(execute: L2aRawTransaction['execute']): Row[] {
  const selector = execute.calldata.length >= 10 ? execute.calldata.slice(0, 10) : null
  const deps = execute.factoryDeps ?? []
  return [
    {
      key: 'calldata',
      label: 'Calldata',
      help: 'calldata: the function selector and ABI-encoded arguments',
      value: (
        <div className="w-full space-y-1.5">
          {selector && (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">
              Function selector <code className="font-mono text-zinc-700 dark:text-zinc-300">{selector}</code>
            </p>
          )}
          <HexBlock value={execute.calldata} label="Copy calldata" />
        </div>
      ),
    },
    { key: 'contractAddress', label: 'Contract', help: 'contractAddress: the contract called on this network', value: <Address address={execute.contractAddress} short={false} /> },
    {
      key: 'factoryDeps',
      label: 'Factory deps',
      help: 'factoryDeps: bytecodes the transaction makes available for deployment',
      value:
        deps.length === 0 ? (
          <span className="text-zinc-500 dark:text-zinc-400">none ({execute.factoryDeps === null ? 'null' : 'an empty list'})</span>
        ) : (
          <ol className="w-full space-y-2">
            {deps.map((dep, index) => (
              <li key={index}>
                <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">
                  Bytecode {index} · {formatInteger(byteLength(dep))} bytes
                </p>
                <HexBlock value={dep} label="Copy bytecode" />
              </li>
            ))}
          </ol>
        ),
    },
    { key: 'value', label: 'Value', help: 'value, in wei', value: formatEther(hex(execute.value)), raw: execute.value },
  ]
}

function Section({ title, note, rows, prefix }: { title: string; note: string; rows: Row[]; prefix: string }) {
  return (
    <section>
      <h3 className="flex flex-wrap items-baseline gap-x-2 border-y border-zinc-100 bg-zinc-50/70 px-5 py-2 text-xs font-semibold uppercase tracking-[0.06em] text-zinc-500 dark:border-zinc-800 dark:bg-zinc-950/30 dark:text-zinc-400">
        {title}
        <code className="font-mono text-[11px] font-normal normal-case tracking-normal text-zinc-500 dark:text-zinc-400">{note}</code>
      </h3>
      <InfoList>
        {rows.map((row) => (
          <InfoRow key={row.key} label={row.label} help={row.help} raw={row.raw} testId={`${prefix}-${row.key}`}>
            {row.value}
          </InfoRow>
        ))}
      </InfoList>
    </section>
  )
}

/** One raw transaction in full: where it came from on layer 1, what it executes, and when it was received. */
export function RawTransactionCard({ transaction, index, collapsed }: { transaction: L2aRawTransaction; index: number; collapsed: boolean }) {
  const prefix = `l2a-tx-${index}`
  const l1 = transaction.common_data.L1
  const otherVariant = l1 ? null : Object.keys(transaction.common_data)[0] ?? null
  const received = transaction.received_timestamp_ms
  return (
    <details id={prefix} open={!collapsed} data-testid={prefix} className="group scroll-mt-24 rounded-2xl bg-white shadow-sm ring-1 ring-zinc-200/80 dark:bg-zinc-900/70 dark:shadow-none dark:ring-zinc-800">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3.5 [&::-webkit-details-marker]:hidden">
        <ChevronDownIcon className="size-4 -rotate-90 text-zinc-500 dark:text-zinc-400 transition group-open:rotate-0" />
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Transaction {index}</h2>
        {l1 && <Badge tone="accent">serial {formatInteger(l1.serialId)}</Badge>}
        {l1 && <Badge>{l1.priorityQueueType}</Badge>}
        <span className="ml-auto text-xs text-zinc-500 dark:text-zinc-400">
          received <Age timestamp={received / 1000} />
        </span>
      </summary>
      {l1 ? (
        <Section title="Layer-1 origin" note="common_data.L1" rows={l1Rows(l1)} prefix={prefix} />
      ) : (
        <section className="border-t border-zinc-100 px-5 py-4 text-sm dark:border-zinc-800" data-testid={`${prefix}-common-data`}>
          <p className="text-zinc-600 dark:text-zinc-300">
            common_data holds {otherVariant ? <code className="font-mono">{otherVariant}</code> : 'an object'}, which the spec does not describe; as the node sent it:
          </p>
          <pre className="mt-2 max-h-60 overflow-auto rounded-lg bg-zinc-50 p-3 font-mono text-xs text-zinc-700 ring-1 ring-inset ring-zinc-200/80 dark:bg-zinc-950/60 dark:text-zinc-300 dark:ring-zinc-800">
            {JSON.stringify(transaction.common_data, null, 2)}
          </pre>
        </section>
      )}
      <Section title="Execute" note="execute" rows={executeRows(transaction.execute)} prefix={prefix} />
      <Section
        title="Received"
        note="received_timestamp_ms"
        prefix={prefix}
        rows={[
          {
            key: 'received_timestamp_ms',
            label: 'Received at',
            help: 'received_timestamp_ms: when the node received the transaction',
            value: (
              <span className="flex flex-wrap items-center gap-x-2">
                <time dateTime={isoMillis(received) ?? undefined} className="tabular-nums">
                  {formatMillisUtc(received)}
                </time>
                {formatMillis(received) !== formatMillisUtc(received) && <span className="text-zinc-500 dark:text-zinc-400">· {formatMillis(received)} your time</span>}
              </span>
            ),
            raw: `${received} ms`,
          },
        ]}
      />
    </details>
  )
}
