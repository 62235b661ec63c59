import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../config.ts'

/** The supervisor's record of which process is which (server/supervisor/supervisor.ts). */
export type ProcessesRecord = { supervisor: number; anvil: number | null; parts: Record<string, number | null> }

export type Launched = {
  child: ChildProcess
  exited: Promise<number | null>
  /** Everything printed so far, stdout and stderr. */
  output(): string
  /** Waits until `text` is printed after position `from` of the output; resolves with where it starts. */
  printed(text: string, options?: { from?: number; timeoutMs?: number }): Promise<number>
  processes(): ProcessesRecord
}

/** Runs `server/main.ts` as `npm run service` does (`args: ['--app']`: as npm start), with `env` over this process's. */
export function launchService(env: Record<string, string>, args: string[] = [], options: { detached?: boolean } = {}): Launched {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a terminal gives: a test can then send Ctrl-C's SIGINT to the whole group.
    detached: options.detached ?? false,
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    exited,
    output: () => output,
    async printed(text, { from = 0, timeoutMs = 90_000 } = {}) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const at = output.indexOf(text, from)
        if (at >= 0) return at
        if (Date.now() > deadline) throw new Error(`"${text}" not printed within ${timeoutMs} ms; output so far:\n${output}`)
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before printing "${text}":\n${output}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    processes: () => JSON.parse(fs.readFileSync(path.join(env.CHAINGLASS_DATA!, 'processes.json'), 'utf8')) as ProcessesRecord,
  }
}

/** Whether a process with this id still exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * The settings of a supervised service a test launches (launchService): its data and built app where given, ports
 * the OS picks, no traffic and no block clock (the chain moves only when the test moves it), plus `extra`.
 */
export function supervisedTestEnv(dataDir: string, dist: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CHAINGLASS_DATA: dataDir,
    CHAINGLASS_APP_DIST: dist,
    CHAINGLASS_RPC_PORT: '0',
    CHAINGLASS_FILES_PORT: '0',
    CHAINGLASS_APP_PORT: '0',
    CHAINGLASS_TRAFFIC: '0',
    CHAINGLASS_BLOCK_TIME: '0',
    ...extra,
  }
}

/** The URL a launched service printed on the address line that starts with `label`. */
export function printedUrl(run: Launched, label: string): string {
  const match = new RegExp(`${label}\\s+(http://127\\.0\\.0\\.1:\\d+)`).exec(run.output())
  if (!match) throw new Error(`no "${label}" line in:\n${run.output()}`)
  return match[1]!
}
