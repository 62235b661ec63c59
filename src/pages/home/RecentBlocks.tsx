import { useQueries } from '@tanstack/react-query'
import { Link } from 'react-router'
import { hexToBigInt, hexToNumber, shortHex } from '../../format/hex.ts'
import { formatGwei, formatInteger } from '../../format/numbers.ts'
import { formatAge } from '../../format/time.ts'
import type { Network } from '../../networks/runtimeConfig.ts'
import { blockQuery } from '../../queries/blocks.ts'
import type { Block } from '../../rpc/schemas.ts'
import { CubeIcon } from '../../ui/icons.tsx'
import { ErrorPanel } from '../../ui/ErrorPanel.tsx'
import { GasBar } from '../../ui/GasBar.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Skeleton } from '../../ui/Skeleton.tsx'
import { useNow } from '../../ui/useNow.ts'
import { blockPath } from '../../urls.ts'

export const recentBlockCount = 8

/** The numbers of the `count` blocks ending at `head`, newest first. */
export function recentNumbers(head: bigint, count: number): bigint[] {
  const numbers: bigint[] = []
  for (let number = head; number >= 0n && numbers.length < count; number--) numbers.push(number)
  return numbers
}

/**
 * The `recentBlockCount` newest blocks that are loaded. One more than shown is asked for, so while a new
 * head's block is on its way the list stays as it was instead of flashing a placeholder row. Each block is
 * its own query (cached on its own); the first render's calls leave together as one batch.
 */
export function useRecentBlocks(network: Network, head: bigint): Array<{ number: bigint; block: Block | null | undefined; error: Error | null }> {
  const numbers = recentNumbers(head, recentBlockCount + 1)
  const results = useQueries({ queries: numbers.map((number) => blockQuery(network, number)) })
  const start = results[0]?.data === undefined && results.length > recentBlockCount ? 1 : 0
  return numbers.slice(start, start + recentBlockCount).map((number, index) => ({
    number,
    block: results[start + index]?.data,
    error: results[start + index]?.error ?? null,
  }))
}

function BlockRow({ number, block, now }: { number: bigint; block: Block | null | undefined; now: number }) {
  return (
    <tr className="motion-safe:animate-fade-in text-sm transition-colors hover:bg-zinc-50/80 dark:hover:bg-zinc-800/30">
      <td className="py-3 pl-5 pr-3">
        <Link to={blockPath(number)} className="inline-flex items-center gap-2.5 font-medium text-accent-600 tabular-nums hover:text-accent-500 dark:text-accent-400">
          <span className="flex size-8 items-center justify-center rounded-lg bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400">
            <CubeIcon className="size-4" />
          </span>
          {formatInteger(number)}
        </Link>
      </td>
      <td className="hidden px-3 py-3 font-mono text-[13px] text-zinc-600 md:table-cell dark:text-zinc-400">{block?.hash ? shortHex(block.hash, 10, 8) : <Skeleton className="h-4 w-44" />}</td>
      <td className="px-3 py-3 tabular-nums text-zinc-700 dark:text-zinc-300">
        {block ? `${formatInteger(block.transactions.length)} ${block.transactions.length === 1 ? 'txn' : 'txns'}` : <Skeleton className="h-4 w-12" />}
      </td>
      <td className="hidden px-3 py-3 sm:table-cell">
        {block ? (
          <span className="flex items-center gap-3">
            <span className="w-24 text-right tabular-nums text-zinc-700 dark:text-zinc-300">{formatInteger(hexToBigInt(block.gasUsed))}</span>
            <GasBar used={hexToBigInt(block.gasUsed)} limit={hexToBigInt(block.gasLimit)} className="w-32" />
          </span>
        ) : (
          <Skeleton className="h-4 w-40" />
        )}
      </td>
      <td className="hidden px-3 py-3 tabular-nums text-zinc-700 lg:table-cell dark:text-zinc-300">
        {block ? (block.baseFeePerGas ? formatGwei(hexToBigInt(block.baseFeePerGas)) : '—') : <Skeleton className="h-4 w-20" />}
      </td>
      <td className="py-3 pl-3 pr-5 text-right tabular-nums text-zinc-500 dark:text-zinc-400">
        {block ? formatAge(now / 1000 - hexToNumber(block.timestamp)) : <Skeleton className="h-4 w-14" />}
      </td>
    </tr>
  )
}

export function RecentBlocks({ network, head }: { network: Network; head: bigint }) {
  const now = useNow()
  const rows = useRecentBlocks(network, head)
  const failed = rows.find((row) => row.error)?.error

  return (
    <Panel title="Recent blocks" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">newest first</span>}>
      {failed ? (
        <div className="p-5">
          <ErrorPanel error={failed} compact />
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full" data-testid="recent-blocks">
            <thead>
              <tr className="text-left text-xs font-medium text-zinc-500 dark:text-zinc-400">
                <th className="py-2.5 pl-5 pr-3 font-medium">Block</th>
                <th className="hidden px-3 py-2.5 font-medium md:table-cell">Hash</th>
                <th className="px-3 py-2.5 font-medium">Transactions</th>
                <th className="hidden px-3 py-2.5 font-medium sm:table-cell">Gas used</th>
                <th className="hidden px-3 py-2.5 font-medium lg:table-cell">Base fee</th>
                <th className="py-2.5 pl-3 pr-5 text-right font-medium">Age</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
              {rows.map(({ number, block }) => (
                <BlockRow key={number.toString()} number={number} block={block} now={now} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  )
}
