import type { Address, Hex } from 'viem'
import type { Rpc } from './rpc.ts'

/**
 * Next nonce per sender, counted locally so a tick needs no read per transaction. A sender whose
 * send failed is forgotten and read again ('pending' includes what the node already holds), which
 * repairs both "nonce too low" (someone else used it) and a send that may or may not have landed.
 */
export class NonceBook {
  readonly #rpc: Rpc
  readonly #next = new Map<Address, number>()

  constructor(rpc: Rpc) {
    this.#rpc = rpc
  }

  /** Reads, in one batch, the nonces of the given senders that are not known yet. */
  async load(senders: Address[]): Promise<void> {
    const unknown = [...new Set(senders)].filter((sender) => !this.#next.has(sender))
    if (unknown.length === 0) return
    const outcomes = await this.#rpc.batch(unknown.map((sender) => ({ method: 'eth_getTransactionCount', params: [sender, 'pending'] })))
    outcomes.forEach((outcome, index) => {
      if (outcome.ok) this.#next.set(unknown[index]!, Number(outcome.result as Hex))
    })
  }

  /**
   * Forgets senders whose local count ran more than `maxAhead` past the chain's: their recent
   * transactions were lost (a restarted node comes back from its last state dump with an empty pool),
   * and every later nonce would wait behind the gap forever.
   */
  async dropRunaways(maxAhead: number): Promise<Address[]> {
    const senders = [...this.#next.keys()]
    const outcomes = await this.#rpc.batch(senders.map((sender) => ({ method: 'eth_getTransactionCount', params: [sender, 'latest'] })))
    const dropped: Address[] = []
    outcomes.forEach((outcome, index) => {
      const sender = senders[index]!
      const local = this.#next.get(sender)
      if (outcome.ok && local !== undefined && local - Number(outcome.result as Hex) > maxAhead) {
        this.#next.delete(sender)
        dropped.push(sender)
      }
    })
    return dropped
  }

  /** The nonce to sign with; load() first. */
  peek(sender: Address): number | undefined {
    return this.#next.get(sender)
  }

  /** The node took a transaction with this nonce. */
  used(sender: Address, nonce: number): void {
    this.#next.set(sender, nonce + 1)
  }

  forget(sender: Address): void {
    this.#next.delete(sender)
  }

  forgetAll(): void {
    this.#next.clear()
  }
}
