import { afterAll, describe, expect, it } from 'vitest'
import { AnvilNode } from './anvil.ts'
import { warmBlobChecks } from './blobWarmUp.ts'
import { createChainClient } from './chainClient.ts'
import { blobEntries, blobPartsFor } from './blobs.ts'
import { devAccount } from './devAccounts.ts'

describe('warmBlobChecks (real anvil)', () => {
  const blobChain = new AnvilNode({ stateFile: null, blockTime: 0 })
  // Shanghai has no blob transactions (anvil still puts blobGasUsed in its headers, so it is sent one).
  const oldChain = new AnvilNode({ stateFile: null, blockTime: 0, hardfork: 'shanghai' })
  afterAll(() => Promise.all([blobChain.stop(), oldChain.stop()]))

  it('has the node check a blob proof and refuse the transaction: nothing lands, and a real blob is taken after it', async () => {
    await blobChain.start(0)
    const client = createChainClient(blobChain.httpUrl)
    const before = await client.getBlockNumber({ cacheTime: 0 })

    const ms = await warmBlobChecks(blobChain.httpUrl)

    expect(ms).toEqual(expect.any(Number))
    // Refused, not pending: the pool is empty and mining a block puts nothing in it.
    expect(await client.request({ method: 'txpool_status' } as never)).toMatchObject({ pending: '0x0', queued: '0x0' })
    await client.mine({ blocks: 1 })
    const mined = await client.getBlock({ blockNumber: before + 1n })
    expect(mined.transactions).toEqual([])
    // The node still takes a funded account's blob transaction afterwards.
    const sender = devAccount(5)
    const hash = await client.sendTransaction({ account: sender, chain: null, to: sender.address, ...blobPartsFor(blobEntries[1].text), maxFeePerBlobGas: 10n ** 10n } as never)
    await client.mine({ blocks: 1 })
    expect((await client.getTransactionReceipt({ hash })).status).toBe('success')
  })

  it('on a chain that refuses blob transactions: resolves all the same, and nothing lands', async () => {
    await oldChain.start(0)
    const client = createChainClient(oldChain.httpUrl)
    await expect(warmBlobChecks(oldChain.httpUrl)).resolves.not.toThrow()
    await client.mine({ blocks: 1 })
    expect((await client.getBlock({ blockTag: 'latest' })).transactions).toEqual([])
  })

  it('never rejects, even with no node there', async () => {
    expect(await warmBlobChecks('http://127.0.0.1:9/')).toBeNull()
  })
})
