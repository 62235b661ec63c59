import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { HeldSocket } from './heldSocket.ts'
import type { PartMessage, PartName } from './protocol.ts'
import { healthyRunMs, restartDelay } from './restartDelay.ts'

const workerEntry = fileURLToPath(new URL('./partMain.ts', import.meta.url))

/** How long a part gets to stop when asked before it is killed. */
const stopGraceMs = 8_000

export type PartProcessOptions = {
  name: PartName
  /** Added to this process's environment for the worker (its settings and the resolved ports). */
  env: Record<string, string>
  /** The port it serves, held here across its restarts; none for a part that serves nothing. */
  socket?: HeldSocket
  log: (line: string) => void
  /** A new worker serves (its pid changed). */
  onReady?: () => void
}

/**
 * The supervisor's side of one part: a worker process (partMain.ts) started with this process's loader
 * (execArgv: tsx), restarted after a short, growing pause whenever it exits without being asked to.
 */
export class PartProcess {
  readonly name: PartName
  readonly #options: PartProcessOptions
  #child: ChildProcess | null = null
  #stopping = false
  #crashesInARow = 0
  #restartTimer: NodeJS.Timeout | undefined

  constructor(options: PartProcessOptions) {
    this.name = options.name
    this.#options = options
  }

  get pid(): number | undefined {
    return this.#child?.pid
  }

  /** The first start: resolves once the worker serves; rejects with its reason if it exits before. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => this.#fork({ resolve, reject }))
  }

  #fork(first?: { resolve: () => void; reject: (error: Error) => void }): void {
    const { name, socket, log } = this.#options
    const child = fork(workerEntry, [], {
      execArgv: process.execArgv,
      env: { ...process.env, ...this.#options.env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc', ...(socket ? [socket.fd] : [])],
    })
    this.#child = child
    const forkedAt = Date.now()
    let ready = false
    let failure: string | null = null
    child.on('message', (message: PartMessage) => {
      if (message.type === 'failed') {
        failure = message.message
        if (!first) log(`${name}: could not start (${failure})`)
        return
      }
      ready = true
      if (first) first.resolve()
      else log(`${name}: back (pid ${child.pid})`)
      this.#options.onReady?.()
    })
    // A fork that cannot even spawn: its 'exit' follows (or not); either way it is reported, never thrown.
    child.on('error', (error) => log(`${name}: worker process error (${error.message})`))
    child.once('exit', (code, signal) => {
      if (this.#child === child) this.#child = null
      if (this.#stopping) return
      if (first && !ready) {
        first.reject(new Error(failure ?? `${name} exited before it was ready (code ${code}, signal ${signal})`))
        return
      }
      this.#crashesInARow = Date.now() - forkedAt >= healthyRunMs ? 1 : this.#crashesInARow + 1
      const delay = restartDelay(this.#crashesInARow)
      log(`${name}: exited (code ${code}, signal ${signal}); restarting in ${(delay / 1000).toFixed(2)} s`)
      this.#restartTimer = setTimeout(() => {
        if (!this.#stopping) this.#fork()
      }, delay)
    })
  }

  /** Asks the worker to stop (SIGTERM: it closes its part), kills it after stopGraceMs; no restart after. */
  async stop(): Promise<void> {
    this.#stopping = true
    clearTimeout(this.#restartTimer)
    const child = this.#child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs)
    await exited
    clearTimeout(timer)
  }

  /** Synchronous last resort for the supervisor's exit: no worker outlives it. */
  killNow(): void {
    this.#stopping = true
    clearTimeout(this.#restartTimer)
    if (this.#child && this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL')
  }
}
