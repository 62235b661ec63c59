/** The end-to-end suite's ports (playwright.config.ts), for specs that need them too. */

// CHAINGLASS_E2E_PORT_OFFSET moves them all, so several suites can run side by side on one machine.
const offset = Number(process.env.CHAINGLASS_E2E_PORT_OFFSET ?? 0)
export const e2ePorts = { app: 15173 + offset, rpc: 18545 + offset, files: 15001 + offset, hardhat: 18645 + offset, control: 18745 + offset } as const
/**
 * The suite's own gateway and file store, which tests add as a user's network (the browser reaches the configured
 * devnet through the app server, and these only so): allowed as an operator allows a provider its users add.
 */
const gatewayAsUserNetwork = [`http://127.0.0.1:${e2ePorts.rpc}`, `ws://127.0.0.1:${e2ePorts.rpc}`, `http://127.0.0.1:${e2ePorts.files}`] as const

/**
 * The second engine's node (e2e/other-engine.spec.ts starts a Hardhat node there): the deployment's policy
 * lets the app reach it, as an operator would allow a node its users add (CHAINGLASS_CSP_CONNECT_SRC).
 */
export const e2eExtraConnectSources = [`http://127.0.0.1:${e2ePorts.hardhat}`, `ws://127.0.0.1:${e2ePorts.hardhat}`, `ws://127.0.0.1:${e2ePorts.hardhat + 1}`, ...gatewayAsUserNetwork] as const

/** Allowed by the policy, and nothing listens there: a node's WebSocket that does not exist (other-engine.spec.ts). */
export const e2eNoWebSocketUrl = `ws://127.0.0.1:${e2ePorts.hardhat + 1}`
