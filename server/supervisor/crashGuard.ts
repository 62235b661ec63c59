import type { Server } from 'node:http'
import { trackInFlight } from './inFlight.ts'

/** How long a crashed worker lets its requests in flight finish before it exits. */
export const crashDrainMs = 5_000

export type CrashGuard = {
  /** A server of this part: on a crash it stops accepting (the supervisor's socket keeps new connections waiting). */
  watch(server: Server): void
}

/**
 * A worker's answer to a bug we have not found (an uncaught exception or an unhandled rejection): its state
 * can no longer be trusted, so it goes, but in order. One line says so; its servers stop accepting, and
 * connections that arrive meanwhile wait in the held socket's backlog for the restarted worker; the requests
 * already in flight are answered (at most crashDrainMs), then it exits non-zero and the supervisor restarts it.
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
    for (const server of servers) server.close()
    inFlight.closeAfterAnswer()
    void inFlight.drained(crashDrainMs).then(() => process.exit(1))
  }
  process.on('uncaughtException', crash)
  process.on('unhandledRejection', crash)
  return { watch: (server) => servers.add(server) }
}
