import { randomBytes } from 'node:crypto'
import type { SubscriberSocket, Subscriptions } from './subscriptionHub.ts'

/**
 * Subscriptions on a recorded network: the chain never moves, so a subscription is accepted (as a real
 * node would) and simply never fires.
 */
export class QuietSubscriptions implements Subscriptions {
  #owners = new Map<string, SubscriberSocket>()

  async subscribe(owner: SubscriberSocket): Promise<string> {
    const id = '0x' + randomBytes(16).toString('hex')
    this.#owners.set(id, owner)
    return id
  }

  async unsubscribe(owner: SubscriberSocket, id: string): Promise<boolean> {
    if (this.#owners.get(id) !== owner) return false
    return this.#owners.delete(id)
  }

  drop(owner: SubscriberSocket): void {
    for (const [id, holder] of this.#owners) if (holder === owner) this.#owners.delete(id)
  }

  get subscriptionCount(): number {
    return this.#owners.size
  }

  close(): void {
    this.#owners.clear()
  }
}
