import fs from 'node:fs'
import type { AnvilNode } from './chain/anvil.ts'
import type { Scenario } from './chain/scenario.ts'
import { supervisedAnvil } from './chain/supervisedAnvil.ts'
import type { ServiceConfig } from './config.ts'
import type { FileService } from './files/server.ts'
import type { Gateway } from './gateway/server.ts'
import { startAppPart, startChainLife, startFilesPart, startGatewayPart } from './parts.ts'

export { PortInUseError } from './portInUse.ts'

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
  /** control: the tests' control of the chain (server/testControl.ts), where CHAINGLASS_TEST_CONTROL_PORT is set. */
  urls: { rpc: string; ws: string; app: string | null; rpcBase: string; wsBase: string; files: string; control: string | null }
  close(): Promise<void>
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

  const chain = supervisedAnvil({ config, log, loadState: options.loadChainFrom, hardfork: options.chainHardfork })
  const anvil = chain.node
  try {
    await anvil.start(0)
    closers.push(() => chain.close())

    const node = { httpUrl: () => anvil.httpUrl, ipcPath: () => anvil.ipcPath, wsUrl: () => anvil.wsUrl }
    const gateway = await startGatewayPart(config, node, log)
    closers.push(() => gateway.close())
    const rpcBase = `http://127.0.0.1:${gateway.port}`
    const wsBase = `ws://127.0.0.1:${gateway.port}`
    const rpc = `${rpcBase}/v3/${config.key}`

    // The app first (its /config.json is built on request), so the file service knows the app's origin
    // and the app's configuration knows the file service's port, whichever ports the OS picked.
    let filesPort = config.filesPort
    let appUrl: string | null = null
    if (options.app) {
      const served = await startAppPart(config, () => ({ rpc: gateway.port, files: filesPort }))
      closers.push(() => served.close())
      appUrl = `http://127.0.0.1:${served.port}`
    }
    const appPort = appUrl ? Number(new URL(appUrl).port) : config.appPort
    const files = await startFilesPart(config, appPort, log)
    closers.push(() => files.close())
    filesPort = files.port

    let scenario: Scenario | null = null
    let control: string | null = null
    if (options.scenario !== false) {
      // The traffic sends blobs: the node's first-blob stall comes now, before anyone uses the node.
      await chain.warmUp()
      const life = await startChainLife(config, rpc, anvil.httpUrl, log)
      closers.push(() => life.close())
      scenario = life.scenario
      control = life.controlUrl
    }

    return {
      config,
      anvil,
      gateway,
      files,
      scenario,
      urls: { rpc, ws: `${wsBase}/ws/v3/${config.key}`, app: appUrl, rpcBase, wsBase, files: `http://127.0.0.1:${files.port}`, control },
      close,
    }
  } catch (error) {
    await close()
    anvil.killNow()
    throw error
  }
}
