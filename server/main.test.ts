import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { alive, launchService } from './testing/launched.ts'
import { seedCompiledContracts } from './testing/service.ts'

/**
 * Runs `server/main.ts` as `npm run service` does, with the traffic off and the file store on a free port, in a
 * data dir that has the contracts compiled. A still chain: the scenario's transactions are mined as they come.
 */
async function launch(env: Record<string, string> & { CHAINGLASS_DATA: string }, options: { detached?: boolean } = {}) {
  await seedCompiledContracts(env.CHAINGLASS_DATA)
  return launchService({ CHAINGLASS_TRAFFIC: '0', CHAINGLASS_BLOCK_TIME: '0', CHAINGLASS_FILES_PORT: '0', ...env }, [], options)
}

function anvilProcessesWithState(dataDir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', 'anvil'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(dataDir))
  } catch {
    return [] // pgrep exits 1 when nothing matches
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('the service process (npm run service)', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`prints "chainglass ready" once it answers, and ${signal} leaves no process behind`, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-main-'))
      const port = await freePort()
      const run = await launch({ CHAINGLASS_DATA: dataDir, CHAINGLASS_RPC_PORT: String(port) })
      await run.printed('chainglass ready')
      // A quiet start: one line per part before the addresses, and no terminal escape codes.
      const started = run.output().slice(0, run.output().indexOf('chainglass ready'))
      const prefixes = started.split('\n').flatMap((line) => /^([a-z-]+): /.exec(line)?.[1] ?? [])
      expect(prefixes.length).toBeGreaterThan(0)
      expect(prefixes.filter((prefix, index) => prefixes.indexOf(prefix) !== index)).toEqual([])
      expect(run.output()).not.toContain('\u001b[')
      // Ready means answering: the gateway serves the chain at once.
      const reply = await fetch(`http://127.0.0.1:${port}/v3/devkey`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      expect(await reply.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
      expect(anvilProcessesWithState(dataDir)).toHaveLength(1)
      // The key never appears in what the service prints.
      expect(run.output()).not.toContain('devkey')
      const { anvil, parts } = run.processes()
      expect(Object.keys(parts).sort()).toEqual(['chain-life', 'files', 'gateway'])
      const pids = [anvil!, ...Object.values(parts).map((pid) => pid!)]
      expect(pids.filter(alive)).toEqual(pids)

      run.child.kill(signal)
      expect(await run.exited).toBe(0)
      expect(anvilProcessesWithState(dataDir)).toEqual([])
      expect(pids.filter(alive)).toEqual([])
      expect(fs.statSync(path.join(dataDir, 'chain', 'anvil-state.json')).size).toBeGreaterThan(0)
    })
  }

  it('Ctrl-C in a terminal (SIGINT to the whole process group) stops every part and anvil, with no restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-main-'))
    const run = await launch({ CHAINGLASS_DATA: dataDir, CHAINGLASS_RPC_PORT: '0' }, { detached: true })
    await run.printed('chainglass ready')
    const { anvil, parts } = run.processes()
    const pids = [anvil!, ...Object.values(parts).map((pid) => pid!)]
    const mark = run.output().length
    process.kill(-run.child.pid!, 'SIGINT')
    expect(await run.exited).toBe(0)
    expect(pids.filter(alive)).toEqual([])
    expect(run.output().slice(mark)).not.toMatch(/restarting|is back|back \(pid/)
    expect(fs.existsSync(path.join(dataDir, 'processes.json'))).toBe(false)
  })

  it('a taken port gives one clear line naming the port and the variable', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()))
    const { port } = blocker.address() as net.AddressInfo
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-main-'))
      const run = await launch({ CHAINGLASS_DATA: dataDir, CHAINGLASS_RPC_PORT: String(port) })
      expect(await run.exited).toBe(1)
      expect(run.output().trim().split('\n').filter((line) => line.includes(String(port)))).toEqual([
        `chainglass: port ${port} on 127.0.0.1 is already in use: stop what holds it, or set CHAINGLASS_RPC_PORT to a free port`,
      ])
      expect(anvilProcessesWithState(dataDir)).toEqual([])
    } finally {
      blocker.close()
    }
  })
})
