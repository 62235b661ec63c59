import { loadConfig } from '../config.ts'
import { installCrashGuard } from './crashGuard.ts'
import { injectFaultOnSigusr2 } from './faultInjection.ts'
import { readPartSettings, type PartMessage } from './protocol.ts'
import { startPart, type RunningPart } from './startPart.ts'

/**
 * One part of the local service in its own process, forked by the supervisor (server/main.ts), which
 * restarts it if it dies. It reports ready once it serves, and stops when the supervisor says so.
 */
const settings = readPartSettings(process.env)
const log = (line: string) => console.log(line)
const guard = installCrashGuard(settings.part, log)
injectFaultOnSigusr2(settings.part)

const tell = (message: PartMessage, then: () => void = () => {}) => process.send?.(message, then)

let running: RunningPart | null = null
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await running?.close().catch(() => {})
  process.exit(0)
}
// A Ctrl-C in the terminal reaches every process of its group: the supervisor decides when parts stop.
process.on('SIGINT', () => {})
process.on('SIGTERM', () => void stop())
// The supervisor is gone (killed outright): nobody would stop or restart this process, so it stops.
process.on('disconnect', () => void stop())

try {
  running = await startPart(settings, loadConfig(), log)
  for (const server of running.servers) guard.watch(server)
  tell({ type: 'ready' })
} catch (error) {
  // Exits once the message is sent: the supervisor says why this part could not start.
  tell({ type: 'failed', message: (error as Error).message }, () => process.exit(1))
}
