import { useConnectionStatus } from '../../queries/connectionStatus.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import type { AppNetwork } from '../../networks/capabilities.ts'
import type { Network } from '../../../contract/runtimeConfig.ts'
import { useHead } from '../../queries/head.ts'
import { RpcError } from '../../rpc/errors.ts'
import type { BlockHeader } from '../../rpc/schemas.ts'
import { CubeIcon } from '../../ui/icons.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { ChainStats } from './ChainStats.tsx'
import { GasChart } from './GasChart.tsx'
import { LatestBlockPanel } from './LatestBlockPanel.tsx'
import { headFeed, type HeadFeed } from '../../ui/connection.ts'
import { LatestBlocks } from './LatestBlocks.tsx'
import { LatestTransactions } from './LatestTransactions.tsx'
import { SampleHome } from './SampleHome.tsx'
import { blockRowCount, chartBlockCount, latestTransactions, transactionRowCount, type ChainBlock } from './liveWindow.ts'
import { useHomeData } from './useHomeData.ts'

function HeadSkeleton() {
  return (
    <Panel className="p-6">
      <Skeleton className="h-3 w-24" />
      <Skeleton className="mt-4 block h-14 w-64" />
      <div className="mt-8 grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-9 w-full sm:col-span-2" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    </Panel>
  )
}

function NoHead({ label }: { label: string }) {
  return (
    <Panel className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <CubeIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold">{label} has no latest block to show</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">The node answered, but had no mined block at the head.</p>
    </Panel>
  )
}

/**
 * Everything below the title follows the gap-free head stream: the head, the chart's 50 blocks, the latest
 * blocks and the transactions in them. Each new head adds a row at the top and drops the oldest; nothing
 * grows with time.
 */
function LiveOverview({ network, head, feed }: { network: Network; head: BlockHeader; feed: HeadFeed }) {
  const data = useHomeData(network, head)
  const { listed, covered, needed } = data
  // A new head's row shows at once from the newHeads header (number, hash, age, gas, base fee); only its
  // transaction count waits for the block (head to DOM without waiting an HTTP round trip).
  const rows = listed.slice(0, blockRowCount).map((block) => ({ block, details: data.summaryOf(block).data }))
  const fullOf = (block: ChainBlock) => {
    const known = data.summaryOf(block).data
    // An empty block's summary is all there is to know of it.
    return known && known.transactions.length === 0 ? { ...known, transactions: [] } : data.fullOf(block)
  }
  // With nothing to read, every covered block is known empty: the list is empty, not loading.
  const anyLoaded = needed.length > 0 ? needed.some((block) => data.fullOf(block) !== undefined) : covered.length > 0
  const transactions = anyLoaded ? latestTransactions(listed.map(fullOf), transactionRowCount) : undefined
  const counts = rows.length > 0 && rows.every((row) => row.details !== undefined) ? rows.map((row) => row.details?.transactions.length ?? 0).reverse() : undefined
  // The newest block could not be read (after the query's retries): say so rather than freeze the list.
  const newest = listed[0]
  const stuck = newest ? data.summaryOf(newest) : undefined
  const error = stuck?.error && stuck.data === undefined ? stuck.error : rows.length === 0 ? data.error : null
  // The stream's tip is the newest head; the head query can be ahead for a moment only while polling.
  const shownHead = data.tip && BigInt(data.tip.number) >= BigInt(head.number) ? data.tip : head

  return (
    <>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <LatestBlockPanel head={shownHead} feed={feed} />
        </div>
        <ChainStats network={network} blocks={data.window} counts={counts} />
      </div>
      <GasChart blocks={data.window} size={chartBlockCount} loading={data.loading} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <LatestBlocks rows={rows} count={Math.min(blockRowCount, Number(BigInt(shownHead.number)) + 1)} error={error} />
        <LatestTransactions network={network} rows={transactions} receipts={data.receipts} count={transactionRowCount} scanned={covered.length} />
      </div>
    </>
  )
}

/** The overview: a recorded sample's contents, or the live chain head, a few chain numbers, gas and fees, the latest blocks and transactions. */
export function HomePage() {
  const network = useNetwork()
  const sample = network.kind === 'sample' ? network.sample : null
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Overview</h1>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {network.kind === 'sample' ? `${network.label}, as it was recorded: its chain never moves.` : `The chain head of ${network.label}, as it happens.`}
        </p>
      </div>
      {/* SampleGate has waited for a sample's description, so a sample always has one here. */}
      {sample ? <SampleHome network={network} contents={sample} /> : <LiveHome network={network} />}
    </div>
  )
}

function LiveHome({ network }: { network: AppNetwork }) {
  const head = useHead(network)
  const status = useConnectionStatus(network)
  const feed = headFeed(status)
  return head.error && !head.data ? (
    // A node's refusal (RpcError) answers the same on retry; anything else may pass next time.
    <ErrorPanel error={head.error} onRetry={head.error instanceof RpcError ? undefined : () => void head.refetch()} />
  ) : head.data === undefined ? (
    <HeadSkeleton />
  ) : head.data === null ? (
    <NoHead label={network.label} />
  ) : (
    <LiveOverview network={network} head={head.data} feed={feed} />
  )
}
