import { hexToBigInt } from '../../format/hex.ts'
import { useConnectionStatus, useNetwork } from '../../networks/NetworkContext.tsx'
import { useHead } from '../../queries/head.ts'
import { RpcError } from '../../rpc/errors.ts'
import { CubeIcon } from '../../ui/icons.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { ChainStats } from './ChainStats.tsx'
import { LatestBlockPanel } from './LatestBlockPanel.tsx'
import { RecentBlocks } from './RecentBlocks.tsx'

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

function NoHead({ label, sample }: { label: string; sample: boolean }) {
  return (
    <Panel className="flex flex-col items-center px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
        <CubeIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold">{label} has no latest block to show</h2>
      <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">
        {sample
          ? 'This is a recorded sample network: it answers for what was recorded, and its chain never moves.'
          : 'The node answered, but had no mined block at the head.'}
      </p>
    </Panel>
  )
}

/** The overview: the live chain head, a few chain numbers, and the latest blocks. */
export function HomePage() {
  const network = useNetwork()
  const head = useHead(network)
  const live = useConnectionStatus(network).state === 'open'

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Overview</h1>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {network.kind === 'sample' ? `${network.label}, as it was recorded.` : `The chain head of ${network.label}, as it happens.`}
        </p>
      </div>
      {head.error && !head.data ? (
        // A node's refusal (RpcError) answers the same on retry; anything else may pass next time.
        <ErrorPanel error={head.error} onRetry={head.error instanceof RpcError ? undefined : () => void head.refetch()} />
      ) : head.data === undefined ? (
        <HeadSkeleton />
      ) : head.data === null ? (
        <NoHead label={network.label} sample={network.kind === 'sample'} />
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <LatestBlockPanel head={head.data} live={live} />
            </div>
            <ChainStats network={network} head={head.data} />
          </div>
          <RecentBlocks network={network} head={hexToBigInt(head.data.number)} />
        </>
      )}
    </div>
  )
}
