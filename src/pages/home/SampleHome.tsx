import type { ReactNode } from 'react'
import type { Hash as HashType } from 'viem'
import type { SampleContents } from '../../../contract/sampleContents.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { blockPath, blockReceiptsPath, l2aBlockPath, l2bPendingPath, txPath, unclePath } from '../../urls.ts'

const linkClass = 'font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300'
const muted = 'text-zinc-500 dark:text-zinc-400'

function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}

/** One recorded thing: a link to its page, and what of it was recorded. */
function Item({ to, label, children, testId }: { to: string; label: string; children?: ReactNode; testId: string }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-5 py-3" data-testid={testId}>
      <AppLink to={to} className={linkClass}>
        {label}
      </AppLink>
      <span className={`text-sm ${muted}`}>{children}</span>
    </li>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-zinc-100 dark:border-zinc-800">
      <h3 className={`px-5 pt-4 text-xs font-semibold uppercase tracking-wide ${muted}`}>{title}</h3>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</ul>
    </div>
  )
}

function Blocks({ contents }: { contents: SampleContents }) {
  if (contents.blocks.length === 0 && contents.blockReceipts.length === 0) return null
  return (
    <Section title="Blocks">
      {contents.blocks.map((block) => (
        <Item key={block.hash} to={blockPath(BigInt(block.number))} label={`Block ${formatInteger(BigInt(block.number))}`} testId={`sample-block-${BigInt(block.number)}`}>
          {plural(block.transactions, 'transaction')} ({block.fullTransactions ? 'full objects' : 'hashes only'}), {block.receipts ? 'with its receipts' : 'receipts not recorded'}
          {block.uncles.length > 0 ? `, ${plural(block.uncles.length, 'uncle')}` : ''}
        </Item>
      ))}
      {contents.blocks.flatMap((block) =>
        block.uncles.map((uncle) => (
          <Item
            key={uncle.hash}
            to={unclePath(BigInt(block.number), uncle.index)}
            label={`Uncle ${uncle.index} of block ${formatInteger(BigInt(block.number))}`}
            testId={`sample-uncle-${BigInt(block.number)}-${uncle.index}`}
          >
            {uncle.number ? `its header, mined as block ${formatInteger(BigInt(uncle.number))}` : 'named by the block; its header was not recorded'}
          </Item>
        )),
      )}
      {contents.blockReceipts.map((entry) => (
        <Item key={entry.hash} to={blockReceiptsPath(BigInt(entry.number))} label={`Receipts of block ${formatInteger(BigInt(entry.number))}`} testId={`sample-block-receipts-${BigInt(entry.number)}`}>
          all {plural(entry.count, 'receipt')} with {plural(entry.logs, 'log')}; the block itself was not recorded
        </Item>
      ))}
    </Section>
  )
}

function Receipts({ contents }: { contents: SampleContents }) {
  if (contents.receipts.length === 0) return null
  return (
    <Section title="Single receipts">
      {contents.receipts.map((receipt) => (
        <li key={receipt.transactionHash} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-5 py-3" data-testid={`sample-receipt-${receipt.transactionHash.toLowerCase()}`}>
          <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Transaction</span>
          <Hash value={receipt.transactionHash} to={txPath(receipt.transactionHash as HashType)} copyLabel="Copy transaction hash" />
          <span className={`text-sm ${muted}`}>its receipt, in block {formatInteger(BigInt(receipt.blockNumber))}; the transaction itself was not recorded</span>
        </li>
      ))}
    </Section>
  )
}

function LayerTwo({ contents }: { contents: SampleContents }) {
  const pending = contents.l2bPendingTransactions
  if (contents.l2aBlocks.length === 0 && pending === null) return null
  return (
    <Section title="Layer 2">
      {contents.l2aBlocks.map((block) => (
        <Item key={block.number} to={l2aBlockPath(block.number)} label={`Layer-2 block ${formatInteger(block.number)}`} testId={`sample-l2a-${block.number}`}>
          its raw transactions ({plural(block.transactions, 'transaction')}), from l2a_getRawBlockTransactions
        </Item>
      ))}
      {pending !== null && (
        <Item to={l2bPendingPath} label="Pending transactions" testId="sample-l2b-pending">
          {plural(pending, 'pending transaction')}, from l2b_pendingTransactions
        </Item>
      )}
    </Section>
  )
}

function AlsoRecorded({ contents }: { contents: SampleContents }) {
  const parts = [contents.logQueries > 0 ? `${plural(contents.logQueries, 'eth_getLogs query', 'eth_getLogs queries')}` : null, contents.calls > 0 ? `${plural(contents.calls, 'eth_call')}` : null].filter(
    (part): part is string => part !== null,
  )
  if (parts.length === 0) return null
  return (
    <p className={`border-t border-zinc-100 px-5 py-3 text-sm dark:border-zinc-800 ${muted}`} data-testid="sample-also">
      Also recorded, answered only when asked exactly as recorded: {parts.join(' and ')}.
    </p>
  )
}

/**
 * A recorded sample network's overview: what its recording holds, each thing linked to its page, from the
 * sample's own description (chainglass_sampleContents). Its chain never moves, so no live head.
 */
export function SampleHome({ network, contents }: { network: AppNetwork; contents: SampleContents }) {
  return (
    <Panel
      testId="sample-contents"
      title={
        <span className="inline-flex items-center gap-2">
          What this recording holds <Badge tone="warning">recorded sample</Badge>
        </span>
      }
    >
      <p className="px-5 py-4 text-sm text-zinc-700 dark:text-zinc-300" data-testid="sample-description">
        {contents.description}
      </p>
      <Blocks contents={contents} />
      <Receipts contents={contents} />
      <LayerTwo contents={contents} />
      <AlsoRecorded contents={contents} />
      <div className="border-t border-zinc-100 px-5 py-4 dark:border-zinc-800">
        <p className={`text-xs ${muted}`}>
          {network.label} answers these methods from its recording; anything else it does not hold is shown as “not in this recording”.
        </p>
        <ul className="mt-2 flex flex-wrap gap-1.5" data-testid="sample-methods" aria-label="Methods this recording answers">
          {contents.methods.map((method) => (
            <li key={method}>
              <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">{method}</code>
            </li>
          ))}
        </ul>
      </div>
    </Panel>
  )
}
