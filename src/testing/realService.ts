import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startTestService as startServerTestService, type TestService } from '../../server/testing/service.ts'

/**
 * The real local service (real anvil, real gateway) for the client's unit tests: no scenario, no traffic,
 * ports picked by the OS, a fresh data dir removed on close. An adapter over the server's own test kit.
 * Test-only; the app never imports it.
 */
export type { TestService }

export function startUnitTestService(options: { rpcPort?: number; dataDir?: string; blockTime?: number; maxBatch?: number } = {}): Promise<TestService> {
  return startServerTestService({
    CHAINGLASS_RPC_PORT: String(options.rpcPort ?? 0),
    CHAINGLASS_BLOCK_TIME: String(options.blockTime ?? 1),
    ...(options.dataDir ? { CHAINGLASS_DATA: options.dataDir } : {}),
    ...(options.maxBatch ? { CHAINGLASS_MAX_BATCH: String(options.maxBatch) } : {}),
  })
}

/** A data dir the test owns (and removes), for restarts on the same chain. */
export function makeDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-unit-'))
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
