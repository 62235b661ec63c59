import { loadConfig } from '../server/config.ts'
import { startService } from '../server/service.ts'
import { benchHardfork, benchStateFile } from './scenario.ts'

/**
 * The local service for the bench, in a process of its own (forked by serviceApart.ts): the service on the
 * bench chain as `npm start` would serve it, apart from the process that drives the browser. Its settings
 * come in the environment; it answers with its addresses and stops when told to or when its parent goes.
 */
const service = await startService(loadConfig(process.env), { app: true, scenario: false, loadChainFrom: benchStateFile(), chainHardfork: benchHardfork })
const stop = async () => {
  await service.close()
  process.exit(0)
}
process.on('message', (message) => void (message === 'close' ? stop() : undefined))
process.on('disconnect', () => void stop())
process.send!({ urls: service.urls, anvil: { httpUrl: service.anvil.httpUrl, wsUrl: service.anvil.wsUrl } })
