import type { Server } from 'node:http'
import net from 'node:net'
import { trackInFlight } from './inFlight.ts'

/** How long a crashed worker lets its requests in flight finish before it exits. */
export const crashDrainMs = 5_000
/**
 * After those, how long open keep-alive connections may bring one more request (answered, and closed after)
 * before the idle ones are closed: a client that is using its connection sends within this; one that is not
 * has nothing to lose.
 */
export const idleGraceMs = 300

export type CrashGuard = {
  /** A server of this part: on a crash it stops accepting (the supervisor's socket keeps new connections waiting). */
  watch(server: Server): void
}

/**
 * A worker's answer to a bug we have not found (an uncaught exception or an unhandled rejection): its state
 * can no longer be trusted, so it goes, but in order. One line says so. Its servers stop accepting: new
 * connections wait in the held socket's backlog for the restarted worker. Requests in flight are answered
 * (crashDrainMs at most), and so is a request that still comes on an open keep-alive connection, each with
 * `Connection: close` so its client takes the next one to the new worker. Then the idle connections are
 * closed and the worker exits non-zero; the supervisor restarts it.
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
    // net.Server's close, not http.Server's: that one also cuts idle keep-alive connections at once, and a
    // client just sending its next request on one would get a reset instead of an answer.
    for (const server of servers) net.Server.prototype.close.call(server)
    const left = (deadline: number) => Math.max(0, deadline - Date.now())
    const deadline = Date.now() + crashDrainMs
    // Exiting closes what is left: the idle connections, and whatever outlived the deadline.
    void inFlight
      .drained(crashDrainMs)
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.min(idleGraceMs, left(deadline)))))
      .then(() => inFlight.drained(left(deadline)))
      .then(() => process.exit(1))
  }
  process.on('uncaughtException', crash)
  process.on('unhandledRejection', crash)
  return { watch: (server) => servers.add(server) }
}
