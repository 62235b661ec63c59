/** One request of a load loop: when it went out, when it ended, and how. */
export type Outcome = {
  target: string
  sentAt: number
  doneAt: number
  /** The HTTP status, when an answer came. */
  status?: number
  /** The connection failed (reset, refused, timed out): no answer. */
  error?: string
  /** What the answer said beyond its status (a JSON-RPC error message, for instance). */
  note?: string
}

export type Target = { name: string; loops: number; send(signal: AbortSignal): Promise<{ status: number; note?: string }> }

/**
 * Concurrent request loops against the running service, each request recorded, so a test can say what
 * happened to every request sent while it broke something. A short pause between requests keeps the
 * load modest on a shared machine.
 */
export class Load {
  readonly outcomes: Outcome[] = []
  #running = true
  readonly #loops: Promise<void>[]
  /** Per loop, when its last recorded request was sent. */
  readonly #lastSent: number[] = []

  constructor(targets: Target[], pauseMs = 20) {
    this.#loops = targets.flatMap((target) =>
      Array.from({ length: target.loops }, async () => {
        const loop = this.#lastSent.push(-Infinity) - 1
        while (this.#running) {
          const sentAt = Date.now()
          try {
            const { status, note } = await target.send(AbortSignal.timeout(20_000))
            this.outcomes.push({ target: target.name, sentAt, doneAt: Date.now(), status, note })
          } catch (error) {
            const cause = (error as { cause?: { code?: string; message?: string } }).cause
            this.outcomes.push({ target: target.name, sentAt, doneAt: Date.now(), error: cause?.code ?? cause?.message ?? (error as Error).message })
          }
          this.#lastSent[loop] = sentAt
          await new Promise((resolve) => setTimeout(resolve, pauseMs))
        }
      }),
    )
  }

  /** The requests sent at or after `from` (and before `to`, if given). */
  sent(from: number, to = Infinity): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.sentAt >= from && outcome.sentAt < to)
  }

  /**
   * Resolves once every loop has recorded a request sent at or after `since`. A loop sends one request at a
   * time, so everything each sent before then is recorded too: what was sent up to `since` is complete.
   */
  async caughtUp(since: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.#lastSent.some((sentAt) => sentAt < since)) {
      if (Date.now() > deadline) throw new Error(`the load's loops had not all answered a request sent after ${new Date(since).toISOString()} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  async stop(): Promise<void> {
    this.#running = false
    await Promise.all(this.#loops)
  }
}
