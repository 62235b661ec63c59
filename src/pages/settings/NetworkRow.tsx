import { useMutation } from '@tanstack/react-query'
import { useState, useSyncExternalStore, type ReactNode } from 'react'
import { formatChainId } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { tagToSend } from '../../networks/tags.ts'
import { checkNetworkTags, testConnection } from '../../networks/testConnection.ts'
import { blockTags } from '../../rpc/methods.ts'
import { Badge, type BadgeTone } from '../../ui/Badge.tsx'
import { ConnectionReport, type ConnectionTestResult } from './ConnectionReport.tsx'
import { Chip } from './formParts.tsx'
import { Button } from '../../ui/Button.tsx'
import { networkKind } from '../../networks/networkList.ts'
import { learnedFor, subscribeLearned, type LearnedRules } from '../../networks/learned.ts'

const kindTone = (network: AppNetwork): BadgeTone => (network.source === 'user' ? 'accent' : network.kind === 'sample' ? 'warning' : network.kind === 'local' ? 'success' : 'neutral')

/** Tests a saved network the way the app uses it: its own guarded transport for the tags. */
async function testSaved(network: AppNetwork): Promise<ConnectionTestResult> {
  const [probes, tags] = await Promise.all([testConnection(network), network.capabilities.ethMethods ? checkNetworkTags(network) : Promise.resolve(undefined)])
  return { ...probes, tags }
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-2 text-xs">
      <dt className="w-16 shrink-0 text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-all font-mono text-zinc-700 dark:text-zinc-300">{children}</dd>
    </div>
  )
}

function ChipGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="mr-0.5 text-[11px] font-medium uppercase tracking-[0.06em] text-zinc-500 dark:text-zinc-400">{label}</span>
      {children}
    </div>
  )
}

/** The rules of a network at a glance: accepted tags (`safe` -> `finalized` where refused), methods, plan. */
function CapabilityChips({ network }: { network: AppNetwork }) {
  const { capabilities } = network
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2" data-testid={`capabilities-${network.name}`}>
      <ChipGroup label="Tags">
        {blockTags.map((tag) => {
          const sent = tagToSend(capabilities, tag)
          return (
            <Chip
              key={tag}
              on={sent === tag}
              tone={sent !== null && sent !== tag ? 'warning' : undefined}
              testId={`chip-tag-${tag}`}
              title={sent === tag ? `${tag} is accepted` : sent ? `${tag} is refused here: the app sends ${sent} instead` : `${tag} is refused here`}
            >
              {sent !== null && sent !== tag ? `${tag} → ${sent}` : tag}
            </Chip>
          )
        })}
      </ChipGroup>
      <ChipGroup label="Methods">
        <Chip on={capabilities.ethMethods}>eth_*</Chip>
        <Chip on={capabilities.ethMethods && capabilities.blockReceipts} testId="chip-method-eth_getBlockReceipts">eth_getBlockReceipts</Chip>
        <Chip on={capabilities.l2aRawBlockTransactions}>l2a_getRawBlockTransactions</Chip>
        <Chip on={capabilities.l2bPendingTransactions}>l2b_pendingTransactions</Chip>
      </ChipGroup>
      <ChipGroup label="Plan">
        <Chip title="Calls per HTTP request">batch ≤ {formatInteger(capabilities.maxBatchSize)}</Chip>
        <Chip on={capabilities.estimateGasFailover} title="eth_estimateGas failover forwarding on the plan">estimateGas failover</Chip>
      </ChipGroup>
    </div>
  )
}

const probedDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/**
 * What the network itself said, in this browser: when it was probed and what it lacks, and what calls found
 * since. Neutral: the app already takes each fallback.
 */
