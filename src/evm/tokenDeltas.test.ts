import { describe, expect, it } from 'vitest'
import type { Address } from 'viem'
import { tokenDeltas } from './tokenDeltas.ts'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address
const nft = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' as Address
const a = '0x00000000000000000000000000000000000000aa' as Address
const b = '0x00000000000000000000000000000000000000bb' as Address
const c = '0x00000000000000000000000000000000000000cc' as Address
const zero = '0x0000000000000000000000000000000000000000' as Address

describe('tokenDeltas', () => {
  it('nets ERC-20 transfers per holder, counts ERC-721 tokens, leaves the zero address and ERC-1155 out', () => {
    const deltas = tokenDeltas([
      { standard: 'ERC-20', token, from: a, to: b, value: 100n },
      { standard: 'ERC-20', token, from: b, to: c, value: 30n },
      { standard: 'ERC-20', token, from: zero, to: a, value: 5n },
      { standard: 'ERC-721', token: nft, from: zero, to: c, tokenId: 7n },
      { standard: 'ERC-1155', token: nft, operator: a, from: a, to: b, tokenId: 1n, value: 2n },
    ])
    expect(deltas).toEqual([
      { token, standard: 'ERC-20', holder: a, delta: -95n },
      { token, standard: 'ERC-20', holder: b, delta: 70n },
      { token, standard: 'ERC-20', holder: c, delta: 30n },
      { token: nft, standard: 'ERC-721', holder: c, delta: 1n },
    ])
  })

  it('drops a holder whose movements cancel out', () => {
    expect(tokenDeltas([{ standard: 'ERC-20', token, from: a, to: b, value: 1n }, { standard: 'ERC-20', token, from: b, to: a, value: 1n }])).toEqual([])
  })
})
