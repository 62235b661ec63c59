import { describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { stateChanges } from './stateChanges.ts'

const word = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`
const sender: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const recipient: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const coinbase: Hex = '0x0000000000000000000000000000000000000000'

describe('stateChanges', () => {
  it("reads anvil's diff of a plain transfer: balances moved, the sender's nonce from 0 (left out of pre) to 1", () => {
    // debug_traceTransaction(prestateTracer, diffMode) of a 0x1000 wei transfer, as anvil 1.7.1 answered it.
    const diff = {
      post: { [coinbase]: { balance: '0x1319718a5000' }, [recipient]: { balance: '0x21e19e0c9bab2401000' }, [sender]: { balance: '0x21e19e0a387cf2b5000', nonce: 1 } },
      pre: { [coinbase]: { balance: '0x0' }, [recipient]: { balance: '0x21e19e0c9bab2400000' }, [sender]: { balance: '0x21e19e0c9bab2400000' } },
    } as const
    const changes = stateChanges(diff as never, [sender, recipient])
    expect(changes.map((change) => change.address)).toEqual([sender, recipient, coinbase])
    expect(changes[0]).toMatchObject({ nonce: { before: 0, after: 1 }, code: null, storage: [], destroyed: false })
    expect(changes[1]!.balance!.after - changes[1]!.balance!.before).toBe(0x1000n)
    expect(changes[2]!.balance).toEqual({ before: 0n, after: 0x1319718a5000n })
  })

  it('storage: a slot only in post was zero, one only in pre is now zero, an equal one is no change', () => {
    const contract: Hex = '0x00000000000000000000000000000000000000aa'
    const diff = {
      pre: { [contract]: { balance: '0x0', nonce: 1, code: '0x6000', storage: { [word(1)]: word(5), [word(2)]: word(7), [word(3)]: word(9) } } },
      post: { [contract]: { storage: { [word(0)]: word(1), [word(1)]: word(6), [word(3)]: word(9) } } },
    }
    const [change] = stateChanges(diff as never)
    expect(change!.storage).toEqual([
      { slot: word(0), before: word(0), after: word(1) },
      { slot: word(1), before: word(5), after: word(6) },
      { slot: word(2), before: word(7), after: word(0) },
    ])
    expect(change).toMatchObject({ balance: null, nonce: null, code: null })
  })

  it('a created contract: code and nonce from nothing; a destroyed one: in pre only', () => {
    const created: Hex = '0x00000000000000000000000000000000000000bb'
    const destroyed: Hex = '0x00000000000000000000000000000000000000cc'
    const diff = { pre: { [destroyed]: { balance: '0x5', code: '0x00' } }, post: { [created]: { nonce: 1, code: '0x6080' } } }
    const changes = stateChanges(diff as never)
    expect(changes.find((change) => change.address === created)).toMatchObject({ nonce: { before: 0, after: 1 }, code: { before: '0x', after: '0x6080' }, destroyed: false })
    expect(changes.find((change) => change.address === destroyed)).toMatchObject({ balance: { before: 5n, after: 0n }, code: { before: '0x00', after: '0x' }, destroyed: true })
  })
})
