import { zeroAddress, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { TokenTransfer } from '../evm/tokenTransfers.ts'
import { holderCandidates, netFlows } from './holders.ts'

const token: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const a: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const b: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const c: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const erc20 = (from: Address, to: Address, value: bigint): TokenTransfer => ({ standard: 'ERC-20', token, from, to, value })

describe('holders from transfers', () => {
  it('sums each address’s movements: received minus sent, mints and burns leaving the zero address out', () => {
    // Minted 100 to a; a sends 30 to b; b sends 10 to c; c burns 5.
    const flows = netFlows([erc20(zeroAddress, a, 100n), erc20(a, b, 30n), erc20(b, c, 10n), erc20(c, zeroAddress, 5n)])
    expect(Object.fromEntries(flows)).toEqual({ [a.toLowerCase()]: 70n, [b.toLowerCase()]: 20n, [c.toLowerCase()]: 5n })
  })

  it('counts an ERC-721 token as one, and leaves ERC-1155 (no balance without its id) out', () => {
    const flows = netFlows([
      { standard: 'ERC-721', token, from: zeroAddress, to: a, tokenId: 7n },
      { standard: 'ERC-721', token, from: a, to: b, tokenId: 7n },
      { standard: 'ERC-721', token, from: zeroAddress, to: b, tokenId: 8n },
      { standard: 'ERC-1155', token, operator: a, from: zeroAddress, to: c, tokenId: 1n, value: 5n },
    ])
    expect(Object.fromEntries(flows)).toEqual({ [a.toLowerCase()]: 0n, [b.toLowerCase()]: 2n })
  })

  it('asks the biggest net receivers first, and never one that sent as much as it got', () => {
    const flows = netFlows([erc20(zeroAddress, a, 100n), erc20(a, b, 30n), erc20(b, c, 10n), erc20(c, a, 10n)])
    // a: 100 - 30 + 10 = 80; b: 20; c: 0.
    expect(holderCandidates(flows)).toEqual([a.toLowerCase(), b.toLowerCase()])
    expect(holderCandidates(flows, 1)).toEqual([a.toLowerCase()])
  })
})
