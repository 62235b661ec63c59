import { parseGwei, type AccessList, type SignedAuthorizationList } from 'viem'
import type { ChainClient } from './chainClient.ts'

/** The transaction types the demo sends; which of them a chain takes is txKinds.ts's to say. */
export type TxKind = 'legacy' | 'eip2930' | 'eip1559' | 'eip4844' | 'eip7702'
/** The types whose sends need nothing beyond fees: no blob, no authorization. */
export type PlainTxKind = 'legacy' | 'eip2930' | 'eip1559'

/** The type and fee fields of a send, ready to spread into viem's sendTransaction. */
export type PlainFeeFields =
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip2930'; gasPrice: bigint; accessList: AccessList }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; accessList?: AccessList }
export type FeeFields =
  | PlainFeeFields
  | { type: 'eip4844'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; maxFeePerBlobGas: bigint }
  | { type: 'eip7702'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; authorizationList: SignedAuthorizationList }

/**
 * A blob's fee cap. Blobs are rare on the local chain, so the blob base fee sits at its 1 wei floor; the
 * cap only has to be covered by the sender's balance (131,072 blob gas × 1 gwei is 0.00013 ETH).
 */
export const blobFeeCap = parseGwei('1')

/**
 * Fees set here rather than estimated by viem, so a send asks the node nothing before it goes: twice the
 * base fee plus the tip outlasts six blocks of the largest rise (12.5% each), so nothing waits on its fee.
 */
export function feeFields(kind: PlainTxKind, baseFee: bigint, tip?: bigint, accessList?: AccessList): PlainFeeFields
export function feeFields(kind: TxKind, baseFee: bigint, tip?: bigint, accessList?: AccessList, authorizationList?: SignedAuthorizationList): FeeFields
export function feeFields(
  kind: TxKind,
  baseFee: bigint,
  tip: bigint = parseGwei('1'),
  accessList?: AccessList,
  authorizationList: SignedAuthorizationList = [],
): FeeFields {
  const feeCap = baseFee * 2n + tip
  switch (kind) {
    case 'legacy':
      return { type: 'legacy', gasPrice: feeCap }
    case 'eip2930':
      return { type: 'eip2930', gasPrice: feeCap, accessList: accessList ?? [] }
    case 'eip1559':
      return { type: 'eip1559', maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, ...(accessList ? { accessList } : {}) }
    case 'eip4844':
      return { type: 'eip4844', maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, maxFeePerBlobGas: blobFeeCap }
    case 'eip7702':
      return { type: 'eip7702', maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, authorizationList }
  }
}

/** The latest block's base fee (0 before London). */
export async function readBaseFee(client: ChainClient): Promise<bigint> {
  const block = await client.getBlock({ blockTag: 'latest' })
  return block.baseFeePerGas ?? 0n
}
