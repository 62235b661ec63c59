import { useParams, useSearchParams } from 'react-router'
import { hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { NetworkLabel } from '../../ui/networks/NetworkLabel.tsx'
import { isNotRecorded, isRetryable } from '../../rpc/errors.ts'
import { AppLink } from '../../ui/AppLink.tsx'
import { Age } from '../../ui/Age.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { DataTable } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader, type PageStep } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { blockPath, blockReceiptsPath, parseBlockId, type BlockRouteId, type ParsedBlockId } from '../../urls.ts'
import { BlockFields } from './BlockFields.tsx'
import { BlockTransactions, type TransactionDetails } from './BlockTransactions.tsx'
import { blockIdHint, describeBlockId } from './fields.ts'
import { detailsParam, hashesOnly, listsFullTransactions } from '../../queries/blockPage.ts'
import { useBlockData } from '../../queries/useBlockData.ts'

/** /block/:id — every field of the block, its transactions with their receipts, its uncles. */
export function BlockPage() {
  const network = useNetwork()
  const param = useParams().id ?? ''
  const parsed = parseBlockId(param)
  if (!parsed) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Block" title={param} subtitle={<NetworkLabel network={network} />} />
        <NotFoundPanel what="block" query={param} network={network.label} hint={`That is not a block id. ${blockIdHint}`} />
      </div>
    )
  }
  // A new block id or network starts afresh (no state carried over from the previous block).
  return <BlockView key={`${network.name}/${param}`} network={network} parsed={parsed} param={param} />
}

function stepTo(number: bigint): PageStep {
  return { to: blockPath(number), label: `Block ${formatInteger(number)}` }
}

function BlockView({ network, parsed, param }: { network: AppNetwork; parsed: ParsedBlockId; param: string }) {
  const [search, setSearch] = useSearchParams()
  const details: TransactionDetails = listsFullTransactions(network, parsed, search) ? 'full' : 'hashes'
  // The choice in the URL, unless it is what the page shows without it.
  const shownByDefault: TransactionDetails = listsFullTransactions(network, parsed, new URLSearchParams()) ? 'full' : 'hashes'
  const setDetails = (next: TransactionDetails) =>
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === shownByDefault) updated.delete(detailsParam)
        else updated.set(detailsParam, next === 'hashes' ? hashesOnly : 'full')
        return updated
      },
      { replace: true },
    )

  const data = useBlockData(network, parsed, details === 'full')
  const { block, head } = data
  const tag = parsed.kind === 'tag' ? parsed.tag : null
  const pending = tag === 'pending'
  const following = tag === 'latest'
  const number = block?.number != null ? hexToBigInt(block.number) : null

  // Links to a transaction by position or to the receipts name the block as the page does, except that a
  // tag (other than pending) becomes the number it stood for, so the link keeps showing this block.
  const linkId: BlockRouteId = parsed.kind === 'hash' ? parsed.hash : pending ? 'pending' : (number ?? (parsed.kind === 'number' ? parsed.number : parsed.tag))

  const prev = number !== null && number > 0n ? stepTo(number - 1n) : number === null ? undefined : null
  const next = number !== null && !pending ? (head != null && number >= head ? null : stepTo(number + 1n)) : undefined

  const title = pending ? 'Pending block' : number !== null ? `Block ${formatInteger(number)}` : parsed.kind === 'hash' ? 'Block' : `Block ${describeBlockId(parsed)}`
  const kicker = tag ? `Block · ${tag}` : parsed.kind === 'hash' ? 'Block by hash' : 'Block'

  return (
    <div className="space-y-6" data-testid="block-page" data-block-number={number?.toString(10)}>
      <PageHeader
        kicker={kicker}
        title={<span data-testid="block-title">{title}</span>}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <NetworkLabel network={network} />
            {block && (
              <>
                <span className="text-zinc-300 dark:text-zinc-600">·</span>
                <span>
                  sealed <Age timestamp={hexToNumber(block.timestamp)} />
                </span>
              </>
            )}
            {following && (
              <Badge tone="success" title="This page shows each new head as it arrives." testId="block-following">
                <span className="size-1.5 rounded-full bg-emerald-500" />
                follows the head
              </Badge>
            )}
            {tag && !following && !pending && number !== null && <Badge tone="accent">{`${tag} is block ${formatInteger(number)}`}</Badge>}
          </span>
        }
        prev={prev}
        next={next}
      />

      {data.blockError && !block ? (
        <ErrorPanel error={data.blockError} onRetry={isRetryable(data.blockError) ? data.retry : undefined} />
      ) : block === undefined ? (
        <BlockSkeleton />
      ) : block === null ? (
        <NotFoundPanel
          what="block"
          query={param}
          network={network.label}
          hint={
            parsed.kind === 'number' && head != null && parsed.number > head
              ? `The chain's head is block ${formatInteger(head)}: this block is not mined yet. The page shows it once it is.`
              : parsed.kind === 'hash'
                ? 'The node knows no block with this hash. A transaction hash? Try the search box.'
                : network.kind === 'sample'
                  ? 'This is a recorded sample network: it holds only the blocks that were recorded.'
                  : undefined
          }
        />
      ) : (
        <>
          {data.blockError && <ErrorPanel error={data.blockError} compact onRetry={isRetryable(data.blockError) ? data.retry : undefined} />}
          <BlockFields
            block={block}
            kind="block"
            uncleLinkId={parsed.kind === 'hash' ? parsed.hash : (number ?? undefined)}
            overviewActions={pending ? <Badge tone="warning">not sealed: null fields read “pending”</Badge> : undefined}
            // The transactions come before the header's hashes and roots, which wait behind a button: what most
            // come for first, and a first screen a third lighter (server render, style, layout and paint).
            foldHeader
            afterOverview={
              <BlockTransactions
                block={block}
                fullBlock={data.fullBlock}
                details={details}
                onDetailsChange={setDetails}
                receipts={data.receipts}
                receiptsError={data.receiptsError}
                receiptsSkipped={data.receiptsSkipped}
                onRetryReceipts={data.retry}
                linkId={linkId}
              />
            }
          >
            <InfoRow label="Transactions" testId="field-transactions" help="The transactions in the block, listed below.">
              <span className="tabular-nums" data-testid="block-tx-total">
                {formatInteger(block.transactions.length)} {block.transactions.length === 1 ? 'transaction' : 'transactions'}
              </span>
              {!pending && data.receiptsSkipped === null && !isNotRecorded(data.receiptsError) && block.transactions.length > 0 && (
                <AppLink to={blockReceiptsPath(linkId)} className="text-xs font-medium text-accent-600 hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
                  receipts table →
                </AppLink>
              )}
            </InfoRow>
          </BlockFields>
        </>
      )}
    </div>
  )
}

function BlockSkeleton() {
  return (
    <>
      <Panel title="Overview">
        <InfoListSkeleton rows={12} />
      </Panel>
      <Panel title={<Skeleton className="h-4 w-28" />}>
        <DataTable
          columns={[
            { key: 'a', header: '#', cell: () => null, skeletonWidth: 'w-6' },
            { key: 'b', header: 'Transaction', cell: () => null, skeletonWidth: 'w-28' },
            { key: 'c', header: 'From → To', cell: () => null, skeletonWidth: 'w-48' },
            { key: 'd', header: 'Status', cell: () => null },
            { key: 'e', header: 'Gas used', cell: () => null, align: 'right' },
          ]}
          rows={undefined}
          rowKey={() => ''}
          caption="Transactions, loading"
          skeletonRows={4}
        />
      </Panel>
    </>
  )
}
