import { useQuery } from '@tanstack/react-query'
import type { Hash } from 'viem'
import { useParams } from 'react-router'
import { hexToBigInt } from '../../format/hex.ts'
import { formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { NetworkLabel } from '../../ui/networks/NetworkLabel.tsx'
import { blockQuery, uncleQuery } from '../../queries/blocks.ts'
import { isRetryable } from '../../rpc/errors.ts'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { InfoListSkeleton } from '../../ui/InfoList.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader, type PageStep } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { blockPath, parseBlockId, parseIndex, unclePath, type ParsedBlockId } from '../../urls.ts'
import { BlockFields } from '../block/BlockFields.tsx'
import { blockIdHint, describeBlockId } from '../block/fields.ts'
import { blockRefOf } from '../../queries/blockPage.ts'
import { NetworkSubtitle } from '../../ui/networks/NetworkSubtitle.tsx'

/** /uncle/:id/:index — an uncle by the number (or tag) or hash of the block that includes it, and its index there. */
export function UnclePage() {
  const network = useNetwork()
  const params = useParams()
  const idParam = params.id ?? ''
  const indexParam = params.index ?? ''
  const parsed = parseBlockId(idParam)
  const index = parseIndex(indexParam)
  if (!parsed || index === null) {
    return (
      <div className="space-y-6">
        <PageHeader kicker="Uncle" title={`${idParam}/${indexParam}`} subtitle={<NetworkLabel network={network} />} />
        <NotFoundPanel
          what="uncle"
          query={`${idParam}/${indexParam}`}
          network={network.label}
          hint={!parsed ? `The block is not a block id. ${blockIdHint}` : 'The index is not a number: uncles are counted from 0 (0x0 works too).'}
        />
      </div>
    )
  }
  return <UncleView key={`${network.name}/${idParam}/${indexParam}`} network={network} parsed={parsed} index={index} />
}

function UncleView({ network, parsed, index }: { network: AppNetwork; parsed: ParsedBlockId; index: bigint }) {
  const ref = blockRefOf(parsed)
  // Asked in the same render, so both leave in one batch: the uncle, and the block that includes it.
  const uncle = useQuery(uncleQuery(network, ref, index))
  const including = useQuery(blockQuery(network, ref))

  const block = including.data
  const blockNumber = block?.number != null ? hexToBigInt(block.number) : null
  const blockLabel = blockNumber !== null ? formatInteger(blockNumber) : describeBlockId(parsed)
  // Links between uncles name the block as this page does (a hash stays a hash).
  const linkId: bigint | Hash | null = parsed.kind === 'hash' ? parsed.hash : parsed.kind === 'number' ? parsed.number : blockNumber
  const uncleCount = block ? block.uncles.length : undefined

  const step = (position: bigint): PageStep | null => (linkId === null ? null : { to: unclePath(linkId, position), label: `Uncle ${position} of block ${blockLabel}` })
  const prev = uncleCount === undefined ? undefined : index > 0n && index - 1n < BigInt(uncleCount) ? step(index - 1n) : null
  const next = uncleCount === undefined ? undefined : index + 1n < BigInt(uncleCount) ? step(index + 1n) : null

  const error = uncle.error
  const retry = () => {
    void uncle.refetch()
    void including.refetch()
  }

  return (
    <div className="space-y-6" data-testid="uncle-page">
      <PageHeader
        kicker="Uncle"
        title={<span data-testid="uncle-title">{`Uncle ${index} of block ${blockLabel}`}</span>}
        subtitle={
          <NetworkSubtitle network={network}>
            {linkId !== null && (
              <>
                <span>
                  included in{' '}
                  <AppLink to={blockPath(linkId)} testId="uncle-block-link" className={inlineLinkClass}>
                    block {blockLabel}
                  </AppLink>
                  {uncleCount !== undefined && `, which names ${uncleCount === 1 ? '1 uncle' : `${uncleCount} uncles`}`}
                </span>
              </>
            )}
          </NetworkSubtitle>
        }
        prev={prev}
        next={next}
      />
      {error && !uncle.data ? (
        <ErrorPanel error={error} onRetry={isRetryable(error) ? retry : undefined} />
      ) : uncle.data === undefined ? (
        <Panel title="Uncle">
          <InfoListSkeleton rows={12} />
        </Panel>
      ) : uncle.data === null ? (
        block === null ? (
          <NotFoundPanel what="block" query={describeBlockId(parsed)} network={network.label} hint="So it has no uncles to show: the uncle is looked up by the block that includes it." />
        ) : (
          <NotFoundPanel
            what="uncle"
            query={`${index} of block ${blockLabel}`}
            network={network.label}
            testId="uncle-not-found"
            hint={
              <span data-testid="uncle-not-found-reason">
                There is no uncle at index {index.toString()} of block {blockLabel}
                {uncleCount === undefined ? '.' : uncleCount === 0 ? ': that block has no uncles.' : `: that block has ${uncleCount === 1 ? 'only 1 uncle (index 0)' : `${uncleCount} uncles (indexes 0 to ${uncleCount - 1})`}.`}{' '}
                Uncles are a proof-of-work thing; blocks since the merge, and the local devnet&apos;s, have none.
              </span>
            }
          />
        )
      ) : (
        <BlockFields
          block={uncle.data}
          kind="uncle"
          includedIn={linkId === null ? undefined : { id: linkId, label: `Block ${blockLabel}`, index: Number(index) }}
          overviewActions={<span className="text-xs text-zinc-500 dark:text-zinc-400">every block field but transactions</span>}
        />
      )}
    </div>
  )
}
