import { parseGwei, type AccessList } from 'viem'
import type { ChainClient } from './chainClient.ts'

/** The transaction types the demo sends (anvil's default hardfork takes all three). */
export type TxKind = 'legacy' | 'eip2930' | 'eip1559'

/** The type and fee fields of a send, ready to spread into viem's sendTransaction. */
export type FeeFields =
  | { type: 'legacy'; gasPrice: bigint }
  | { type: 'eip2930'; gasPrice: bigint; accessList: AccessList }
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; accessList?: AccessList }

/**
 * Fees set here rather than estimated by viem, so a send asks the node nothing before it goes: twice the
 * base fee plus the tip outlasts six blocks of the largest rise (12.5% each), so nothing waits on its fee.
 */
export function feeFields(kind: TxKind, baseFee: bigint, tip: bigint = parseGwei('1'), accessList?: AccessList): FeeFields {
  const feeCap = baseFee * 2n + tip
  switch (kind) {
    case 'legacy':
      return { type: 'legacy', gasPrice: feeCap }
    case 'eip2930':
      return { type: 'eip2930', gasPrice: feeCap, accessList: accessList ?? [] }
    case 'eip1559':
      return { type: 'eip1559', maxFeePerGas: feeCap, maxPriorityFeePerGas: tip, ...(accessList ? { accessList } : {}) }
  }
}

/** The latest block's base fee (0 before London). */
export async function readBaseFee(client: ChainClient): Promise<bigint> {
  const block = await client.getBlock({ blockTag: 'latest' })
  return block.baseFeePerGas ?? 0n
}
