import { encodeAbiParameters, encodeEventTopics, toEventSelector, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { erc20Events, erc721Events } from './tokenEvents.ts'
import { erc1155Events, tokenTransfers, transferBatchTopic, transferSingleTopic } from './tokenTransfers.ts'

const token = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' // EIP-55's own test vectors
const alice = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
const bob = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'
const carol = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'

/** viem's topics, typed as a log's (every argument given, so no null or list slots). */
const topicsOf = (...args: Parameters<typeof encodeEventTopics>) => encodeEventTopics(...args) as Hex[]

describe('tokenTransfers, logs encoded by viem from known values', () => {
  it('has the topics of the ERC-1155 standard', () => {
    // As published in EIP-1155 and seen on every ERC-1155 contract.
    expect(transferSingleTopic).toBe('0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62')
    expect(transferBatchTopic).toBe('0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb')
    // And what viem hashes from the signatures and the parsed events.
    expect(transferSingleTopic).toBe(toEventSelector('TransferSingle(address,address,address,uint256,uint256)'))
    expect(transferBatchTopic).toBe(toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])'))
    expect(erc1155Events().map((event) => toEventSelector(event))).toEqual([transferSingleTopic, transferBatchTopic])
  })

  it('reads an ERC-20 Transfer', () => {
    const topics = topicsOf({ abi: erc20Events(), eventName: 'Transfer', args: { from: alice, to: bob } })
    const log = { address: token.toLowerCase() as Hex, topics, data: encodeAbiParameters([{ type: 'uint256' }], [5n]) }
    expect(tokenTransfers(log)).toEqual([{ standard: 'ERC-20', token, from: alice, to: bob, value: 5n }])
  })

  it('reads an ERC-721 Transfer', () => {
    const topics = topicsOf({ abi: erc721Events(), eventName: 'Transfer', args: { from: alice, to: bob, tokenId: 9n } })
    expect(tokenTransfers({ address: token, topics, data: '0x' })).toEqual([{ standard: 'ERC-721', token, from: alice, to: bob, tokenId: 9n }])
  })

  it('reads an ERC-1155 TransferSingle and a TransferBatch (one movement per id)', () => {
    const single = topicsOf({ abi: erc1155Events(), eventName: 'TransferSingle', args: { operator: carol, from: alice, to: bob } })
    const singleData = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, 100n])
    expect(tokenTransfers({ address: token, topics: single, data: singleData })).toEqual([
      { standard: 'ERC-1155', token, operator: carol, from: alice, to: bob, tokenId: 7n, value: 100n },
    ])
    const batch = topicsOf({ abi: erc1155Events(), eventName: 'TransferBatch', args: { operator: carol, from: alice, to: bob } })
    const batchData = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [10n, 20n]])
    expect(tokenTransfers({ address: token, topics: batch, data: batchData }).map((move) => [move.standard, 'tokenId' in move ? move.tokenId : null])).toEqual([
      ['ERC-1155', 1n],
      ['ERC-1155', 2n],
    ])
  })

  it('reads nothing from other logs, or from a batch whose lists differ in length', () => {
    expect(tokenTransfers({ address: token, topics: [], data: '0x' })).toEqual([])
    const approval = topicsOf({ abi: erc20Events(), eventName: 'Approval', args: { owner: alice, spender: bob } })
    expect(tokenTransfers({ address: token, topics: approval, data: encodeAbiParameters([{ type: 'uint256' }], [1n]) })).toEqual([])
    const batch = topicsOf({ abi: erc1155Events(), eventName: 'TransferBatch', args: { operator: carol, from: alice, to: bob } })
    const uneven = encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [10n]])
    expect(tokenTransfers({ address: token, topics: batch, data: uneven })).toEqual([])
  })
})
