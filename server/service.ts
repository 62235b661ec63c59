import fs from 'node:fs'
import path from 'node:path'
import { AnvilNode } from './chain/anvil.ts'
import { ensureScenario, type Scenario } from './chain/scenario.ts'
import { startTraffic, type Traffic } from './chain/traffic.ts'
import type { ServiceConfig } from './config.ts'
import { startAppServer, localRuntimeConfig } from './appServer.ts'
import { startFileService, type FileService } from './files/server.ts'
import { startGateway, type Gateway } from './gateway/server.ts'
import { sampleNetworks } from './samples/networks.ts'

export type ServiceOptions = {
  /** Serve the built explorer on CHAINGLASS_APP_PORT (npm start). */
  app?: boolean
  /** Deploy the demo scenario (default true). Fault tests that only need a node switch it off. */
  scenario?: boolean
  log?: (line: string) => void
  /**
   * Start the chain from this anvil state file and keep nothing in <dataDir>/chain (the benchmark: its
   * 50,000-block chain comes from a cache, and anvil rewriting it every 10 s would skew every figure).
   */
  loadChainFrom?: string
  /** anvil --hardfork for that chain: the one it was built with. */
  chainHardfork?: string
}

export type RunningService = {
  config: ServiceConfig
  anvil: AnvilNode
  gateway: Gateway
  files: FileService
  scenario: Scenario | null
  urls: { rpc: string; ws: string; app: string | null; rpcBase: string; wsBase: string; files: string }
  close(): Promise<void>
}

/** A port we were told to use is taken: one clear line naming the port and the variable. */
export class PortInUseError extends Error {
  constructor(port: number, variable: string) {
    super(`port ${port} on 127.0.0.1 is already in use: stop what holds it, or set ${variable} to a free port`)
  }
}

async function listenOrExplain<T>(start: () => Promise<T>, port: number, variable: string): Promise<T> {
  try {
    return await start()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(port, variable)
    throw error
  }
}

/** Starts the chain, the gateway, the demo scenario, the traffic and (optionally) the app, in that order. */
export async function startService(config: ServiceConfig, options: ServiceOptions = {}): Promise<RunningService> {
  const log = options.log ?? (() => {})
  fs.mkdirSync(config.dataDir, { recursive: true })
  const closers: Array<() => Promise<void>> = []
  // Stops in reverse start order (traffic before the gateway before anvil); a second call does nothing.
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer().catch(() => {})
  }

  let restarting = false
  const anvil: AnvilNode = new AnvilNode({
    stateFile: options.loadChainFrom ? null : path.join(config.dataDir, 'chain', 'anvil-state.json'),
    loadState: options.loadChainFrom,
    hardfork: options.chainHardfork,
    blockTime: config.blockTime,
    onUnexpectedExit: (code, signal) => {
      // Supervision: a node that dies on its own is brought back on the same port.
      if (restarting) return
      restarting = true
      log(`chain: anvil exited (code ${code}, signal ${signal}); restarting`)
      setTimeout(() => {
        anvil
          .start()
          .then(() => log('chain: anvil is back'))
          .catch((error: Error) => log(`chain: anvil restart failed: ${error.message}`))
          .finally(() => {
            restarting = false
          })
      }, 500)
    },
  })
  try {
    await anvil.start(0)
    closers.push(() => anvil.stop())
    log(`chain: anvil on internal port ${anvil.port}`)

    const gateway = await listenOrExplain(
      () =>
        startGateway({ config, nodeHttpUrl: () => anvil.httpUrl, nodeIpcPath: () => anvil.ipcPath, nodeWsUrl: () => anvil.wsUrl, extraNetworks: sampleNetworks(log), log }),
      config.rpcPort,
      'CHAINGLASS_RPC_PORT',
    )
    closers.push(() => gateway.close())
    const rpcBase = `http://127.0.0.1:${gateway.port}`
    const wsBase = `ws://127.0.0.1:${gateway.port}`
    const rpc = `${rpcBase}/v3/${config.key}`

    // The app first (its /config.json is built on request), so the file service knows the app's origin
    // and the app's configuration knows the file service's port, whichever ports the OS picked.
    let filesPort = config.filesPort
    let appUrl: string | null = null
    if (options.app) {
      const served = await listenOrExplain(
        () =>
          startAppServer(config.appPort, () => localRuntimeConfig(config, { rpc: gateway.port, files: filesPort }), undefined, {
            connectSources: config.cspConnectSources,
          }),
        config.appPort,
        'CHAINGLASS_APP_PORT',
      )
      closers.push(() => served.app.close())
      appUrl = `http://127.0.0.1:${served.port}`
    }
    const appPort = appUrl ? Number(new URL(appUrl).port) : config.appPort
    const files = await listenOrExplain(
      () =>
        startFileService({
          port: config.filesPort,
          key: config.key,
          secret: config.secret,
          dataDir: config.dataDir,
          maxUploadBytes: config.maxUploadBytes,
          allowedOrigins: [`http://127.0.0.1:${appPort}`, `http://localhost:${appPort}`],
          log,
        }),
      config.filesPort,
      'CHAINGLASS_FILES_PORT',
    )
    closers.push(() => files.close())
    filesPort = files.port

    const scenario = options.scenario === false ? null : await ensureScenario({ rpcUrl: rpc, dataDir: config.dataDir, log })
    if (scenario && config.traffic) {
      const traffic: Traffic = startTraffic({ rpcUrl: rpc, scenario, blockTime: config.blockTime, log })
      closers.push(() => traffic.stop())
    }

    return {
      config,
      anvil,
      gateway,
      files,
      scenario,
      urls: { rpc, ws: `${wsBase}/ws/v3/${config.key}`, app: appUrl, rpcBase, wsBase, files: `http://127.0.0.1:${files.port}` },
      close,
    }
  } catch (error) {
    await close()
    anvil.killNow()
    throw error
  }
}
