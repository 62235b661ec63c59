import fs from 'node:fs'
import path from 'node:path'
import { supervisedAnvil, type SupervisedAnvil } from '../chain/supervisedAnvil.ts'
import type { ServiceConfig } from '../config.ts'
import { HeldSocket } from './heldSocket.ts'
import { PartProcess } from './partProcess.ts'
import { settingsVariable, type PartName, type PartSettings } from './protocol.ts'

export type SupervisorUrls = { app: string | null; rpcBase: string; wsBase: string; files: string }

/**
 * The local service as `npm start` and `npm run service` run it: this process holds the ports and anvil and
 * nothing else, and each other part (gateway, file store, app, demo scenario with its traffic) runs in a
 * worker process of its own, restarted when it dies. So no single fault stops the service: a bug that kills
 * one part leaves the others serving, and its port keeps taking connections until it is back.
 */
export class Supervisor {
  readonly #config: ServiceConfig
  readonly #withApp: boolean
  readonly #log: (line: string) => void
  #sockets: HeldSocket[] = []
  #chain: SupervisedAnvil | null = null
  #parts: PartProcess[] = []
  #closed = false

  constructor(config: ServiceConfig, options: { app: boolean; log: (line: string) => void }) {
    this.#config = config
    this.#withApp = options.app
    this.#log = options.log
  }

  /** Which process is which, for operators and the supervision tests; rewritten whenever a pid changes. */
  get processesFile(): string {
    return path.join(this.#config.dataDir, 'processes.json')
  }

  /** Resolves once every part serves and the demo scenario is deployed. */
  async start(): Promise<SupervisorUrls> {
    const config = this.#config
    const log = this.#log
    fs.mkdirSync(config.dataDir, { recursive: true })
    try {
      // Ports first: a taken one is reported before anything is started.
      const rpc = await this.#hold(config.rpcPort, 'CHAINGLASS_RPC_PORT')
      const files = await this.#hold(config.filesPort, 'CHAINGLASS_FILES_PORT')
      const app = this.#withApp ? await this.#hold(config.appPort, 'CHAINGLASS_APP_PORT') : null

      this.#chain = supervisedAnvil({ config, log, onBack: () => this.#writeProcesses() })
      const anvil = this.#chain.node
      await anvil.start(0)

      const ports: Record<string, string> = {
        CHAINGLASS_RPC_PORT: String(rpc.port),
        CHAINGLASS_FILES_PORT: String(files.port),
        CHAINGLASS_APP_PORT: String(app?.port ?? config.appPort),
      }
      const node = { httpUrl: anvil.httpUrl, ipcPath: anvil.ipcPath, wsUrl: anvil.wsUrl }
      const part = (name: PartName, socket?: HeldSocket) => {
        const settings: PartSettings = { part: name, node }
        const process = new PartProcess({
          name,
          socket,
          log,
          env: { ...ports, [settingsVariable]: JSON.stringify(settings) },
          onReady: () => this.#writeProcesses(),
        })
        this.#parts.push(process)
        return process
      }
      const serving = [part('gateway', rpc), part('files', files), ...(app ? [part('app', app)] : [])]
      await Promise.all(serving.map((process) => process.start()))
      // Once the parts are up, not while they start: beside three workers compiling at start, anvil's
      // first-blob check took several times as long.
      await this.#chain.warmUp()
      // The scenario talks to the gateway, which accepts only once its worker listens.
      await part('chain-life').start()
      this.#writeProcesses()
      return {
        app: app ? `http://127.0.0.1:${app.port}` : null,
        rpcBase: `http://127.0.0.1:${rpc.port}`,
        wsBase: `ws://127.0.0.1:${rpc.port}`,
        files: `http://127.0.0.1:${files.port}`,
      }
    } catch (error) {
      await this.close()
      throw error
    }
  }

  async #hold(port: number, variable: string): Promise<HeldSocket> {
    const socket = await HeldSocket.bind(port, variable)
    this.#sockets.push(socket)
    return socket
  }

  #writeProcesses(): void {
    if (this.#closed) return
    const record = {
      supervisor: process.pid,
      anvil: this.#chain?.node.pid ?? null,
      parts: Object.fromEntries(this.#parts.map((part) => [part.name, part.pid ?? null])),
    }
    // Written whole and renamed into place: a reader never sees half a file.
    const temporary = `${this.processesFile}.${process.pid}.tmp`
    fs.writeFileSync(temporary, JSON.stringify(record, null, 2))
    fs.renameSync(temporary, this.processesFile)
  }

  /** Stops the traffic, then the other parts, then anvil (SIGTERM: it writes its state); a second call does nothing. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#chain?.stopRestarting()
    // The traffic first, so it does not log failures against a gateway that is going away.
    const life = this.#parts.find((part) => part.name === 'chain-life')
    await life?.stop()
    await Promise.all(this.#parts.filter((part) => part !== life).map((part) => part.stop()))
    await this.#chain?.close()
    for (const socket of this.#sockets.splice(0)) socket.close()
    fs.rmSync(this.processesFile, { force: true })
  }

  /** Synchronous last resort for process exit: no worker and no anvil outlives the supervisor. */
  killNow(): void {
    for (const part of this.#parts) part.killNow()
    this.#chain?.node.killNow()
  }
}
