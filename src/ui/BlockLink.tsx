import type { Hex } from 'viem'
import { formatInteger } from '../format/numbers.ts'
import { blockPath } from '../urls.ts'
import { AppLink } from './AppLink.tsx'
import { CopyButton } from './CopyButton.tsx'

type BlockLinkProps = {
  /** The block number, as bigint or as the chain's hex quantity. */
  number: bigint | Hex
  copy?: boolean
  testId?: string
}

/** A block number, grouped ("16,500,000"), linking to /block/n, with a copy button (copies "16500000"). */
export function BlockLink({ number, copy = true, testId }: BlockLinkProps) {
  const value = BigInt(number)
  return (
    <span className="inline-flex items-center gap-0.5" data-testid={testId} data-value={value.toString(10)}>
      <AppLink to={blockPath(value)} className="inline-flex min-h-6 min-w-6 items-center whitespace-nowrap tabular-nums text-accent-600 transition-colors hover:text-accent-500 dark:text-accent-400 dark:hover:text-accent-300">
        {formatInteger(value)}
      </AppLink>
      {copy && <CopyButton value={value.toString(10)} label="Copy block number" />}
    </span>
  )
}
