import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { startService, type RunningService } from '../../server/service.ts'

/**
 * The real local service (real anvil, real gateway) for unit tests that need the node: no scenario, no
 * traffic, ports picked by the OS, a fresh data dir (removed on close when this made it). Test-only; the
 * app never imports it.
 */
export type TestService = RunningService & { dataDir: string }

export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-unit-'))
}

export async function startTestService(options: { rpcPort?: number; dataDir?: string; blockTime?: number; maxBatch?: number } = {}): Promise<TestService> {
  const ownDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? makeDataDir()
  const config = loadConfig({
    CHAINGLASS_RPC_PORT: String(options.rpcPort ?? 0),
    CHAINGLASS_APP_PORT: '0',
    CHAINGLASS_FILES_PORT: '0',
    CHAINGLASS_DATA: dataDir,
    CHAINGLASS_BLOCK_TIME: String(options.blockTime ?? 1),
    CHAINGLASS_TRAFFIC: '0',
    ...(options.maxBatch ? { CHAINGLASS_MAX_BATCH: String(options.maxBatch) } : {}),
  })
  const service = await startService(config, { scenario: false })
  const close = service.close
  return Object.assign(service, {
    dataDir,
    async close() {
      await close()
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  })
}

/** Passes every request through untouched and records what was sent: observation, not interception. */
export function recordingFetch(): { fetch: typeof fetch; bodies: unknown[] } {
  const bodies: unknown[] = []
  return {
    bodies,
    fetch: async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)))
      return globalThis.fetch(input, init)
    },
  }
}

export function waitFor<T>(check: () => T | undefined | null | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      const value = check()
      if (value) return resolve(value)
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
      setTimeout(tick, 20)
    }
    tick()
  })
}
