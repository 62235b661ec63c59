import { formatInteger } from '../../format/numbers.ts'
import { transactionTypeName } from '../../format/transactionType.ts'
import type { Receipt } from '../../rpc/schemas.ts'
import { Address } from '../../ui/Address.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { CopyButton } from '../../ui/CopyButton.tsx'
import { HexBlock } from '../../ui/HexBlock.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { Absent, Mono, Note, rawQuantity } from './parts.tsx'

const emptyBloom = `0x${'0'.repeat(512)}`

/** The receipt's own fields: the ones the overview and the gas panel do not already show. */
export function ReceiptPanel({ receipt }: { receipt: Receipt }) {
  return (
    <Panel title="Receipt" testId="tx-receipt">
      <InfoList>
        {receipt.root != null && (
          <InfoRow label="State root" testId="receipt-root" help="Before Byzantium a receipt carried the state root after the transaction, instead of a status: success was not recorded.">
            <span className="flex w-full min-w-0 flex-col gap-1">
              <span className="flex items-center gap-0.5">
                <Mono>{receipt.root}</Mono>
                <CopyButton value={receipt.root} label="Copy state root" />
              </span>
              <Note>pre-Byzantium receipt: no status field</Note>
            </span>
          </InfoRow>
        )}
        <InfoRow label="Cumulative gas used" testId="receipt-cumulative-gas" raw={receipt.cumulativeGasUsed} help="Gas used in the block up to and including this transaction.">
          <span className="tabular-nums">{formatInteger(BigInt(receipt.cumulativeGasUsed))}</span>
          <Note>in the block up to and including this transaction</Note>
        </InfoRow>
        <InfoRow label="Contract created" testId="receipt-contract-address" help="contractAddress: the new contract's address for a creation, otherwise null.">
          {receipt.contractAddress ? <Address address={receipt.contractAddress} short={false} /> : <Absent>none (null: not a contract creation)</Absent>}
        </InfoRow>
        {receipt.type !== undefined && (
          <InfoRow label="Receipt type" testId="receipt-type" raw={rawQuantity(receipt.type)}>
            <Badge tone="neutral">{transactionTypeName(receipt.type)}</Badge>
          </InfoRow>
        )}
        <InfoRow label="Logs bloom" testId="receipt-logs-bloom" help="logsBloom: a 2048-bit filter of the addresses and topics of the logs, for a quick 'might this receipt have such a log?'.">
          <div className="w-full min-w-0 space-y-1">
            {receipt.logsBloom === emptyBloom && <Note>all zero: no logs</Note>}
            <HexBlock value={receipt.logsBloom} testId="receipt-logs-bloom-hex" label="Copy logs bloom" />
          </div>
        </InfoRow>
      </InfoList>
    </Panel>
  )
}