function LearnedLine({ network, learned }: { network: AppNetwork; learned: LearnedRules }) {
  if (network.kind === 'sample') return null
  const probe = learned.probe
  const lacking = probe
    ? [
        !probe.blockReceipts && 'eth_getBlockReceipts',
        !probe.safe && 'the safe tag',
        !probe.finalized && 'the finalized tag',
        !probe.otterscan && 'ots_*',
        !probe.l2aRawBlockTransactions && 'l2a_*',
        !probe.l2bPendingTransactions && 'l2b_*',
      ].filter((item): item is string => item !== false)
    : []
  const since = [...learned.lacks, ...learned.refusedTags.map((tag) => `the ${tag} tag`)]
  return (
    <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid={`learned-${network.name}`} data-probed={learned.probedAt ?? ''}>
      {learned.probedAt && probe ? (
        <>
          Probed in this browser on {probedDate.format(new Date(learned.probedAt))}: {lacking.length > 0 ? `no ${lacking.join(', no ')}` : 'everything asked is offered'}; batches up to {formatInteger(probe.maxBatchSize)} calls.
        </>
      ) : (
        'Not probed in this browser yet: its first use asks the node what it offers.'
      )}
      {since.length > 0 && <> Found since, from its answers: no {since.join(', no ')}.</>}
      {learned.stale && ' It will be probed again on its next use.'}
    </p>
  )
}

/** One network in the settings list: what it is, where it is, its rules, and what can be done with it. */
export function NetworkRow({
  network,
  current,
  onShow,
  onEdit,
  onRemove,
  warning,
}: {
  network: AppNetwork
  current: boolean
  onShow: () => void
  onEdit?: () => void
  onRemove?: () => void
  warning?: ReactNode
}) {
  const test = useMutation({ mutationFn: testSaved })
  const [confirming, setConfirming] = useState(false)
  const learned = useSyncExternalStore(subscribeLearned, () => learnedFor(network))
  return (
    <li className="px-5 py-4" data-testid={`network-row-${network.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{network.label}</h3>
            <Badge tone={kindTone(network)}>{networkKind(network)}</Badge>
            {current && <Badge tone="success">shown now</Badge>}
            {warning}
          </div>
          <dl className="space-y-0.5">
            <Detail label="name">{network.name}</Detail>
            <Detail label="chain">
              {network.chainId} <span className="font-sans text-zinc-500 dark:text-zinc-400">({formatChainId(network.chainId)})</span>
            </Detail>
            <Detail label="base_url">{network.rpcBase}</Detail>
            <Detail label="ws_url">{network.wsBase}</Detail>
            {network.ipfsUrl && <Detail label="ipfs_url">{network.ipfsUrl}</Detail>}
          </dl>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {!current && (
            <Button size="sm" tone="primary" onClick={onShow} data-testid={`show-${network.name}`}>
              Show
            </Button>
          )}
          <Button size="sm" onClick={() => test.mutate(network)} disabled={test.isPending} data-testid={`test-${network.name}`}>
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
          {onEdit && (
            <Button size="sm" onClick={onEdit} data-testid={`edit-${network.name}`}>
              Edit
            </Button>
          )}
          {onRemove &&
            (confirming ? (
              <span className="flex items-center gap-1.5">
                <Button size="sm" tone="danger" onClick={onRemove} data-testid={`confirm-remove-${network.name}`}>
                  Remove
                </Button>
                <Button size="sm" tone="ghost" onClick={() => setConfirming(false)}>
                  Keep
                </Button>
              </span>
            ) : (
              <Button size="sm" tone="ghost" onClick={() => setConfirming(true)} data-testid={`remove-${network.name}`}>
                Remove
              </Button>
            ))}
        </div>
      </div>
      <div className="mt-3 space-y-2">
        <CapabilityChips network={network} />
        <LearnedLine network={network} learned={learned} />
      </div>
      {test.data && (
        <div className="mt-3">
          <ConnectionReport result={test.data} expectedChainId={network.chainId} endpoints={{ http: network.rpcBase, websocket: network.wsBase }} />
        </div>
      )}
    </li>
  )
}
