import type { Hash } from 'viem'
import { formatInteger, formatEther, formatWei } from '../../format/numbers.ts'
import { receiptStatus } from '../../format/receiptStatus.ts'
import { transactionTypeName } from '../../format/transactionType.ts'
import { hexToNumber } from '../../format/hex.ts'
import { Address } from '../../ui/Address.tsx'
import { Age } from '../../ui/Age.tsx'
import { AppLink } from '../../ui/AppLink.tsx'
import { Badge } from '../../ui/Badge.tsx'
import { ViewerTime } from '../../ui/ViewerTime.tsx'
import { BlockLink } from '../../ui/BlockLink.tsx'
import { Hash as HashText } from '../../ui/Hash.tsx'
import { InfoList } from '../../ui/InfoList.tsx'
import { InfoRow } from '../../ui/InfoRow.tsx'
import { Panel } from '../../ui/Panel.tsx'
import { StatusBadge } from '../../ui/StatusBadge.tsx'
import { blockPath, blockTxPath, txPath } from '../../urls.ts'
import { feeBreakdown } from '../../evm/fees.ts'
import { confirmations } from './fees.ts'
import { blockTimestamp, isPending, placement, receiptLoading, tokenMovements, type TransactionData } from './model.ts'
import { tokensTransferredId } from './TokenTransfersPanel.tsx'
import { Loading, Note, NotYet, rawQuantity } from './parts.tsx'
import { revealAtTop } from '../../ui/motion.ts'

/**
 * Beside a value of 0 ETH when the transaction moved tokens: a token call must not read as "nothing moved".
 * The button takes focus to the tokens summary.
 */
function TokensMovedNote({ count }: { count: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5" data-testid="tx-value-tokens">
      <Note>no ether, but it moved tokens:</Note>
      <button
        type="button"
        className="font-medium text-accent-600 underline decoration-accent-600/40 underline-offset-2 hover:decoration-current dark:text-accent-400 dark:decoration-accent-400/40"
        onClick={() => {
          revealAtTop(document.getElementById(tokensTransferredId), { focus: true })
        }}
      >
        {formatInteger(count)} token {count === 1 ? 'transfer' : 'transfers'}
      </button>
    </span>
  )
}

