import type { Network } from '../contract/runtimeConfig.ts'
import { localRuntimeConfig } from '../server/appServer.ts'
import { loadConfig } from '../server/config.ts'
import { rpcHttpUrl, rpcSocketUrl } from '../contract/endpoints.ts'
import { e2ePorts } from './ports.ts'

/**
 * The suite's service as the tests themselves reach it: its ports (playwright.config.ts) and the default key and
 * secret (server/config.ts), through the same function the app server configures its networks with. The browser
 * never sees these: it reaches the networks through the app server (server/networkProxy.ts).
 */
const served = localRuntimeConfig(loadConfig({}), { rpc: e2ePorts.rpc, files: e2ePorts.files })

/** The devnet as the service configures it: its gateway's own URLs, key and secret. */
export const devnet: Network = served.networks.find((network) => network.name === served.defaultNetwork)!

/** The devnet's gateway, straight: {base_url}/v3/<key> and {ws_url}/ws/v3/<key>. */
export const gatewayUrl = rpcHttpUrl(devnet)
export const gatewaySocketUrl = rpcSocketUrl(devnet)

/** The devnet's file store, straight, with the Basic credentials it asks for. */
export const fileStore = { url: devnet.ipfsUrl!, key: devnet.key, secret: devnet.secret }

/** Where the app's pages send the devnet's JSON-RPC: the app server's own path for it. */
export const appRpcUrl = `http://127.0.0.1:${e2ePorts.app}/rpc/${devnet.name}`
