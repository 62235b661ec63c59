import type { ReactNode } from 'react'
import type { Abi, Hex } from 'viem'
import { decodeRevert, type DecodedRevert } from '../../../contract/revert.ts'
import { Badge } from '../../ui/Badge.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { valueText } from '../../evm/abiValues.ts'
import { ChainText, ResultList, ResultRow } from './formParts.tsx'

type AbiError = Extract<Abi[number], { type: 'error' }>

const kindNames: Record<DecodedRevert['kind'], string> = {
  empty: 'no reason',
  error: 'Error(string)',
  panic: 'Panic(uint256)',
  custom: 'custom error',
  raw: 'not decoded',
}

/** The arguments of a custom error, named by the ABI item that decoded it. */
function customArguments(abi: Abi, decoded: Extract<DecodedRevert, { kind: 'custom' }>) {
  const item = abi.find((entry): entry is AbiError => entry.type === 'error' && entry.name === decoded.name && entry.inputs.length === decoded.args.length)
  return decoded.args.map((arg, index) => ({ name: item?.inputs[index]?.name || `#${index}`, type: item?.inputs[index]?.type ?? '', text: valueText(arg) }))
}

function Reason({ decoded, abi, undecodedHint }: { decoded: DecodedRevert; abi: Abi; undecodedHint: ReactNode }) {
  switch (decoded.kind) {
    case 'error':
      return <ChainText text={decoded.reason} testId="revert-reason" className="text-[15px] font-medium" />
    case 'panic':
      return (
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="rounded-md bg-red-50 px-1.5 py-0.5 font-mono text-[13px] font-semibold text-red-700 ring-1 ring-red-200 ring-inset dark:bg-red-950/50 dark:text-red-300 dark:ring-red-900" data-testid="revert-panic-code">
            0x{decoded.code.toString(16).padStart(2, '0')}
          </span>
          <span className="text-[15px] font-medium" data-testid="revert-panic-meaning">
            {decoded.meaning}
          </span>
        </span>
      )
    case 'custom':
      return (
        <div className="w-full min-w-0 space-y-2">
          <p className="font-mono text-[13px] font-semibold break-all" data-testid="revert-custom">
            {decoded.signature}
          </p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-lg bg-zinc-50 px-3 py-2.5 ring-1 ring-zinc-200/80 ring-inset dark:bg-zinc-950/50 dark:ring-zinc-800" data-testid="revert-custom-args">
            {customArguments(abi, decoded).map((arg) => (
              <div key={arg.name} className="contents">
                <dt className="font-mono text-xs leading-5 whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                  {arg.name} <span className="text-zinc-500 dark:text-zinc-400">{arg.type}</span>
                </dt>
                <dd className="min-w-0 font-mono text-xs leading-5 break-all text-zinc-900 dark:text-zinc-100">
                  <ChainText text={arg.text} />
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )
    case 'raw':
      return (
        <span className="text-zinc-600 dark:text-zinc-300" data-testid="revert-undecoded">
          {decoded.selector ? (
            <>
              Unknown error <span className="font-mono font-medium text-zinc-900 dark:text-zinc-100">{decoded.selector}</span>. {undecodedHint}
            </>
          ) : (
            'The data is too short to be an ABI-encoded error.'
          )}
        </span>
      )
    case 'empty':
      return <span className="text-zinc-600 dark:text-zinc-300">None: revert() or require(condition) without a message, or out of gas.</span>
  }
}

/** What the Call page says of an error its ABI does not name: where to add one. */
const addToBuilder = (
  <>
    Add the contract&apos;s ABI, or the error&apos;s signature (<span className="font-mono">error Name(type,…)</span>), to the data builder to decode it.
  </>
)

type RevertDetailsProps = {
  /** The revert payload; null when the node sent none with its error. */
  data: Hex | null
  /** What custom errors are decoded with: the Call page's builder ABI, or the ABIs a transaction page knows. */
  abi: Abi
  /** The JSON-RPC error that carried the payload, when there was one (a replay, a call); none for a node's record. */
  node?: { message: string; code: number } | null
  /** Rows shown first: where the payload came from. */
  children?: ReactNode
  /** After "Unknown error 0x…": how to get it decoded here. */
  undecodedHint?: ReactNode
  testId?: string
}

/**
 * A revert: the node's message, the reason decoded from the raw data — Error(string), Panic(uint256) with
 * what the code means, or a custom error from the ABI given — and the raw data. The Call page shows a
 * reverted eth_call / eth_estimateGas with it, a failed transaction's page the payload of its failure, so
 * both read a revert the same way. Every string from the chain is a text node.
 */
export function RevertDetails({ data, abi, node = null, children, undecodedHint = addToBuilder, testId = 'revert-details' }: RevertDetailsProps) {
  const decoded = data ? decodeRevert(data, abi) : null
  return (
    <ResultList testId={testId}>
      {children}
      {node && (
        <ResultRow label="Node message" help="The error message of the JSON-RPC answer" aside={<Badge>code {node.code}</Badge>}>
          <ChainText text={node.message} testId="revert-message" className="font-mono text-[13px]" />
        </ResultRow>
      )}
      {decoded && (
        <ResultRow
          label="Decoded reason"
          help="The revert data decoded: Error(string), Panic(uint256), or a custom error the ABI names"
          aside={
            <Badge tone={decoded.kind === 'raw' ? 'warning' : 'danger'} testId="revert-kind">
              {kindNames[decoded.kind]}
            </Badge>
          }
        >
          <Reason decoded={decoded} abi={abi} undecodedHint={undecodedHint} />
        </ResultRow>
      )}
      <ResultRow label="Raw data" help="The revert payload, as the node returned it">
        {data ? <HexBlock value={data} testId="revert-data" label="Copy revert data" /> : <span className="text-zinc-500 dark:text-zinc-400">The node returned no data with the error.</span>}
      </ResultRow>
    </ResultList>
  )
}
