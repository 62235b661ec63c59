import { createNonceManager, type Address, type NonceManager } from 'viem'
import { jsonRpc } from 'viem/nonce'
import type { ChainClient } from './chainClient.ts'

export type TrafficNonces = {
  /** Give it to the traffic's accounts: viem's sendTransaction takes each nonce from it. */
  manager: NonceManager
  /**
   * Resets senders whose next nonce ran more than `maxAhead` past the chain's count, and names them.
   * The node took their recent transactions but lost them (a restarted node comes back from its last
   * state dump with an empty pool), and every later nonce would wait behind the gap forever. Senders in
   * `sending` are left alone: a send still on its way is not lost, and reading their count from the node
   * now would hand its nonce out twice.
   */
  dropRunaways(client: ChainClient, maxAhead: number, sending?: ReadonlySet<Address>): Promise<Address[]>
}

/**
 * viem's nonce manager (the node's pending count, or one past the last nonce it handed out when that is
 * higher; a failed send resets its sender), watched for what it cannot see on its own: a node that
 * forgot transactions it had taken.
 */
export function createTrafficNonces(): TrafficNonces {
  const inner = createNonceManager({ source: jsonRpc() })
  const handedOut = new Map<Address, { chainId: number; next: number }>()

  const manager: NonceManager = {
    async consume(parameters) {
      const nonce = await inner.consume(parameters)
      handedOut.set(parameters.address, { chainId: parameters.chainId, next: nonce + 1 })
      return nonce
    },
    increment: (parameters) => inner.increment(parameters),
    get: (parameters) => inner.get(parameters),
    reset(parameters) {
      handedOut.delete(parameters.address)
      inner.reset(parameters)
    },
  }

  return {
    manager,
    async dropRunaways(client, maxAhead, sending = new Set()) {
      const senders = [...handedOut.entries()].filter(([address]) => !sending.has(address))
      // Concurrent reads leave as one batch.
      const counts = await Promise.all(senders.map(([address]) => client.getTransactionCount({ address, blockTag: 'latest' })))
      const dropped: Address[] = []
      senders.forEach(([address, { chainId, next }], index) => {
        if (next - counts[index]! > maxAhead) {
          manager.reset({ address, chainId })
          dropped.push(address)
        }
      })
      return dropped
    },
  }
}