/** Who, what, where and when: the fields people look at first. */
export function OverviewPanel({ data }: { data: TransactionData }) {
  const { transaction, receipt } = data
  const pending = isPending(data)
  const where = placement(data)
  const timestamp = blockTimestamp(data)
  const from = transaction?.from ?? receipt?.from
  const to = transaction ? transaction.to : receipt?.to
  const type = transaction?.type ?? receipt?.type
  const fee = receipt ? feeBreakdown(receipt.gasUsed, receipt.effectiveGasPrice, transaction?.gasPrice, null) : null
  const confirmed = where ? confirmations(BigInt(where.blockNumber), data.head) : null
  const movements = tokenMovements(data)

  return (
    <Panel title="Overview" testId="tx-overview">
      <InfoList>
        <InfoRow label="Transaction hash" testId="tx-hash" help="The keccak-256 hash of the signed transaction: its name everywhere.">
          <HashText value={data.hash} to={txPath(data.hash)} short={false} copyLabel="Copy transaction hash" />
        </InfoRow>

        <InfoRow label="Status" testId="tx-status" raw={receipt?.status ?? null} help="From the receipt: 0x1 success, 0x0 failure (reverted, fee still paid). Receipts before Byzantium carry a state root instead.">
          {!receiptLoading(data) || pending ? (
            <>
              {receipt !== undefined && <StatusBadge status={receiptStatus(receipt)} />}
              {pending && receipt === undefined && <StatusBadge status="pending" />}
              {pending && <Note>waiting to be mined; this page updates by itself</Note>}
              {receipt === null && !pending && <Note>no receipt from the node yet</Note>}
              {receipt === undefined && !pending && <Note>the receipt could not be read</Note>}
            </>
          ) : (
            <Loading width="w-20" />
          )}
        </InfoRow>

        <InfoRow label="Block" testId="tx-block" raw={where?.blockNumber ?? null} help="The block that includes the transaction (null while pending).">
          {where ? (
            <>
              <BlockLink number={where.blockNumber} testId="tx-block-number" />
              {confirmed !== null && (
                <Badge tone="neutral" testId="tx-confirmations">
                  {formatInteger(confirmed)} {confirmed === 1n ? 'confirmation' : 'confirmations'}
                </Badge>
              )}
            </>
          ) : pending ? (
            <NotYet testId="tx-block-pending">not in a block yet</NotYet>
          ) : (
            <Loading width="w-24" />
          )}
        </InfoRow>

        {where && (
          <>
            <InfoRow label="Block hash" testId="tx-block-hash">
              <HashText value={where.blockHash} to={blockPath(where.blockHash as Hash)} short={false} copyLabel="Copy block hash" />
            </InfoRow>
            <InfoRow label="Position in block" testId="tx-index" raw={where.transactionIndex} help="transactionIndex: where in the block the transaction sits (from 0).">
              <AppLink
                to={blockTxPath(BigInt(where.blockNumber), BigInt(where.transactionIndex))}
                testId="tx-index-link"
              >
                {formatInteger(BigInt(where.transactionIndex))}
              </AppLink>
              <Note>
                index in block {formatInteger(BigInt(where.blockNumber))}
              </Note>
            </InfoRow>
            <InfoRow label="Timestamp" testId="tx-timestamp" raw={timestamp}>
              {timestamp ? (
                <>
                  <span className="tabular-nums">
                    <ViewerTime unixSeconds={hexToNumber(timestamp)} />
                  </span>
                  <Note>
                    (<Age timestamp={hexToNumber(timestamp)} />)
                  </Note>
                </>
              ) : data.block === undefined ? (
                <Loading width="w-48" />
              ) : (
                <Note>unknown (the block could not be read)</Note>
              )}
            </InfoRow>
          </>
        )}

        <InfoRow label="From" testId="tx-from" help="The sender, recovered from the signature.">
          {from ? <Address address={from} short={false} /> : <Loading width="w-96" />}
        </InfoRow>

        <InfoRow label="To" testId="tx-to" help="The recipient; null for a contract creation.">
          {to === undefined ? (
            <Loading width="w-96" />
          ) : to === null ? (
            <span className="flex flex-wrap items-center gap-2" data-testid="tx-creation">
              <Badge tone="accent">Contract creation</Badge>
              {receipt?.contractAddress ? (
                <>
                  <Note>created</Note>
                  <Address address={receipt.contractAddress} short={false} testId="tx-created-address" />
                </>
              ) : pending ? (
                <Note>the address is known once mined</Note>
              ) : null}
            </span>
          ) : (
            <Address address={to} short={false} />
          )}
        </InfoRow>

        <InfoRow label="Value" testId="tx-value" raw={transaction ? `${transaction.value} · ${formatWei(BigInt(transaction.value))}` : null} help="Ether sent with the transaction, exact.">
          {transaction ? <span className="font-medium tabular-nums">{formatEther(BigInt(transaction.value))}</span> : data.transaction === undefined ? <Loading width="w-24" /> : <Note>not available</Note>}
          {transaction && BigInt(transaction.value) === 0n && movements !== undefined && movements.length > 0 && <TokensMovedNote count={movements.length} />}
        </InfoRow>

        <InfoRow label="Transaction fee" testId="tx-fee" raw={fee && receipt ? `${formatInteger(BigInt(receipt.gasUsed))} gas × ${formatWei(fee.pricePerGas)} = ${formatWei(fee.paid)}` : null} help="gasUsed × effectiveGasPrice: what the sender paid for the gas, exact.">
          {fee ? <span className="tabular-nums">{formatEther(fee.paid)}</span> : pending ? <NotYet>known once mined</NotYet> : receiptLoading(data) ? <Loading width="w-24" /> : <Note>not available</Note>}
        </InfoRow>

        <InfoRow label="Type" testId="tx-type" raw={type ? rawQuantity(type) : null} help="The EIP-2718 envelope: 0 legacy, 1 access list, 2 dynamic fee, 3 blob, 4 set code.">
          {type ? (
            <Badge tone="accent">{transactionTypeName(type)}</Badge>
          ) : transaction ? (
            <Badge tone="accent">Legacy</Badge>
          ) : transaction === undefined ? (
            <Loading width="w-28" />
          ) : (
            <Note>not available</Note>
          )}
          {transaction && !transaction.type && <Note>(no type field: a node from before typed transactions)</Note>}
        </InfoRow>
        {transaction && (
          <InfoRow label="Nonce" testId="tx-nonce" raw={transaction.nonce} help="How many transactions the sender had sent before this one.">
            <span className="tabular-nums">{formatInteger(BigInt(transaction.nonce))}</span>
          </InfoRow>
        )}
      </InfoList>
    </Panel>
  )
}
