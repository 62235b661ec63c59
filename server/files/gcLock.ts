type Waiter = { exclusive: boolean; start: () => void }

/**
 * Pins and the gc take turns: any number of pin additions at once (shared), or one gc alone (exclusive).
 * A gc decides what to keep from the pins it reads at its start, so a pin added while it runs could lose
 * blocks it had just checked. Waiters start in arrival order, so a gc is not starved by a stream of pins,
 * and a pin waits at most for one gc.
 */
export class GcLock {
  private sharedHolders = 0
  private exclusiveHeld = false
  private readonly waiting: Waiter[] = []

  shared<T>(work: () => Promise<T>): Promise<T> {
    return this.run(false, work)
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.run(true, work)
  }

  private async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ exclusive, start })
      this.startWaiting()
    })
    try {
      return await work()
    } finally {
      if (exclusive) this.exclusiveHeld = false
      else this.sharedHolders--
      this.startWaiting()
    }
  }

  private startWaiting(): void {
    while (this.waiting.length > 0 && !this.exclusiveHeld) {
      const next = this.waiting[0]!
      if (next.exclusive && this.sharedHolders > 0) return
      this.waiting.shift()
      if (next.exclusive) this.exclusiveHeld = true
      else this.sharedHolders++
      next.start()
    }
  }
}
