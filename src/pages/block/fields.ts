import type { Hash } from 'viem'
import type { Receipt } from '../../rpc/schemas.ts'
import type { ParsedBlockId } from '../../urls.ts'

/**
 * The block object's fields as the spec's table lists them (plus mixHash, "present in the sample
 * responses", and London's baseFeePerGas): each has its own row. Whatever else a node sends goes to
 * "more fields", shown generically so nothing the node said is hidden.
 */
export const listedBlockFields = [
  'number',
  'hash',
  'parentHash',
  'nonce',
  'sha3Uncles',
  'logsBloom',
  'transactionsRoot',
  'stateRoot',
  'receiptsRoot',
  'miner',
  'difficulty',
  'totalDifficulty',
  'extraData',
  'size',
  'gasLimit',
  'gasUsed',
  'timestamp',
  'transactions',
  'uncles',
  'mixHash',
  'baseFeePerGas',
] as const

/** The fields a node sent beyond the listed ones, in the order it sent them. */
export function extraBlockFields(block: object): Array<[string, unknown]> {
  const listed = new Set<string>(listedBlockFields)
  return Object.entries(block).filter(([key]) => !listed.has(key))
}

/** How an unlisted field's value reads best: guessed from its shape only, since its meaning is not given. */
export type FieldShape =
  | { kind: 'null' }
  | { kind: 'hash'; value: Hash }
  | { kind: 'address'; value: string }
  | { kind: 'quantity'; value: bigint; raw: string }
  | { kind: 'data'; value: `0x${string}` }
  | { kind: 'list'; count: number; json: string }
  | { kind: 'other'; json: string }

export function fieldShape(value: unknown): FieldShape {
  if (value === null || value === undefined) return { kind: 'null' }
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) {
    const digits = value.length - 2
    if (digits === 64) return { kind: 'hash', value: value.toLowerCase() as Hash }
    if (digits === 40) return { kind: 'address', value }
    // A quantity: short (what fits a counter or an amount), or written without leading-zero padding.
    if (digits > 0 && (digits <= 32 || digits % 2 === 1)) return { kind: 'quantity', value: BigInt(value), raw: value }
    return { kind: 'data', value: value as `0x${string}` }
  }
  if (Array.isArray(value)) return { kind: 'list', count: value.length, json: JSON.stringify(value, null, 2) }
  return { kind: 'other', json: JSON.stringify(value, null, 2) ?? String(value) }
}

/** "withdrawalsRoot" -> "Withdrawals root", "blobGasUsed" -> "Blob gas used". */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const blockIdHint = 'A block is named by its number (12345 or 0x3039), a tag (latest, earliest, pending, safe, finalized) or its 32-byte hash.'

/** A block id as words, for titles and messages: "12,345", "latest", "0xab…". */
export function describeBlockId(parsed: ParsedBlockId): string {
  switch (parsed.kind) {
    case 'number':
      return parsed.number.toLocaleString('en-US')
    case 'tag':
      return parsed.tag
    case 'hash':
      return parsed.hash
  }
}

/** The receipt of each transaction hash, by hash (receipts carry their transaction's hash). */
export function receiptsByHash(receipts: readonly Receipt[] | null | undefined): Map<string, Receipt> | undefined {
  if (!receipts) return undefined
  return new Map(receipts.map((receipt) => [receipt.transactionHash.toLowerCase(), receipt]))
}
