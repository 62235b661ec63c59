import { useQueries } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { hexToBigInt, hexToNumber } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import type { AppNetwork } from '../../networks/capabilities.ts'
import { useConnectionStatus } from '../../queries/connectionStatus.ts'
import { useNetwork } from '../../ui/networks/NetworkContext.tsx'
import { blockQuery } from '../../queries/blocks.ts'
import { useHead } from '../../queries/head.ts'
import { isRetryable } from '../../rpc/errors.ts'
import type { Block } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Age } from '../../ui/Age.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { DataTable, type Column } from '../../ui/DataTable.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { GasBar } from '../../ui/GasBar.tsx'
import { Hash } from '../../ui/Hash.tsx'
import { CubeIcon } from '../../ui/icons.tsx'
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/pageIcons.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { blockPath, blocksPath } from '../../urls.ts'
import { blocksPageSize, fromParam, pageLinks, pageNumbers, parseFrom } from './paging.ts'
import { WithIconTile } from '../../ui/IconTile.tsx'
import { NetworkSubtitle } from '../../ui/networks/NetworkSubtitle.tsx'
import { retryFor } from '../../ui/retryFor.ts'

type Row = { number: bigint; block: Block | null | undefined }

const muted = 'text-zinc-500 dark:text-zinc-400'

function whenLoaded(row: Row, width: string, render: (block: Block) => ReactNode): ReactNode {
  if (row.block === undefined) return <Skeleton className={`h-4 ${width}`} />
  if (row.block === null) return <span className={muted}>—</span>
  return render(row.block)
}

function pageHref(top: bigint | null): string {
  return top === null ? blocksPath : `${blocksPath}?${fromParam}=${top.toString(10)}`
}

/** /blocks — every block by number, newest first, a page at a time; the first page follows the head. */
export function BlocksPage() {
  const network = useNetwork()
  const [search] = useSearchParams()
  const from = parseFrom(search.get(fromParam))
  const head = useHead(network)
  const headNumber = head.data ? hexToBigInt(head.data.number) : head.data

  if (from === null && head.error && head.data === undefined) {
    return (
      <Frame network={network} subtitle={null}>
        <ErrorPanel error={head.error} onRetry={retryFor(head)} />
      </Frame>
    )
  }
  if (from === null && headNumber === null) {
    return (
      <Frame network={network} subtitle={null}>
        <Panel className="flex flex-col items-center px-6 py-14 text-center" testId="blocks-no-head">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <CubeIcon className="size-6" />
          </span>
          <h2 className="mt-4 text-base font-semibold">{network.label} has no latest block to list from</h2>
          <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">
            {network.kind === 'sample' ? 'A recorded sample network answers only for the blocks that were recorded: open one by its number with the search box.' : 'The node answered, but had no mined block at the head.'}
          </p>
        </Panel>
      </Frame>
    )
  }
  return <BlockList network={network} from={from} head={headNumber} />
}

function Frame({ network, subtitle, children, nav }: { network: AppNetwork; subtitle: ReactNode; children: ReactNode; nav?: ReactNode }) {
  return (
    <div className="space-y-6" data-testid="blocks-page">
      <PageHeader
        kicker="Blocks"
        title="All blocks"
        subtitle={<NetworkSubtitle network={network}>{subtitle}</NetworkSubtitle>}
        actions={nav}
      />
      {children}
    </div>
  )
}

const pagerClass =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset transition bg-white text-zinc-700 shadow-sm ring-zinc-200 hover:bg-zinc-50 hover:text-zinc-900 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-800 dark:hover:bg-zinc-800 dark:hover:text-white'
const pagerDisabledClass = 'inline-flex h-9 cursor-not-allowed items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset text-zinc-300 ring-zinc-200 dark:text-zinc-700 dark:ring-zinc-800'

function Pager({ newer, older, testId }: { newer: bigint | null | undefined; older: bigint | undefined; testId: string }) {
  return (
    <nav aria-label="Pages of blocks" className="flex items-center gap-2" data-testid={testId}>
      {newer === undefined ? (
        <span aria-disabled="true" className={pagerDisabledClass} data-testid={`${testId}-newer`}>
          <ChevronLeftIcon className="size-4" />
          Newer
        </span>
      ) : (
        <AppLink to={pageHref(newer)} className={pagerClass} testId={`${testId}-newer`}>
          <ChevronLeftIcon className="size-4" />
          {newer === null ? 'Newest' : 'Newer'}
        </AppLink>
      )}
      {older === undefined ? (
        <span aria-disabled="true" className={pagerDisabledClass} data-testid={`${testId}-older`}>
          Older
          <ChevronRightIcon className="size-4" />
        </span>
      ) : (
        <AppLink to={pageHref(older)} className={pagerClass} testId={`${testId}-older`}>
          Older
          <ChevronRightIcon className="size-4" />
        </AppLink>
      )}
    </nav>
  )
}

