import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A Hardhat node (npm package `hardhat` 2.x; its engine, EDR, ships as a native binary in
 * `@nomicfoundation/edr-linux-x64-gnu`, nothing downloaded) on 127.0.0.1: a second real EVM engine, with
 * anvil's prefunded accounts (the same test mnemonic), to run chainglass against a node that is not anvil.
 * Hardhat 2, the major version package.json holds (its `hardhat node` task and JSON-RPC are what this drives).
 */

export type HardhatNode = {
  /** The node's own HTTP endpoint (no /v3/<key>: a network given as a URL). */
  url: string
  /** Its WebSocket endpoint: the same port. */
  wsUrl: string
  port: number
  stop(): Promise<void>
}

const projectDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hardhat')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function answersChainId(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}', signal: AbortSignal.timeout(2_000) })
    return response.ok && typeof ((await response.json()) as { result?: unknown }).result === 'string'
  } catch {
    return false
  }
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * Starts the node and resolves once it answers eth_chainId; rejects with its output if it cannot.
 * A port found free can be taken before the node binds it (another test's server, or an outgoing connection's
 * ephemeral port: EADDRINUSE): without a port given, another is tried, up to three.
 */
export async function startHardhatNode(options: { port?: number; timeoutMs?: number } = {}): Promise<HardhatNode> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options.port || (await freePort()), options.timeoutMs ?? 60_000)
    } catch (error) {
      if (options.port || attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}

async function startOnce(port: number, timeoutMs: number): Promise<HardhatNode> {
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js')
  const child = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: projectDir,
    // No telemetry question, no colours in what a failure quotes.
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (!(await answersChainId(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopped(child)
      throw new Error(`the Hardhat node did not start on port ${port}: ${output.trim().split('\n').slice(-8).join(' | ')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  // Its log lists every call it serves: read and dropped, so a full pipe never stalls it.
  child.stdout!.removeListener('data', keep)
  child.stdout!.resume()
  return { url, wsUrl: `ws://127.0.0.1:${port}`, port, stop: () => stopped(child) }
}
