import type { Server } from 'node:http'
import type { ServiceConfig } from '../config.ts'
import { startAppPart, startChainLife, startFilesPart, startGatewayPart } from '../parts.ts'
import { socketFd, type PartSettings } from './protocol.ts'

export type RunningPart = { servers: Server[]; close(): Promise<void> }

/** Starts the one part this worker is for, listening on the socket the supervisor passed down. */
export async function startPart(settings: PartSettings, config: ServiceConfig, log: (line: string) => void): Promise<RunningPart> {
  switch (settings.part) {
    case 'gateway': {
      const { node } = settings
      const gateway = await startGatewayPart(config, { httpUrl: () => node.httpUrl, ipcPath: () => node.ipcPath, wsUrl: () => node.wsUrl }, log, socketFd)
      return { servers: [gateway.app.server], close: () => gateway.close() }
    }
    case 'files': {
      const files = await startFilesPart(config, config.appPort, log, socketFd)
      return { servers: [files.server], close: () => files.close() }
    }
    case 'app': {
      const app = await startAppPart(config, () => ({ rpc: config.rpcPort, files: config.filesPort }), socketFd)
      return { servers: [app.server], close: () => app.close() }
    }
    case 'chain-life': {
      // Through the gateway, as any client: the scenario and the traffic see the node the explorer sees.
      const life = await startChainLife(config, `http://127.0.0.1:${config.rpcPort}/v3/${config.key}`, settings.node.httpUrl, log)
      return { servers: [], close: () => life.close() }
    }
  }
}
