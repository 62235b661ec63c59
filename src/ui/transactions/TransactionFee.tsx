import { formatEther, formatWei } from '../../format/numbers.ts'
import type { Receipt } from '../../rpc/schemas.ts'

/** gasUsed × effectiveGasPrice (the gas price before EIP-1559 receipts carried it): what the sender paid. */
export function transactionFee(receipt: Pick<Receipt, 'gasUsed' | 'effectiveGasPrice'>, gasPrice?: string): bigint | null {
  const price = receipt.effectiveGasPrice ?? gasPrice
  return price === undefined ? null : BigInt(receipt.gasUsed) * BigInt(price)
}

/** A list cell's fee: 8 decimals of ether (what explorers show), exact in the title; a dash without a receipt. */
export function TransactionFee({ receipt, gasPrice, testId }: { receipt: Receipt | null | undefined; gasPrice?: string; testId?: string }) {
  const fee = receipt ? transactionFee(receipt, gasPrice) : null
  if (fee === null) return <span className="text-zinc-500 dark:text-zinc-400">—</span>
  return (
    <span className="whitespace-nowrap tabular-nums text-zinc-600 dark:text-zinc-300" title={`${formatEther(fee)} (${formatWei(fee)})`} data-testid={testId} data-value={fee.toString(10)}>
      {formatEther(fee, 8)}
    </span>
  )
}
