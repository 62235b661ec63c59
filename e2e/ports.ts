/** The end-to-end suite's ports (playwright.config.ts), for specs that need them too. */

// CHAINGLASS_E2E_PORT_OFFSET moves them all, so several suites can run side by side on one machine.
const offset = Number(process.env.CHAINGLASS_E2E_PORT_OFFSET ?? 0)
export const e2ePorts = { app: 15173 + offset, rpc: 18545 + offset, files: 15001 + offset, hardhat: 18645 + offset, control: 18745 + offset } as const
/**
 * A loopback address (which `npm start`'s policy allows, as it allows the second engine's Hardhat node there) where
 * nothing listens: a node's WebSocket that does not exist (other-engine.spec.ts).
 */
export const e2eNoWebSocketUrl = `ws://127.0.0.1:${e2ePorts.hardhat + 1}`
