import type { Hex, LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AnvilNode } from './anvil.ts'
import { chainOf, createChainClient, type ChainClient } from './chainClient.ts'
import { devAccount } from './devAccounts.ts'
import { feeFields, readBaseFee } from './fees.ts'
import { createTrafficNonces } from './trafficNonces.ts'

/** The traffic's nonces on a real anvil (automine: a send that is taken is mined at once). */
describe('createTrafficNonces', () => {
  const anvil = new AnvilNode({ stateFile: null, blockTime: 0 })
  let client: ChainClient

  beforeAll(async () => {
    await anvil.start(0)
    client = createChainClient(anvil.httpUrl)
  })
  afterAll(() => anvil.stop())

  async function transfer(account: LocalAccount, gas = 21_000n): Promise<Hex> {
    const [chain, baseFee] = await Promise.all([chainOf(client), readBaseFee(client)])
    return client.sendTransaction({ account, chain, to: devAccount(0).address, value: 1n, gas, ...feeFields('eip1559', baseFee) })
  }
  const nonceOf = async (hash: Hex) => (await client.getTransaction({ hash })).nonce

  it('hands out the next nonce again after the node refused a send', async () => {
    const nonces = createTrafficNonces()
    const account = { ...devAccount(1), nonceManager: nonces.manager }
    expect(await nonceOf(await transfer(account))).toBe(0)
    // Below the 21,000 intrinsic gas of a transfer: the node refuses it before it reaches the pool.
    await expect(transfer(account, 20_000n)).rejects.toThrow(/gas/i)
    const hash = await transfer(account)
    expect(await nonceOf(hash)).toBe(1)
    expect((await client.waitForTransactionReceipt({ hash, timeout: 5_000 })).status).toBe('success')
  })

  it('resets a sender whose taken transactions the node lost, and only that one', async () => {
    const nonces = createTrafficNonces()
    const runaway = { ...devAccount(2), nonceManager: nonces.manager }
    const steady = { ...devAccount(3), nonceManager: nonces.manager }
    await client.setAutomine(false)
    try {
      const lost: Hex[] = []
      for (let i = 0; i < 6; i++) lost.push(await transfer(runaway))
      for (let i = 0; i < 3; i++) await transfer(steady)
      // What a restarted node does to its pool; the manager alone would count on from nonce 6.
      for (const hash of lost) await client.dropTransaction({ hash })
      expect(await nonces.dropRunaways(client, 4)).toEqual([runaway.address])
    } finally {
      await client.setAutomine(true)
    }
    const hash = await transfer(runaway)
    expect(await nonceOf(hash)).toBe(0)
    expect((await client.waitForTransactionReceipt({ hash, timeout: 5_000 })).status).toBe('success')
  })
})
