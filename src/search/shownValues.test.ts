import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findShown } from './shownValues.ts'

/**
 * A block with its transactions and receipts as a node sent them: the recorded mainnet sample's (the same
 * recording the sample network serves), so the hashes and addresses are real ones.
 */
function recordedBlock(): unknown {
  return JSON.parse(fs.readFileSync('server/samples/recordings/erigon-mainnet-eth_getBlockByNumber-0x41b57c-prebyzantium.json', 'utf8'))
}

const block = {
  hash: `0x${'5a23c0ffee'.repeat(6)}b8e7`,
  parentHash: '0x1111111111111111111111111111111111111111111111111111111111111111',
  miner: '0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5',
  logsBloom: `0x${'0'.repeat(512)}`,
  transactions: [
    {
      hash: `0x5a23${'a'.repeat(56)}0001`,
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: null,
      input: '0x5a23',
      logs: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', topics: [`0x5a23${'b'.repeat(60)}`] }],
    },
  ],
}

describe('finding a shortened hash or address among what is shown', () => {
  it('finds hashes and addresses by their first digits, and by both ends', () => {
    expect(findShown([block], '0x5a23').map((shown) => shown.value)).toEqual(expect.arrayContaining([block.hash, block.transactions[0]!.hash]))
    expect(findShown([block], '0x5a23').map((shown) => shown.kind)).toEqual(['hash', 'hash'])
    expect(findShown([block], '0x5a23', 'b8e7')).toEqual([{ kind: 'hash', value: block.hash }])
    expect(findShown([block], '0xF39FD6', '2266')).toEqual([{ kind: 'address', value: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }])
    expect(findShown([block], '0x5fbdb2')).toEqual([{ kind: 'address', value: '0x5fbdb2315678afecb367f032d93f642f64180aa3' }])
  })

  it('never offers a log topic, input data or a bloom: only fields a list links to', () => {
    expect(findShown([block], '0x5a23bb')).toEqual([])
    expect(findShown([block], '0x0000')).toEqual([])
    expect(findShown([block, block], '0x5a23', 'b8e7')).toHaveLength(1)
  })

  it('finds a recorded mainnet block’s hashes from their shortened forms', () => {
    const answers = [recordedBlock()]
    const hashes = findShown(answers, '0x').filter((shown) => shown.kind === 'hash')
    // The block's own hash and its parent's.
    expect(hashes.length).toBe(2)
    for (const { value } of hashes) expect(findShown(answers, value.slice(0, 8), value.slice(-6)).map((shown) => shown.value)).toContain(value)
  })
})
