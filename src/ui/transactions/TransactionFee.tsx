import { formatEther, formatWei } from '../../format/numbers.ts'
import type { Hex } from 'viem'
import { feeBreakdown } from '../../evm/fees.ts'
import type { Receipt } from '../../rpc/schemas.ts'

/** A list cell's fee: 8 decimals of ether (what explorers show), exact in the title; a dash without a receipt. */
export function TransactionFee({ receipt, gasPrice, testId }: { receipt: Receipt | null | undefined; gasPrice?: Hex; testId?: string }) {
  const fee = receipt ? (feeBreakdown(receipt.gasUsed, receipt.effectiveGasPrice, gasPrice, null)?.paid ?? null) : null
  if (fee === null) return <span className="text-zinc-500 dark:text-zinc-400">—</span>
  return (
    <span className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300" title={`${formatEther(fee)} (${formatWei(fee)})`} data-testid={testId} data-value={fee.toString(10)}>
      {formatEther(fee, 8)}
    </span>
  )
}
