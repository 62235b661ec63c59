import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import type { Scenario } from './chain/scenario.ts'
import type { ServiceConfig } from './config.ts'
import type { FileService } from './files/server.ts'
import type { Gateway } from './gateway/server.ts'
import { listenOrExplain } from './portInUse.ts'
import { clientLimits } from './clientLimits.ts'

/**
 * How each part of the local service starts, given where the others are. The in-process service
 * (service.ts: tests, bench, npm run dev) and the supervised workers (supervisor/partMain.ts) both start
 * their parts here, so the two layouts cannot drift apart. Each loads its own code when it starts: a worker
 * restarted by the supervisor compiles and evaluates its part only, not all four.
 */

/** Where the node is: read on each use, so a restarted node is found. */
export type NodeAddress = { httpUrl: () => string; ipcPath: () => string; wsUrl: () => string }

/** `listenFd`: a socket the supervisor holds; without it the part binds its configured port itself. */
export function startGatewayPart(config: ServiceConfig, node: NodeAddress, log: (line: string) => void, listenFd?: number): Promise<Gateway> {
  return listenOrExplain(
    async () => {
      const [{ startGateway }, { sampleNetworks }] = await Promise.all([import('./gateway/server.ts'), import('./samples/networks.ts')])
      return startGateway({
        config,
        nodeHttpUrl: node.httpUrl,
        nodeIpcPath: node.ipcPath,
        nodeWsUrl: node.wsUrl,
        extraNetworks: sampleNetworks(),
        log,
        listenFd,
      })
    },
    config.rpcPort,
    'CHAINGLASS_RPC_PORT',
  )
}

/** `ports` is read at the first response: in-process, the file store's port is known only after the app's. */
export function startAppPart(
  config: ServiceConfig,
  ports: () => { rpc: number; files: number },
  listenFd?: number,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  return listenOrExplain(
    async () => {
      const [{ startAppServer, localRuntimeConfig, devnetChainId }, { publishedContracts }, { repositoryFile }] = await Promise.all([
        import('./appServer.ts'),
        import('./chain/publishedContracts.ts'),
        import('./chain/sourcifyRepository.ts'),
      ])
      const served = await startAppServer(
        listenFd === undefined ? config.appPort : { fd: listenFd },
        () => localRuntimeConfig(config, ports()),
        config.appDist,
        { connectSources: config.cspConnectSources, firstScreenDeadlineMs: config.firstScreenDeadlineMs, statusWaitMs: config.statusWaitMs, limits: clientLimits(config) },
        (network) => (network === 'devnet' ? publishedContracts(config.dataDir) : null),
        (match, chainId, address, file) => repositoryFile(config.dataDir, devnetChainId, match, chainId, address, file),
      )
      return { server: served.app.server, port: served.port, close: () => served.app.close() }
    },
    config.appPort,
    'CHAINGLASS_APP_PORT',
  )
}

export function startFilesPart(config: ServiceConfig, appPort: number, log: (line: string) => void, listenFd?: number): Promise<FileService> {
  return listenOrExplain(
    async () => {
      const { startFileService } = await import('./files/server.ts')
      return startFileService({
        port: config.filesPort,
        swarmPort: config.swarmPort,
        key: config.key,
        secret: config.secret,
        pinningToken: config.pinningToken ?? config.secret,
        dataDir: config.dataDir,
        maxUploadBytes: config.maxUploadBytes,
        limits: clientLimits(config),
        allowedOrigins: [`http://127.0.0.1:${appPort}`, `http://localhost:${appPort}`],
        log,
        listenFd,
      })
    },
    config.filesPort,
    'CHAINGLASS_FILES_PORT',
  )
}

/** The demo scenario (deployed once per data dir, reused after) and, if configured, the traffic on it. */
export async function startChainLife(
  config: ServiceConfig,
  rpcUrl: string,
  nodeUrl: string,
  log: (line: string) => void,
): Promise<{ scenario: Scenario; controlUrl: string | null; close(): Promise<void> }> {
  const [{ ensureScenario }, { startTraffic }, { startTestControl }, { nodeCaller }] = await Promise.all([import('./chain/scenario.ts'), import('./chain/traffic.ts'), import('./testControl.ts'), import('./chain/nodeCall.ts')])
  const node = nodeCaller(nodeUrl)
  const scenario = await ensureScenario({ rpcUrl, dataDir: config.dataDir, log, mine: () => node('evm_mine') })
  if (config.historyBlocks > 0) await ensureHistory(config, rpcUrl, nodeUrl, scenario, log)
  const control = config.testControlPort === null ? null : await startTestControl(config.testControlPort, { node: nodeUrl, rpc: rpcUrl }, scenario, log)
  const traffic = config.traffic ? startTraffic({ rpcUrl, scenario, blockTime: config.blockTime, log }) : null
  return {
    scenario,
    controlUrl: control ? `http://127.0.0.1:${control.port}` : null,
    close: async () => {
      await traffic?.stop()
      await control?.close()
    },
  }
}

/**
 * The tests' chain: a history of the traffic's seeded mix, built once (a restart on the same data dir finds
 * it), each tick mined as one block on the node itself, then still.
 */
async function ensureHistory(config: ServiceConfig, rpcUrl: string, nodeUrl: string, scenario: Scenario, log: (line: string) => void): Promise<void> {
  const marker = path.join(config.dataDir, 'history.json')
  if (fs.existsSync(marker)) return
  const [{ nodeCaller }, { buildHistory }] = await Promise.all([import('./chain/nodeCall.ts'), import('./chain/traffic.ts')])
  const node = nodeCaller(nodeUrl)
  const head = await buildHistory({ rpcUrl, scenario, log, ticks: config.historyBlocks, node })
  fs.writeFileSync(marker, `${JSON.stringify({ blocks: config.historyBlocks, head: Number(head) })}\n`)
}
