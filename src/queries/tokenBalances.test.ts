import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { TokenTransfer } from '../evm/tokenTransfers.ts'
import { holdingsOf } from './tokenBalances.ts'

const a = getAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')
const b = getAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359')
const token = getAddress('0xdbf03b407c01e7cd3cbea99509d93f8dddc8c6fb')
const multi = getAddress('0xd1220a0cf47c7b9be7a2e6ba89f429762e7b9adb')

describe('holdingsOf: the tokens whose balances the address page reads', () => {
  it('keeps each token once in first-seen order, and the ERC-1155 ids seen (each once)', () => {
    const moves: TokenTransfer[] = [
      { standard: 'ERC-20', token, from: a, to: b, value: 1n },
      { standard: 'ERC-1155', token: multi, operator: a, from: a, to: b, tokenId: 7n, value: 2n },
      { standard: 'ERC-20', token: token.toLowerCase() as typeof token, from: b, to: a, value: 3n },
      { standard: 'ERC-1155', token: multi, operator: a, from: b, to: a, tokenId: 7n, value: 1n },
      { standard: 'ERC-1155', token: multi, operator: a, from: b, to: a, tokenId: 9n, value: 1n },
    ]
    expect(holdingsOf(moves)).toEqual([
      { token, standard: 'ERC-20', ids: [] },
      { token: multi, standard: 'ERC-1155', ids: [7n, 9n] },
    ])
  })

  it('reads at most 20 ids of one ERC-1155 token', () => {
    const moves: TokenTransfer[] = Array.from({ length: 30 }, (_, id) => ({ standard: 'ERC-1155', token: multi, operator: a, from: a, to: b, tokenId: BigInt(id), value: 1n }))
    expect(holdingsOf(moves)[0]!.ids).toHaveLength(20)
  })
})
