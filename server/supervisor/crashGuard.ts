import type { Server } from 'node:http'
import net from 'node:net'
import { trackInFlight } from './inFlight.ts'

/** How long a crashed worker waits for its connections to finish before it exits. */
export const crashDrainMs = 5_000

export type CrashGuard = {
  /** A server of this part: on a crash it stops accepting (the supervisor's socket keeps new connections waiting). */
  watch(server: Server): void
}

/**
 * A worker's answer to a bug we have not found (an uncaught exception or an unhandled rejection): its state
 * can no longer be trusted, so it goes, but in order. One line says so. Its servers stop accepting: new
 * connections wait in the held socket's backlog for the restarted worker. Requests already in flight are
 * answered, and so is any request that still comes on an open keep-alive connection, each with
 * `Connection: close`, so its client takes its next request to the new worker. The worker exits non-zero
 * once its connections are gone, or after crashDrainMs; the supervisor restarts it.
 */
export function installCrashGuard(part: string, log: (line: string) => void): CrashGuard {
  const inFlight = trackInFlight()
  const servers = new Set<Server>()
  let crashed = false
  const crash = (error: unknown) => {
    // The first fault says what happened; what follows while draining is its echo.
    if (crashed) return
    crashed = true
    const message = error instanceof Error ? error.message : String(error)
    log(`${part}: crashed (${message}); finishing ${inFlight.count} requests in flight and restarting`)
    // The stack, for whoever fixes the bug, on stderr: the log keeps its one line.
    if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
    inFlight.closeAfterAnswer()
    const closed = [...servers].map(
      (server) =>
        new Promise<void>((resolve) => {
          // net.Server's close, not http.Server's: that one also cuts idle keep-alive connections at once,
          // and a client that is just sending its next request on one gets a reset instead of an answer.
          net.Server.prototype.close.call(server, () => resolve())
        }),
    )
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, crashDrainMs))
    void Promise.race([Promise.all(closed), deadline]).then(() => process.exit(1))
  }
  process.on('uncaughtException', crash)
  process.on('unhandledRejection', crash)
  return { watch: (server) => servers.add(server) }
}
