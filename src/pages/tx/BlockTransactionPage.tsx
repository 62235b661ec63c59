import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { formatInteger } from '../../format/numbers.ts'
import { MethodUnavailable } from '../../ui/networks/MethodUnavailable.tsx'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { blockQuery } from '../../queries/blocks.ts'
import type { BlockRef } from '../../queries/cachePolicy.ts'
import { transactionByIndexQuery } from '../../queries/transactions.ts'
import { AppLink, inlineLinkClass } from '../../ui/AppLink.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { NotFoundPanel } from '../../ui/NotFoundPanel.tsx'
import { PageHeader, type PageStep } from '../../ui/PageHeader.tsx'
import { blockPath, blockTxPath, parseBlockId, parseIndex, type BlockRouteId, type ParsedBlockId } from '../../urls.ts'
import { TransactionBadges, TransactionView } from './TransactionView.tsx'
import { TransactionTitle } from './TransactionPage.tsx'
import { TransactionSkeleton } from './TransactionSkeleton.tsx'
import { pendingRefetch, useTransactionData } from './useTransactionData.ts'
import { retryFor } from '../../ui/retryFor.ts'

function toRef(id: ParsedBlockId): BlockRef & BlockRouteId {
  return id.kind === 'number' ? id.number : id.kind === 'tag' ? id.tag : id.hash
}

/** How the URL named the block, for sentences: "block 1,234", "the latest block", "block 0xab…". */
function blockWords(id: ParsedBlockId): string {
  if (id.kind === 'number') return `block ${formatInteger(id.number)}`
  if (id.kind === 'tag') return `the ${id.tag} block`
  return `block ${id.hash.slice(0, 10)}…${id.hash.slice(-6)}`
}

/**
 * /block/:id/tx/:index — the transaction at a position in a block named by number, tag or hash
 * (eth_getTransactionBy{BlockNumber,BlockHash}AndIndex), with its receipt: the same view as /tx/:hash.
 * The block is asked for in the same batch, for its transaction count (previous/next).
 */
export function BlockTransactionPage() {
  const network = useNetwork()
  const params = useParams()
  const blockId = parseBlockId(params.id ?? '')
  const index = parseIndex(params.index ?? '')
  const valid = blockId !== null && index !== null && network.capabilities.ethMethods
  const ref: BlockRef & BlockRouteId = blockId ? toRef(blockId) : 'latest'
  const position = index ?? 0n
  const transaction = useQuery({ ...transactionByIndexQuery(network, ref, position), enabled: valid, refetchInterval: pendingRefetch })
  const block = useQuery({ ...blockQuery(network, ref), enabled: valid })
  const hash = valid ? (transaction.data?.hash ?? null) : null
  const { data, receipt } = useTransactionData(network, hash, transaction)
  // The block lists its transactions' hashes: the title has one even when the transaction cannot be read.
  const listed = index !== null && block.data ? block.data.transactions[Number(index)] : undefined
  const titleHash = hash ?? listed ?? null

  if (!network.capabilities.ethMethods) {
    return <MethodUnavailable method="eth_getTransactionByBlockNumberAndIndex" offers={(capabilities) => capabilities.ethMethods} what="Transactions by position" />
  }
  if (blockId === null || index === null) {
    return (
      <NotFoundPanel
        what="transaction"
        query={`${params.id ?? ''}/tx/${params.index ?? ''}`}
        network={network.label}
        hint="The block is named by a number (decimal or 0x), a tag (latest, earliest, pending, safe, finalized) or a block hash; the position by a number."
        testId="tx-not-found"
      />
    )
  }

  // Links to the neighbours name the block the way that stays true: its hash if the URL used one, else its number.
  const minedNumber = transaction.data?.blockNumber ?? (block.data?.number ?? null)
  const linkBlock: BlockRouteId = blockId.kind === 'hash' ? blockId.hash : minedNumber !== null ? BigInt(minedNumber) : ref
  const count = block.data ? block.data.transactions.length : null
  const step = (at: bigint): PageStep => ({ to: blockTxPath(linkBlock, at), label: `Transaction ${at} of ${blockWords(blockId)}` })
  const prev = index > 0n ? step(index - 1n) : null
  const next = count !== null && index + 1n < BigInt(count) ? step(index + 1n) : count === null ? undefined : null

  const subtitle = (
    <>
      Position {formatInteger(index)}
      {count !== null && <> of {formatInteger(count)}</>} in{' '}
      <AppLink to={blockPath(linkBlock)} testId="tx-block-link" className={inlineLinkClass}>
        {blockWords(blockId)}
      </AppLink>
    </>
  )

  if (transaction.data === null) {
    return (
      <NotFoundPanel
        what="transaction"
        query={`at position ${index} of ${blockWords(blockId)}`}
        network={network.label}
        hint={
          block.data === null
            ? `There is no such block on ${network.label}.`
            : count === 0
              ? 'That block has no transactions.'
              : count !== null
                ? `That block has ${formatInteger(count)} transaction${count === 1 ? '' : 's'}: positions 0 to ${formatInteger(count - 1)}.`
                : undefined
        }
        testId="tx-not-found"
      />
    )
  }

  const header = (
    <PageHeader
      kicker={`Transaction ${formatInteger(index)} of ${blockWords(blockId)}`}
      title={
        titleHash ? (
          <TransactionTitle hash={titleHash} />
        ) : (
          <span className="text-zinc-500 dark:text-zinc-400">{transaction.error ? 'Transaction not available' : 'Loading…'}</span>
        )
      }
      subtitle={subtitle}
      actions={data ? <TransactionBadges data={data} /> : undefined}
      prev={prev}
      next={next}
    />
  )
  if (transaction.error) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorPanel error={transaction.error} onRetry={retryFor(transaction)} />
      </div>
    )
  }
  return (
    <div className="space-y-6">
      {header}
      {data ? <TransactionView data={data} onRetryTransaction={retryFor(transaction)} onRetryReceipt={retryFor(receipt)} /> : <TransactionSkeleton />}
    </div>
  )
}
