import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Hash, Hex } from 'viem'
import { vi } from 'vitest'
import type { Network } from '../../contract/runtimeConfig.ts'
import { chainOf, createChainClient } from '../../server/chain/chainClient.ts'
import { feeFields, readBaseFee } from '../../server/chain/fees.ts'
import { nodeCaller, withoutAutomine } from '../../server/chain/nodeCall.ts'
import { devAccount } from '../../server/testing/devAccounts.ts'
import { mine, startTestService as startServerTestService, type TestService } from '../../server/testing/service.ts'

/**
 * The real local service (real anvil, real gateway) for the client's unit tests: no scenario, no traffic,
 * ports picked by the OS, a fresh data dir removed on close. An adapter over the server's own test kit.
 * Test-only; the app never imports it.
 */
export type { TestService }
export { mine }

export function startUnitTestService(options: { rpcPort?: number; dataDir?: string; blockTime?: number; maxBatch?: number } = {}): Promise<TestService> {
  return startServerTestService({
    CHAINGLASS_RPC_PORT: String(options.rpcPort ?? 0),
    CHAINGLASS_BLOCK_TIME: String(options.blockTime ?? 0),
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

/** The service's devnet as the app's Network object (what /config.json would give). */
export function serviceNetwork(service: TestService): Network {
  return { name: 'local', label: 'Local devnet', chainId: '0x7a69', rpcBase: service.urls.rpcBase, wsBase: service.urls.wsBase, ipfsUrl: null, key: service.config.key, secret: '', kind: 'local' }
}

/**
 * Records the body of every POST the app sends to the gateway, passing it on untouched (observation, not
 * interception): the global fetch is wrapped until `vi.unstubAllGlobals()`. Returns the list it fills.
 */
export function recordGatewayPosts(service: TestService): unknown[] {
  const posts: unknown[] = []
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (init?.method === 'POST' && String(input) === service.urls.rpc) posts.push(JSON.parse(String(init.body)))
    return realFetch(input, init)
  })
  return posts
}

/** The JSON-RPC methods of each recorded POST, in order. */
export function postedMethods(posts: readonly unknown[]): string[][] {
  return posts.map((body) => (Array.isArray(body) ? body : [body]).map((call) => (call as { method: string }).method))
}

/**
 * What `send` sends, mined into one block: automine is off while it sends (put back after), then one evm_mine
 * straight on the node (a test's control of its chain). The service's interval mining must be off (block time
 * 0, or `evm_setIntervalMining` 0).
 */
export function mineTogether<T>(service: TestService, send: () => Promise<T>): Promise<T> {
  return withoutAutomine(nodeCaller(service.anvil.httpUrl), async () => {
    const sent = await send()
    await service.node('evm_mine')
    return sent
  })
}

/**
 * `count` transfers from dev account `from` to dev account `to`, sent through the gateway with consecutive nonces
 * and mined together (`mineTogether`), so they land in one block. `value` and `data` give each transfer its own.
 */
export async function mineTransfers(
  service: TestService,
  options: { from: number; to: number; count: number; value?: (index: number) => bigint; data?: (index: number) => Hex; gas?: bigint },
): Promise<{ number: bigint; hashes: Hash[] }> {
  const chain = createChainClient(service.urls.rpc)
  const account = devAccount(options.from)
  const [definition, baseFee] = await Promise.all([chainOf(chain), readBaseFee(chain)])
  const nonce = await chain.getTransactionCount({ address: account.address, blockTag: 'pending' })
  const hashes = await mineTogether(service, () =>
    Promise.all(
      Array.from({ length: options.count }, (_, index) =>
        chain.sendTransaction({
          account,
          chain: definition,
          nonce: nonce + index,
          to: devAccount(options.to).address,
          value: options.value?.(index) ?? 0n,
          data: options.data?.(index),
          gas: options.gas ?? 21_000n,
          ...feeFields('eip1559', baseFee),
        }),
      ),
    ),
  )
  const number = (await chain.waitForTransactionReceipt({ hash: hashes.at(-1)!, timeout: 10_000 })).blockNumber
  return { number, hashes }
}
