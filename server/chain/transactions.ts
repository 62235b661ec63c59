import { parseGwei, type AccessList, type Address, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { Rpc, RpcOutcome } from './rpc.ts'

/**
 * Signing locally and sending raw: the gateway refuses eth_sendTransaction and every node-control
 * method, so a signed transaction is the only way the demo changes the chain, as for any client.
 */

export type TxKind = 'legacy' | 'eip2930' | 'eip1559'

export type UnsignedTx = {
  /** null creates a contract. */
  to: Address | null
  data?: Hex
  value?: bigint
  /** Always explicit: no estimate is needed, and a call meant to fail is still sent. */
  gas: bigint
  nonce: number
  kind: TxKind
  accessList?: AccessList
  /** Priority fee per gas; 1 gwei when not given. */
  tip?: bigint
}

export type FeeContext = { chainId: number; baseFee: bigint }

export type Receipt = {
  transactionHash: Hex
  status: Hex
  blockNumber: Hex
  gasUsed: Hex
  contractAddress: Address | null
  logs: unknown[]
  type: Hex
}

export async function readFeeContext(rpc: Rpc): Promise<FeeContext> {
  const [chainId, block] = await Promise.all([
    rpc.call<Hex>('eth_chainId'),
    rpc.call<{ baseFeePerGas?: Hex } | null>('eth_getBlockByNumber', ['latest', false]),
  ])
  return { chainId: Number(chainId), baseFee: BigInt(block?.baseFeePerGas ?? '0x0') }
}

export async function signTx(account: PrivateKeyAccount, tx: UnsignedTx, fees: FeeContext): Promise<Hex> {
  const tip = tx.tip ?? parseGwei('1')
  // Twice the base fee outlasts six blocks of the largest rise (12.5% each): nothing waits on its fee.
  const feeCap = fees.baseFee * 2n + tip
  const common = {
    chainId: fees.chainId,
    nonce: tx.nonce,
    gas: tx.gas,
    to: tx.to ?? undefined,
    data: tx.data,
    value: tx.value ?? 0n,
  }
  switch (tx.kind) {
    case 'legacy':
      return account.signTransaction({ ...common, type: 'legacy', gasPrice: feeCap })
    case 'eip2930':
      return account.signTransaction({ ...common, type: 'eip2930', gasPrice: feeCap, accessList: tx.accessList ?? [] })
    case 'eip1559':
      return account.signTransaction({
        ...common,
        type: 'eip1559',
        maxFeePerGas: feeCap,
        maxPriorityFeePerGas: tip,
        ...(tx.accessList ? { accessList: tx.accessList } : {}),
      })
  }
}

/** Sends signed transactions in one JSON-RPC batch; each outcome holds the hash or the refusal. */
export function sendRawBatch(rpc: Rpc, raws: Hex[]): Promise<RpcOutcome[]> {
  return rpc.batch(raws.map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls eth_getTransactionReceipt (batched) until every hash has a receipt. A transaction that is
 * never mined ends the wait with an error naming how many are missing.
 */
export async function waitForReceipts(rpc: Rpc, hashes: Hex[], timeoutMs = 60_000, pollMs = 200): Promise<Map<Hex, Receipt>> {
  const receipts = new Map<Hex, Receipt>()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const missing = hashes.filter((hash) => !receipts.has(hash))
    if (missing.length === 0) return receipts
    // The gateway takes up to 1,000 calls per batch; polls stay well below that.
    for (let start = 0; start < missing.length; start += 500) {
      const chunk = missing.slice(start, start + 500)
      const outcomes = await rpc.batch(chunk.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })))
      outcomes.forEach((outcome, index) => {
        if (outcome.ok && outcome.result) receipts.set(chunk[index]!, outcome.result as Receipt)
      })
    }
    if (receipts.size === hashes.length) return receipts
    if (Date.now() > deadline) {
      throw new Error(`${hashes.length - receipts.size} of ${hashes.length} transactions were not mined within ${timeoutMs / 1000} s`)
    }
    await sleep(pollMs)
  }
}
