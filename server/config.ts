import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseConnectSources } from './csp.ts'
import { dataDeadlineMs } from './firstScreen.ts'

/** The repository root, so the default data dir does not depend on the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export type RateLimit = { ratePerSecond: number; burst: number }

/** How long a rendered page's status line waits for its data unless CHAINGLASS_STATUS_WAIT_MS says. */
export const defaultStatusWaitMs = 50

export type ServiceConfig = {
  appPort: number
  rpcPort: number
  filesPort: number
  /** The file store's IPFS peer on loopback TCP; 0 lets the OS pick (the file store's `id` says which). */
  swarmPort: number
  key: string
  secret: string
  /** The file store's Pinning Service API access token (`{ipfs_url}/pinning`); null: the project secret. */
  pinningToken: string | null
  dataDir: string
  /** Seconds between blocks; 0 mines on every transaction. */
  blockTime: number
  traffic: boolean
  /** Blocks of the traffic's seeded mix built once at the first start, on a chain that does not move by itself (tests). */
  historyBlocks: number
  /** The tests' control of the chain (server/testControl.ts) on this loopback port; null: none (the default). */
  testControlPort: number | null
  /** Largest JSON-RPC batch the gateway takes in one body. */
  maxBatch: number
  /** Largest request body in bytes (HTTP and one WebSocket message). */
  maxBodyBytes: number
  /** Answer bytes one client's messages may hold in the gateway before its further calls are refused (fairShare.ts). */
  maxResponseBytes: number
  /** Largest file-store add request in bytes. */
  maxUploadBytes: number
  /** The spec's eth_getLogs limits. */
  logsMaxResults: number
  logsTimeoutMs: number
  logsMaxParams: number
  /** How long one trace or simulation may take at the node before the gateway answers -32005. */
  traceTimeoutMs: number
  /** The largest opcode log (debug_trace* without a tracer) the gateway sends. */
  maxOpcodeTraceBytes: number
  /** The spec's cap on the call object's gas: this many times the block gas limit. */
  gasCapMultiplier: number
  /** How long the gateway waits for the node on any call. */
  upstreamTimeoutMs: number
  /** Per-key token bucket; null means off (the default). */
  rateLimit: RateLimit | null
  /** eth_estimateGas failover: forwarding switched on, and the partner's JSON-RPC URL. */
  estimateGasFailover: { enabled: boolean; partnerUrl: string | null }
  /** Sources the app's Content-Security-Policy allows in connect-src besides the configured networks (server/csp.ts). */
  cspConnectSources: string[]
  /** The built app that npm start serves. */
  appDist: string
  /** How long the app server waits for a rendered page's data before it sends the page without it. */
  firstScreenDeadlineMs: number
  /** How long a rendered page's status line waits for its data (a missing block's 404) before it goes as 200. */
  statusWaitMs: number
  /** On every port: the request head's limit, and how long a body may come slower than its minimum rate (clientLimits.ts). */
  slowClientMs: number
  /** On every WebSocket: a peer that answers no ping within this is closed. */
  peerTimeoutMs: number
}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min) {
    throw new Error(`${name} must be a number >= ${min}, got "${raw}"`)
  }
  return value
}

function port(env: Env, name: string, fallback: number): number {
  const value = int(env, name, fallback, 0)
  if (!Number.isInteger(value) || value > 65535) throw new Error(`${name} must be a TCP port, got "${env[name]}"`)
  return value
}

function rateLimit(env: Env): RateLimit | null {
  const rps = int(env, 'CHAINGLASS_RATE_LIMIT', 0)
  if (rps === 0) return null
  return { ratePerSecond: rps, burst: int(env, 'CHAINGLASS_RATE_BURST', Math.max(1, Math.ceil(rps)), 1) }
}

/** Reads the settings contract from the environment (README): names and defaults are relied on outside the code. */
export function loadConfig(env: Env = process.env): ServiceConfig {
  const dataDir = env.CHAINGLASS_DATA ? path.resolve(env.CHAINGLASS_DATA) : path.join(repoRoot, '.chainglass')
  return {
    appPort: port(env, 'CHAINGLASS_APP_PORT', 5173),
    rpcPort: port(env, 'CHAINGLASS_RPC_PORT', 8545),
    filesPort: port(env, 'CHAINGLASS_FILES_PORT', 5001),
    swarmPort: port(env, 'CHAINGLASS_SWARM_PORT', 0),
    key: env.CHAINGLASS_KEY || 'devkey',
    secret: env.CHAINGLASS_SECRET || 'devsecret',
    pinningToken: env.CHAINGLASS_PINNING_TOKEN || null,
    dataDir,
    blockTime: int(env, 'CHAINGLASS_BLOCK_TIME', 2),
    traffic: (env.CHAINGLASS_TRAFFIC ?? '1') !== '0',
    historyBlocks: int(env, 'CHAINGLASS_HISTORY_BLOCKS', 0),
    testControlPort: env.CHAINGLASS_TEST_CONTROL_PORT ? port(env, 'CHAINGLASS_TEST_CONTROL_PORT', 0) : null,
    maxBatch: int(env, 'CHAINGLASS_MAX_BATCH', 1000, 1),
    maxBodyBytes: int(env, 'CHAINGLASS_MAX_BODY_BYTES', 5 * 1024 * 1024, 1024),
    maxResponseBytes: int(env, 'CHAINGLASS_MAX_RESPONSE_BYTES', 32 * 1024 * 1024, 1024),
    maxUploadBytes: int(env, 'CHAINGLASS_MAX_UPLOAD_BYTES', 2 * 1024 ** 3, 1),
    logsMaxResults: 10_000,
    logsTimeoutMs: int(env, 'CHAINGLASS_LOGS_TIMEOUT_MS', 10_000, 1),
    logsMaxParams: 5_000,
    traceTimeoutMs: int(env, 'CHAINGLASS_TRACE_TIMEOUT_MS', 10_000, 1),
    maxOpcodeTraceBytes: int(env, 'CHAINGLASS_MAX_OPCODE_TRACE_BYTES', 16 * 1024 * 1024, 1024),
    gasCapMultiplier: 10,
    upstreamTimeoutMs: int(env, 'CHAINGLASS_UPSTREAM_TIMEOUT_MS', 30_000, 1),
    rateLimit: rateLimit(env),
    estimateGasFailover: {
      enabled: env.CHAINGLASS_FAILOVER === '1',
      partnerUrl: env.CHAINGLASS_FAILOVER_URL || null,
    },
    cspConnectSources: parseConnectSources(env.CHAINGLASS_CSP_CONNECT_SRC),
    appDist: env.CHAINGLASS_APP_DIST ? path.resolve(env.CHAINGLASS_APP_DIST) : path.join(repoRoot, 'dist'),
    firstScreenDeadlineMs: int(env, 'CHAINGLASS_FIRST_SCREEN_DEADLINE_MS', dataDeadlineMs, 1),
    statusWaitMs: int(env, 'CHAINGLASS_STATUS_WAIT_MS', defaultStatusWaitMs, 0),
    slowClientMs: int(env, 'CHAINGLASS_SLOW_CLIENT_MS', 10_000, 100),
    peerTimeoutMs: int(env, 'CHAINGLASS_PEER_TIMEOUT_MS', 30_000, 100),
  }
}

/** For the command-line entries: a bad setting is one clear line and exit code 1, not a stack trace. */
export function loadConfigOrExit(env: Env = process.env): ServiceConfig {
  try {
    return loadConfig(env)
  } catch (error) {
    console.error(`chainglass: ${(error as Error).message}`)
    process.exit(1)
  }
}
