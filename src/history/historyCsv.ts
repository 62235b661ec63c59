import type { Address } from 'viem'
import type { TokenTransfer } from '../evm/tokenTransfers.ts'
import { feeBreakdown } from '../evm/fees.ts'
import { csvText } from '../format/csv.ts'
import { receiptStatus } from '../format/receiptStatus.ts'
import type { HistoryRow } from '../queries/addressHistory.ts'
import type { Log } from '../rpc/schemas.ts'
import { directionOf } from './direction.ts'

/**
 * An address's history and token transfers as CSV, for a spreadsheet or a script: every amount an exact integer
 * in the chain's smallest unit (wei, token base units), never rounded; hashes as the node sent them, addresses as
 * the node sent them (transactions) or checksummed (decoded transfers); times in UTC ISO 8601.
 */

const historyColumns = ['blockNumber', 'timestamp', 'transactionHash', 'direction', 'from', 'to', 'contractCreated', 'valueWei', 'feeWei', 'status', 'methodSelector', 'nonce'] as const

const decimal = (hex: string | null | undefined) => (hex == null ? '' : BigInt(hex).toString(10))
const isoTime = (seconds: string | undefined) => (seconds === undefined ? '' : new Date(Number(BigInt(seconds)) * 1000).toISOString())

export function historyToCsv(rows: readonly HistoryRow[], address: Address): string {
  return csvText(
    historyColumns,
    rows.map((row) => {
      const { transaction, receipt } = row
      const fee = receipt ? feeBreakdown(receipt.gasUsed, receipt.effectiveGasPrice, transaction.gasPrice, null) : null
      const input = transaction.input
      return [
        decimal(transaction.blockNumber),
        isoTime(receipt?.timestamp),
        transaction.hash,
        directionOf(row, address),
        transaction.from,
        transaction.to ?? '',
        receipt?.contractAddress ?? '',
        BigInt(transaction.value).toString(10),
        fee ? fee.paid.toString(10) : '',
        receipt ? receiptStatus(receipt) : '',
        input.length >= 10 ? input.slice(0, 10) : '',
        decimal(transaction.nonce),
      ]
    }),
  )
}

export type TransferExportRow = { log: Log; transfer: TokenTransfer }

const transferColumns = ['blockNumber', 'transactionHash', 'logIndex', 'standard', 'token', 'from', 'to', 'tokenId', 'amount'] as const

export function transfersToCsv(rows: readonly TransferExportRow[]): string {
  return csvText(
    transferColumns,
    rows.map(({ log, transfer }) => [
      decimal(log.blockNumber),
      log.transactionHash ?? '',
      decimal(log.logIndex),
      transfer.standard,
      transfer.token,
      transfer.from,
      transfer.to,
      'tokenId' in transfer ? transfer.tokenId.toString(10) : '',
      transfer.standard === 'ERC-721' ? '1' : transfer.value.toString(10),
    ]),
  )
}
