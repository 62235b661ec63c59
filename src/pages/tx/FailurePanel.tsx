import { useQuery } from '@tanstack/react-query'
import type { Abi, Hash, Hex } from 'viem'
import { failureHeadline, gasVerdict, type FailureReason, type GasVerdict, type ReplaySource } from '../../evm/failure.ts'
import { formatInteger, formatPercent } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { historyMethodsQuery } from '../../networks/otterscan.ts'
import { failureReasonQuery, failureSource } from '../../queries/failureReason.ts'
import type { Receipt } from '../../rpc/schemas.ts'
import { Badge } from '../../ui/Badge.tsx'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { AlertIcon } from '../../ui/icons.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { blockPath } from '../../urls.ts'
import { ChainText, ResultList, ResultRow } from '../call/formParts.tsx'
import { RevertDetails } from '../call/RevertDetails.tsx'
import type { TransactionData } from './model.ts'
import { retryFor } from '../../ui/retryFor.ts'

/** What a transaction page says of an error no ABI it knows names. */
const noKnownAbi = <>None of the ABIs this page knows names it: the raw data below is all there is.</>

function Headline({ text }: { text: string }) {
  return (
    <div className="flex items-start gap-3 border-b border-zinc-100 px-5 py-4 dark:border-zinc-800">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-500 dark:text-red-400" />
      {/* The headline holds text from the chain (a revert reason): ChainText keeps it a text node and spells out hidden characters. */}
      <ChainText text={text} testId="tx-failure-summary" className="text-[15px] font-medium text-zinc-900 dark:text-zinc-50" />
    </div>
  )
}

function GasRow({ gas }: { gas: GasVerdict | null }) {
  return (
    <ResultRow label="Gas" help="gasUsed from the receipt against the transaction's gas limit: a failure that used all of it most likely ran out of gas">
      {gas ? (
        <span data-testid="tx-failure-gas" data-exhausted={gas.exhausted} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="tabular-nums">
            {formatInteger(gas.used)} used of a {formatInteger(gas.limit)} limit ({formatPercent(gas.used, gas.limit)})
          </span>
          {gas.exhausted && <Badge tone="warning">all of it: most likely out of gas</Badge>}
        </span>
      ) : (
        <span className="text-zinc-500 dark:text-zinc-400">The gas limit is not known (the transaction could not be read).</span>
      )}
    </ResultRow>
  )
}

/** Where the explanation comes from: the node's record, or a replay that may not see the same state. */
function SourceRow({ reason, blockNumber, otsMissing }: { reason: FailureReason; blockNumber: Hex | null; otsMissing: string | null }) {
  const refused = reason.via !== 'ots' ? (reason.otsRefused ?? otsMissing) : null
  return (
    <ResultRow
      label="Source"
      help="ots_getTransactionError is the node's record of the transaction as mined; a replay runs it again on the parent block's state"
      aside={
        <Badge tone={reason.via === 'ots' ? 'success' : 'warning'} testId="tx-failure-via">
          {reason.via === 'ots' ? "node's record" : reason.via === 'replay' ? 'replay: state may differ' : 'not known'}
        </Badge>
      }
    >
      <div className="w-full space-y-1" data-testid="tx-failure-source" data-via={reason.via}>
        {reason.via === 'ots' && <p>The revert data the node recorded for this transaction as it was mined (ots_getTransactionError).</p>}
        {reason.via === 'replay' && (
          <p data-testid="tx-failure-replay-note">
            A replay, not the record: the transaction run again as eth_call with its sender, recipient, value, input and gas limit on the state after block{' '}
            <AppLink to={blockPath(BigInt(reason.replay.block))} className={inlineLinkClass} testId="tx-failure-replay-block">
              {formatInteger(BigInt(reason.replay.block))}
            </AppLink>
            {blockNumber && <>, the parent of block {formatInteger(BigInt(blockNumber))}</>}. The state may differ from the moment it ran: transactions before it in its own block are not applied.
          </p>
        )}
        {reason.via === 'none' && <p>{reason.why}.</p>}
        {refused && (
          <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="tx-failure-ots-missing">
            Not the node&apos;s record because {refused}.
          </p>
        )}
      </div>
    </ResultRow>
  )
}

