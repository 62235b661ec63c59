import type { ReactNode } from 'react'
import { formatEther, formatGwei, formatInteger, formatPercent, formatWei } from '../../format/numbers.ts'
import { GasBar } from '../../ui/GasBar.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { feeBreakdown } from '../../evm/fees.ts'
import { isPending, receiptLoading, type TransactionData } from './model.ts'
import { Loading, Note, NotYet } from './parts.tsx'

/** Wei per gas, exact, in gwei; the raw hex and the wei beneath. */
function perGas(hex: string) {
  return { shown: formatGwei(BigInt(hex), 9), raw: `${hex} · ${formatWei(BigInt(hex))}` }
}

/** The gas the transaction was given and used, and every price per gas it names or paid. */
export function GasPanel({ data }: { data: TransactionData }) {
  const { transaction, receipt, block } = data
  const pending = isPending(data)
  const gas = transaction ? BigInt(transaction.gas) : null
  const used = receipt ? BigInt(receipt.gasUsed) : null
  const baseFee = block?.baseFeePerGas
  const fee = receipt ? feeBreakdown(receipt.gasUsed, receipt.effectiveGasPrice, transaction?.gasPrice, baseFee) : null
  const whenMined = (node: ReactNode) => (pending ? <NotYet>known once mined</NotYet> : receiptLoading(data) ? <Loading width="w-32" /> : node)

  return (
    <Panel title="Gas and fees" testId="tx-gas">
      <InfoList>
        {transaction && (
          <InfoRow label="Gas limit" testId="tx-gas-limit" raw={transaction.gas} help="gas: the most gas the sender allowed the transaction to use.">
            <span className="tabular-nums">{formatInteger(BigInt(transaction.gas))}</span>
          </InfoRow>
        )}
        <InfoRow label="Gas used" testId="tx-gas-used" raw={receipt?.gasUsed ?? null} help="From the receipt: the gas this transaction alone used.">
          {whenMined(
            used !== null ? (
              <>
                <span className="tabular-nums" data-testid="tx-gas-used-value">
                  {formatInteger(used)}
                </span>
                {gas !== null && gas > 0n && (
                  <>
                    <Note testId="tx-gas-used-share">({formatPercent(used, gas)} of the gas limit)</Note>
                    <GasBar used={used} limit={gas} className="w-32" />
                  </>
                )}
              </>
            ) : (
              <Note>not available</Note>
            ),
          )}
        </InfoRow>
        {transaction && (
          <InfoRow label="Gas price" testId="tx-gas-price" raw={perGas(transaction.gasPrice).raw} help="gasPrice. For a dynamic-fee transaction the node reports the price it would pay: once mined, the effective gas price.">
            <span className="tabular-nums">{perGas(transaction.gasPrice).shown}</span>
          </InfoRow>
        )}
        {transaction?.maxFeePerGas !== undefined && (
          <InfoRow label="Max fee per gas" testId="tx-max-fee" raw={perGas(transaction.maxFeePerGas).raw} help="maxFeePerGas: the most the sender pays per gas, base fee and tip together.">
            <span className="tabular-nums">{perGas(transaction.maxFeePerGas).shown}</span>
          </InfoRow>
        )}
        {transaction?.maxPriorityFeePerGas !== undefined && (
          <InfoRow label="Max priority fee per gas" testId="tx-max-priority-fee" raw={perGas(transaction.maxPriorityFeePerGas).raw} help="maxPriorityFeePerGas: the most per gas paid above the base fee, to the block's fee recipient.">
            <span className="tabular-nums">{perGas(transaction.maxPriorityFeePerGas).shown}</span>
          </InfoRow>
        )}
        {transaction?.maxFeePerBlobGas !== undefined && (
          <InfoRow label="Max fee per blob gas" testId="tx-max-blob-fee" raw={perGas(transaction.maxFeePerBlobGas).raw}>
            <span className="tabular-nums">{perGas(transaction.maxFeePerBlobGas).shown}</span>
          </InfoRow>
        )}
        <InfoRow
          label="Effective gas price"
          testId="tx-effective-gas-price"
          raw={receipt?.effectiveGasPrice ? perGas(receipt.effectiveGasPrice).raw : null}
          help="From the receipt: what was actually charged per gas. Before EIP-1559 it equals the gas price."
        >
          {whenMined(receipt?.effectiveGasPrice ? <span className="tabular-nums">{perGas(receipt.effectiveGasPrice).shown}</span> : <Note>not in this receipt (a node from before 2021)</Note>)}
        </InfoRow>
        {baseFee && (
          <InfoRow label="Base fee of the block" testId="tx-base-fee" raw={perGas(baseFee).raw} help="baseFeePerGas of the including block: burnt for every unit of gas used.">
            <span className="tabular-nums">{perGas(baseFee).shown}</span>
          </InfoRow>
        )}
        {fee?.burnt != null && fee.tip !== null && (
          <InfoRow label="Fee split" testId="tx-fee-split" raw={`${formatWei(fee.burnt)} burnt + ${formatWei(fee.tip)} tip`} help="gasUsed × base fee is burnt; the rest goes to the block's fee recipient.">
            <span className="tabular-nums">{formatEther(fee.burnt)}</span>
            <Note>burnt</Note>
            <span className="text-zinc-300 dark:text-zinc-600">·</span>
            <span className="tabular-nums">{formatEther(fee.tip)}</span>
            <Note>to the fee recipient</Note>
          </InfoRow>
        )}
        {receipt?.blobGasUsed !== undefined && (
          <InfoRow label="Blob gas used" testId="tx-blob-gas-used" raw={receipt.blobGasUsed}>
            <span className="tabular-nums">{formatInteger(BigInt(receipt.blobGasUsed))}</span>
          </InfoRow>
        )}
        {receipt?.blobGasPrice !== undefined && receipt.blobGasUsed !== undefined && (
          <InfoRow label="Blob gas price" testId="tx-blob-gas-price" raw={perGas(receipt.blobGasPrice).raw}>
            <span className="tabular-nums">{perGas(receipt.blobGasPrice).shown}</span>
          </InfoRow>
        )}
      </InfoList>
    </Panel>
  )
}
