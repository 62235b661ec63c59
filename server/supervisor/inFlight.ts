import diagnostics from 'node:diagnostics_channel'
import type { ServerResponse } from 'node:http'

export type InFlight = {
  /** Requests received and not yet answered (or abandoned by their client). */
  readonly count: number
  /** From now on every answer closes its connection, so no client sends its next request to a process that is going. */
  closeAfterAnswer(): void
  /** Resolves once nothing is in flight, or after `ms` whatever is left. */
  drained(ms: number): Promise<void>
}

/**
 * Counts this process's HTTP requests in flight, on every http.Server in it, through Node's diagnostics
 * channel: no part has to report its requests, and none can forget to.
 */
export function trackInFlight(): InFlight {
  const open = new Set<ServerResponse>()
  let closing = false
  const waiters: Array<() => void> = []
  diagnostics.subscribe('http.server.request.start', (message) => {
    const { response } = message as { response: ServerResponse }
    open.add(response)
    if (closing) response.setHeader('connection', 'close')
    // 'close' comes after the answer is sent and also when the client goes first: the count always falls.
    response.once('close', () => {
      open.delete(response)
      if (open.size === 0) for (const wake of waiters.splice(0)) wake()
    })
  })
  return {
    get count() {
      return open.size
    },
    closeAfterAnswer() {
      closing = true
      for (const response of open) if (!response.headersSent) response.setHeader('connection', 'close')
    },
    drained(ms) {
      if (open.size === 0) return Promise.resolve()
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms)
        waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
  }
}