/** The evidence beneath the headline, per answer. */
function Evidence({ reason, gas, abi, blockNumber, otsMissing }: { reason: FailureReason; gas: GasVerdict | null; abi: Abi; blockNumber: Hex | null; otsMissing: string | null }) {
  const lead = (
    <>
      <SourceRow reason={reason} blockNumber={blockNumber} otsMissing={otsMissing} />
      <GasRow gas={gas} />
    </>
  )
  if (reason.via === 'ots') {
    return reason.data === '0x' ? (
      <ResultList testId="tx-failure-details">
        {lead}
        <ResultRow label="Revert data">
          <span className="text-zinc-500 dark:text-zinc-400" data-testid="tx-failure-no-data">
            None (0x): revert() or require(condition) without a message, or a halt such as running out of gas.
          </span>
        </ResultRow>
      </ResultList>
    ) : (
      <RevertDetails data={reason.data} abi={abi} undecodedHint={noKnownAbi} testId="tx-failure-details">
        {lead}
      </RevertDetails>
    )
  }
  if (reason.via === 'replay' && reason.outcome.kind === 'reverted') {
    const { outcome } = reason
    return (
      <RevertDetails data={outcome.data} abi={abi} node={{ message: outcome.message, code: outcome.code }} undecodedHint={noKnownAbi} testId="tx-failure-details">
        {lead}
      </RevertDetails>
    )
  }
  return (
    <ResultList testId="tx-failure-details">
      {lead}
      {reason.via === 'replay' && reason.outcome.kind === 'succeeded' && (
        <ResultRow label="Replay returned" help="What the eth_call replay returned: it did not fail this time">
          {reason.outcome.result === '0x' ? <span className="text-zinc-500 dark:text-zinc-400">0x (no return data)</span> : <HexBlock value={reason.outcome.result} testId="tx-failure-replay-result" label="Copy the replay's return data" />}
        </ResultRow>
      )}
      {reason.via === 'replay' && reason.outcome.kind === 'refused' && (
        <ResultRow label="Node message" aside={<Badge>code {reason.outcome.code}</Badge>}>
          <ChainText text={reason.outcome.message} testId="tx-failure-refusal" className="font-mono text-[13px]" />
        </ResultRow>
      )}
    </ResultList>
  )
}

function FailureSkeleton() {
  return (
    <div className="space-y-3 px-5 py-4" aria-busy="true" data-testid="tx-failure-loading">
      <Skeleton className="block h-5 w-full max-w-lg" />
      <Skeleton className="block h-4 w-full max-w-md" />
      <Skeleton className="block h-4 w-full max-w-sm" />
    </div>
  )
}

function FailureReasonPanel({ network, hash, transaction, receipt, abi }: { network: AppNetwork; hash: Hash; transaction: (ReplaySource & { gas: Hex }) | null; receipt: Receipt; abi: Abi }) {
  const history = useQuery(historyMethodsQuery(network))
  // The node's record where ots_ is offered; the spec's own methods (a replay) where it is not, or cannot be asked.
  const via = history.data || history.error ? failureSource(history.data ?? null) : null
  const reason = useQuery({ ...failureReasonQuery(network, hash, transaction, via ?? 'replay'), enabled: via !== null })
  const gas = transaction ? gasVerdict(receipt.gasUsed, transaction.gas) : null
  const otsMissing = history.data && !history.data.offered ? history.data.reason : history.error ? 'the node could not be asked whether it offers ots_ methods' : null

  return (
    <Panel title="Why it failed" testId="tx-failure">
      {reason.data ? (
        <>
          <Headline text={failureHeadline(reason.data, gas, abi)} />
          <Evidence reason={reason.data} gas={gas} abi={abi} blockNumber={receipt.blockNumber} otsMissing={otsMissing} />
        </>
      ) : reason.error ? (
        <div className="p-5">
          <ErrorPanel error={reason.error} onRetry={retryFor(reason)} compact />
        </div>
      ) : (
        <FailureSkeleton />
      )}
    </Panel>
  )
}

/**
 * "Why it failed", for a mined transaction whose receipt says 0x0: the revert reason from the node's record
 * (ots_getTransactionError) or, where the network has no ots_, from replaying the transaction on its parent
 * block (said so: the state may differ); decoded as the Call page decodes a revert. `abi` names custom
 * errors. Nothing for a transaction that succeeded, is pending, or whose receipt is still loading.
 */
export function FailurePanel({ data, abi }: { data: TransactionData; abi: Abi }) {
  const { receipt, transaction } = data
  if (!receipt || receipt.status !== '0x0' || transaction === undefined) return null
  return <FailureReasonPanel network={data.network} hash={data.hash} transaction={transaction} receipt={receipt} abi={abi} />
}
