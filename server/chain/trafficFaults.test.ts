import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseAbi } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { devAccount, roles } from './devAccounts.ts'
import type { Scenario } from './scenario.ts'
import { startTraffic } from './traffic.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'chainglass-traffic-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** Just enough of a recorded scenario for the traffic to plan its transactions. */
function fakeScenario(): Scenario {
  const artifacts = path.join(work, 'artifacts.json')
  const contract = (abi: string[]) => ({ sourceName: 'x.sol', abi: parseAbi(abi), bytecode: '0x6000', storageLayout: { storage: [], types: null } })
  fs.writeFileSync(
    artifacts,
    JSON.stringify({
      key: 'k',
      compiler: 'c',
      contracts: {
        GlassToken: contract(['function transfer(address,uint256) returns (bool)', 'function approve(address,uint256) returns (bool)']),
        GlassNft: contract(['function mint(address) returns (uint256)']),
        Reverter: contract(['function setValue(uint256)']),
        LogEmitter: contract(['function emitMany(uint256)']),
        Furnace: contract(['function burn(uint256) returns (bytes32)']),
      },
    }),
  )
  const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const
  return {
    artifacts,
    contracts: { token: address(1), nft: address(2), reverter: address(3), emitter: address(4) },
    token: { storage: { balanceOf: { slot: 0, offset: 0, type: 'mapping(address => uint256)' } } },
  } as unknown as Scenario
}

/** A loopback port nothing listens on: taken from the OS, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe('startTraffic when the gateway is gone', () => {
  it('keeps ticking, logs briefly without the key, and stops cleanly', async () => {
    const lines: string[] = []
    const port = await closedPort()
    for (const index of roles.traffic) devAccount(index) // derive the keys before the clock starts
    const traffic = startTraffic({
      rpcUrl: `http://127.0.0.1:${port}/v3/not-for-logs`,
      scenario: fakeScenario(),
      // No chain at all: ticks on the traffic's own timer, as with on-demand mining.
      blockTime: 0,
      intervalMs: 50,
      log: (line) => lines.push(line),
    })
    // The one wait: what is under test is the traffic's own interval timer, which nothing but time moves (there is
    // no chain here to mine), and only stop() tells how many ticks ran. Many intervals long, for the three asserted.
    await new Promise((resolve) => setTimeout(resolve, 800))
    await traffic.stop()
    const failures = lines.filter((line) => line.startsWith('traffic: tick failed'))
    // Many ticks failed, one line said so (the rest are counted, within the 10 s throttle).
    expect(failures).toHaveLength(1)
    expect(failures[0]).toMatch(/not reachable \(ECONNREFUSED\)/)
    const ticks = Number(/^traffic: stopped after (\d+) ticks \(0 transactions sent/.exec(lines.at(-1) ?? '')?.[1])
    expect(ticks).toBeGreaterThanOrEqual(3)
    expect(lines.some((line) => line.includes('not-for-logs'))).toBe(false)
  })
})