function BlockList({ network, from, head }: { network: AppNetwork; from: bigint | null; head: bigint | null | undefined }) {
  const live = from === null
  const connected = useConnectionStatus(network).state === 'open'

  // Following the head, one more block than shown is asked for: while the newest one is on its way the
  // list stays as it was instead of flashing a placeholder row.
  const top = live ? head : from
  const numbers = top == null ? [] : pageNumbers(top, live ? blocksPageSize + 1 : blocksPageSize)
  const results = useQueries({ queries: numbers.map((number) => blockQuery(network, number)) })
  const start = live && results.length > blocksPageSize && results[0]?.data === undefined ? 1 : 0
  const shown = numbers.slice(start, start + blocksPageSize)
  const rows: Row[] | undefined = top == null ? undefined : shown.map((number, index) => ({ number, block: results[start + index]?.data }))
  const failed = results.find((result) => result.error && result.data === undefined)?.error
  const shownTop = shown[0] ?? top ?? 0n
  const links = pageLinks(shownTop, head, live)

  const columns: Column<Row>[] = [
    {
      key: 'number',
      header: 'Block',
      cell: (row) => (
        <WithIconTile icon={<CubeIcon className="size-4" />} tone="neutral" size="sm" gap="gap-2.5">
          <BlockLink number={row.number} copy={false} testId="blocks-row-number" />
        </WithIconTile>
      ),
      skeletonWidth: 'w-24',
    },
    {
      key: 'hash',
      header: 'Hash',
      cell: (row) =>
        whenLoaded(row, 'w-32', (block) => (block.hash ? <Hash value={block.hash} to={blockPath(block.hash)} head={8} tail={6} copyLabel="Copy block hash" testId="blocks-row-hash" /> : <span className={muted}>—</span>)),
      showFrom: 'md',
      skeletonWidth: 'w-40',
    },
    {
      key: 'age',
      header: 'Age',
      cell: (row) => whenLoaded(row, 'w-16', (block) => <span className="text-zinc-600 dark:text-zinc-300"><Age timestamp={hexToNumber(block.timestamp)} testId="blocks-row-age" /></span>),
    },
    {
      key: 'txs',
      header: 'Txns',
      cell: (row) =>
        whenLoaded(row, 'w-10', (block) => (
          <span className={`tabular-nums ${block.transactions.length === 0 ? muted : ''}`} data-testid="blocks-row-txs">
            {formatInteger(block.transactions.length)}
          </span>
        )),
      align: 'right',
      skeletonWidth: 'w-8',
    },
    {
      key: 'gas',
      header: 'Gas used',
      cell: (row) =>
        whenLoaded(row, 'w-48', (block) => (
          <span className="flex items-center justify-end gap-3">
            <span className="w-24 text-right tabular-nums" data-testid="blocks-row-gas">
              {formatInteger(hexToBigInt(block.gasUsed))}
            </span>
            <GasBar used={hexToBigInt(block.gasUsed)} limit={hexToBigInt(block.gasLimit)} className="w-32" />
          </span>
        )),
      align: 'right',
      showFrom: 'sm',
      skeletonWidth: 'w-48',
    },
    {
      key: 'baseFee',
      header: 'Base fee',
      cell: (row) =>
        whenLoaded(row, 'w-20', (block) =>
          block.baseFeePerGas ? (
            <span className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300" title={`${formatInteger(hexToBigInt(block.baseFeePerGas))} wei`}>
              {formatGwei(hexToBigInt(block.baseFeePerGas))}
            </span>
          ) : (
            <span className={muted}>—</span>
          ),
        ),
      align: 'right',
      showFrom: 'lg',
    },
    {
      key: 'miner',
      header: 'Miner',
      cell: (row) => whenLoaded(row, 'w-28', (block) => (block.miner ? <Address address={block.miner} copy={false} testId="blocks-row-miner" /> : <span className={muted}>—</span>)),
      showFrom: 'lg',
    },
  ]

  const last = shown.at(-1)
  const subtitle = (
    <>
      {shown.length > 0 && last !== undefined ? (
        <span data-testid="blocks-range">
          blocks {formatInteger(shown[0]!)} to {formatInteger(last)}
        </span>
      ) : (
        <Skeleton className="h-4 w-40" />
      )}
      {live ? (
        <Badge tone={connected ? 'success' : 'warning'} testId="blocks-live" title={connected ? 'New blocks arrive over the WebSocket.' : 'The WebSocket is down: the head is polled over HTTP.'}>
          <span className={`size-1.5 rounded-full ${connected ? 'bg-emerald-500' : 'bg-amber-500'}`} />
          {connected ? 'live' : 'polling'}
        </Badge>
      ) : null}
    </>
  )

  return (
    <Frame network={network} subtitle={subtitle} nav={<Pager newer={links.newer} older={links.older} testId="blocks-pager-top" />}>
      {failed ? (
        <ErrorPanel error={failed} onRetry={isRetryable(failed) ? () => results.forEach((result) => result.error && void result.refetch()) : undefined} />
      ) : (
        <Panel title="Blocks" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">newest first · {blocksPageSize} a page</span>} testId="blocks-panel">
          <DataTable columns={columns} rows={rows} rowKey={(row) => row.number.toString()} caption="Blocks, newest first" skeletonRows={blocksPageSize} testId="blocks-table" rowTestId="blocks-row" />
        </Panel>
      )}
      <div className="flex justify-end">
        <Pager newer={links.newer} older={links.older} testId="blocks-pager" />
      </div>
    </Frame>
  )
}
