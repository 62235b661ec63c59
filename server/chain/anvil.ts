import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createChainClient } from './chainClient.ts'

const require = createRequire(import.meta.url)

/** The anvil binary shipped inside the platform package: nothing is downloaded at install or run time. */
export function anvilBinary(): string {
  const pkg = `@foundry-rs/anvil-${process.platform === 'win32' ? 'win32' : process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`
  try {
    const manifest = require.resolve(`${pkg}/package.json`)
    return path.join(path.dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  } catch {
    throw new Error(`anvil is not installed for this platform (${pkg}); run npm ci`)
  }
}

export type AnvilOptions = {
  /** Where anvil dumps and reloads its state; null keeps the chain in memory only. */
  stateFile: string | null
  /** A state file (anvil's dump format) to start from, read once and never written (the benchmark's chain). */
  loadState?: string
  /** Keep no per-block state history (anvil --prune-history): mining many blocks then costs about half. */
  pruneHistory?: boolean
  /**
   * anvil --hardfork. The bench chain is Cancun: from Prague on, every block writes its parent's hash into the
   * EIP-2935 history contract, and anvil 1.7 re-hashes that contract's storage per block, so mining slows as
   * its ring of 8,191 slots fills; Cancun's empty blocks stay cheap. foundry-rs/foundry#15715 fixed this after
   * 1.7, the newest anvil on npm.
   */
  hardfork?: string
  blockTime: number
  chainId?: number
  /** Called with each line anvil prints, for the service log. */
  onLine?: (line: string) => void
  /** Called when anvil exits without being asked to. */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void
}

/** Numbers the IPC sockets of this process's nodes. */
let instances = 0

/**
 * One anvil process on an internal loopback port. The gateway is the only thing that talks to it;
 * the port is picked by anvil itself (port 0) so a taken port can never collide with ours.
 */
export class AnvilNode {
  #child: ChildProcess | null = null
  #stopping = false
  #port = 0
  readonly #ipcPath = path.join(os.tmpdir(), `chainglass-anvil-${process.pid}-${++instances}.ipc`)
  readonly options: AnvilOptions

  constructor(options: AnvilOptions) {
    this.options = options
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null
  }

  /** The process id while running (fault tests kill it from outside to exercise supervision). */
  get pid(): number | undefined {
    return this.#child?.pid
  }

  get port(): number {
    return this.#port
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.#port}`
  }

  /**
   * anvil's IPC socket (a Unix socket in the temp dir: the data dir's path can be longer than a socket path
   * may be). The gateway talks to the node there; see gateway/ipcUpstream.ts for why.
   */
  get ipcPath(): string {
    return this.#ipcPath
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.#port}`
  }

  /**
   * Starts anvil and resolves once it answers JSON-RPC. `port` reuses a previous port so a restarted
   * node is found where the gateway expects it; 0 lets anvil choose.
   */
  async start(port = this.#port): Promise<void> {
    if (this.running) return
    const { stateFile, blockTime, chainId = 31337 } = this.options
    // A socket file left by a node that was killed would stop the new one from listening there.
    fs.rmSync(this.#ipcPath, { force: true })
    const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--ipc', this.#ipcPath]
    if (blockTime > 0) args.push('--block-time', String(blockTime))
    if (this.options.loadState) args.push('--load-state', this.options.loadState)
    if (this.options.pruneHistory) args.push('--prune-history')
    if (this.options.hardfork) args.push('--hardfork', this.options.hardfork)
    if (stateFile) {
      fs.mkdirSync(path.dirname(stateFile), { recursive: true })
      // A crash mid-write can leave an empty file; anvil refuses to load that, so start fresh instead.
      if (fs.existsSync(stateFile) && fs.statSync(stateFile).size === 0) fs.rmSync(stateFile)
      args.push('--state', stateFile, '--state-interval', '10')
    }
    this.#stopping = false
    const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
    this.#child = child
    // A child process, like its pipes, throws an 'error' event nobody listens to (a failed kill, a broken pipe);
    // that would stop the service that supervises it. Its exit is what the supervision acts on.
    child.on('error', (error) => this.options.onLine?.(`anvil: ${error.message}`))
    child.stdout!.on('error', () => {})
    child.stderr!.on('error', () => {})

    const listening = new Promise<number>((resolve, reject) => {
      let buffered = ''
      const onData = (chunk: Buffer) => {
        buffered += chunk.toString('utf8')
        let newline: number
        while ((newline = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, newline).trimEnd()
          buffered = buffered.slice(newline + 1)
          this.options.onLine?.(line)
          const match = /Listening on [\d.]+:(\d+)/.exec(line)
          if (match) resolve(Number(match[1]))
        }
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.once('error', reject)
      child.once('exit', (code, signal) => reject(new Error(`anvil exited before listening (code ${code}, signal ${signal})`)))
    })
    child.once('exit', (code, signal) => {
      if (this.#child === child) this.#child = null
      if (!this.#stopping) this.options.onUnexpectedExit?.(code, signal)
    })

    this.#port = await withTimeout(listening, 20_000, 'anvil did not start listening within 20 s')
    await this.#waitUntilAnswering()
    await this.#quiet()
  }

  /**
   * anvil prints the name of every method it is called with: a pipe write for it and a read and a line split
   * for us, per call, on the hot path of every request through the gateway. Its start-up lines (the port) are
   * read by now, so its logging is switched off.
   */
  async #quiet(): Promise<void> {
    await createChainClient(this.httpUrl).setLoggingEnabled(false)
  }

  async #waitUntilAnswering(): Promise<void> {
    const deadline = Date.now() + 20_000
    for (;;) {
      try {
        const response = await fetch(this.httpUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
        // The gateway calls the node over IPC: ready means that socket is there too.
        if (response.ok && fs.existsSync(this.#ipcPath)) return
      } catch {
        // not yet accepting connections
      }
      if (Date.now() > deadline) throw new Error('anvil did not answer eth_chainId within 20 s')
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Stops anvil; SIGTERM lets it dump its state, SIGKILL follows if it does not exit in time. */
  async stop(): Promise<void> {
    const child = this.#child
    if (!child || !this.running) return
    this.#stopping = true
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
    this.#child = null
    fs.rmSync(this.#ipcPath, { force: true })
  }

  /** Synchronous last resort for process exit handlers: no anvil outlives the service. */
  killNow(): void {
    if (this.#child && this.running) {
      this.#stopping = true
      this.#child.kill('SIGKILL')
      fs.rmSync(this.#ipcPath, { force: true })
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms)
    }),
  ])
}
