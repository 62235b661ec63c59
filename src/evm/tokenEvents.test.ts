import { encodeAbiParameters, encodeEventTopics, pad, toEventSelector, toHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { readFixture, readTestData } from '../../server/testing/fixtures.ts'
import { approvalForAllTopic, approvalTopic, decodeTokenEvent, erc20Events, erc721Events, transferTopic, type LogLike } from './tokenEvents.ts'

type Log = LogLike & { address: Hex; logIndex: Hex }

const alice = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' // EIP-55's own test vectors
const bob = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'

describe('event topics', () => {
  // The well-known topic0 values (keccak-256 of the signatures), as every explorer shows them.
  it('are the keccak of the canonical signatures', () => {
    expect(transferTopic).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
    expect(approvalTopic).toBe('0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925')
    expect(approvalForAllTopic).toBe('0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31')
  })

  it('are what viem hashes from each signature and from each parsed event', () => {
    expect(transferTopic).toBe(toEventSelector('Transfer(address,address,uint256)'))
    expect(approvalTopic).toBe(toEventSelector('Approval(address,address,uint256)'))
    expect(approvalForAllTopic).toBe(toEventSelector('ApprovalForAll(address,address,bool)'))
    const byName = (name: string) => [...erc20Events(), ...erc721Events()].filter((event) => event.name === name).map((event) => toEventSelector(event))
    expect(new Set(byName('Transfer'))).toEqual(new Set([transferTopic]))
    expect(new Set(byName('Approval'))).toEqual(new Set([approvalTopic]))
    expect(byName('ApprovalForAll')).toEqual([approvalForAllTopic])
  })
})

describe('decodeTokenEvent, logs built from known values', () => {
  const word = (value: bigint) => pad(toHex(value), { size: 32 })
  const addressTopic = (address: string) => pad(address.toLowerCase() as Hex, { size: 32 })

  it('decodes an ERC-20 Transfer (3 topics, amount in data)', () => {
    const log = { topics: [transferTopic, addressTopic(alice), addressTopic(bob)], data: word(10n ** 18n) }
    expect(decodeTokenEvent(log)).toEqual({ standard: 'ERC-20', event: 'Transfer', from: alice, to: bob, value: 10n ** 18n })
  })

  it('decodes an ERC-20 Approval, unlimited allowance included', () => {
    const max = 2n ** 256n - 1n
    const log = { topics: [approvalTopic, addressTopic(alice), addressTopic(bob)], data: encodeAbiParameters([{ type: 'uint256' }], [max]) }
    expect(decodeTokenEvent(log)).toEqual({ standard: 'ERC-20', event: 'Approval', owner: alice, spender: bob, value: max })
  })

  it('decodes an ERC-721 Transfer: same topic0, tokenId as the 4th topic, no data', () => {
    const log = { topics: [transferTopic, addressTopic('0x0000000000000000000000000000000000000000'), addressTopic(bob), word(42n)], data: '0x' as Hex }
    expect(decodeTokenEvent(log)).toEqual({ standard: 'ERC-721', event: 'Transfer', from: '0x0000000000000000000000000000000000000000', to: bob, tokenId: 42n })
  })

  it('decodes an ERC-721 Approval and ApprovalForAll', () => {
    const approval = { topics: encodeEventTopics({ abi: erc721Events(), eventName: 'Approval', args: { owner: alice, approved: bob, tokenId: 7n } }) as Hex[], data: '0x' as Hex }
    expect(decodeTokenEvent(approval)).toEqual({ standard: 'ERC-721', event: 'Approval', owner: alice, approved: bob, tokenId: 7n })
    const forAll = {
      topics: encodeEventTopics({ abi: erc721Events(), eventName: 'ApprovalForAll', args: { owner: alice, operator: bob } }) as Hex[],
      data: encodeAbiParameters([{ type: 'bool' }], [true]),
    }
    expect(decodeTokenEvent(forAll)).toEqual({ standard: 'ERC-721', event: 'ApprovalForAll', owner: alice, operator: bob, approved: true })
  })

  it('leaves raw what does not fit the standards exactly', () => {
    // Early tokens (CryptoKitties among them) indexed nothing: one topic, three words of data.
    expect(decodeTokenEvent({ topics: [transferTopic], data: `0x${word(1n).slice(2)}${word(2n).slice(2)}${word(3n).slice(2)}` })).toBeNull()
    // A topic that is not a left-padded address.
    expect(decodeTokenEvent({ topics: [transferTopic, word(2n ** 200n), addressTopic(bob)], data: word(1n) })).toBeNull()
    // ERC-20 with the amount missing, ERC-721 with data it should not have.
    expect(decodeTokenEvent({ topics: [transferTopic, addressTopic(alice), addressTopic(bob)], data: '0x' })).toBeNull()
    expect(decodeTokenEvent({ topics: [transferTopic, addressTopic(alice), addressTopic(bob), word(1n)], data: word(1n) })).toBeNull()
    // ApprovalForAll whose bool is 2.
    expect(decodeTokenEvent({ topics: [approvalForAllTopic, addressTopic(alice), addressTopic(bob)], data: word(2n) })).toBeNull()
    // Anonymous and unknown events.
    expect(decodeTokenEvent({ topics: [], data: '0x' })).toBeNull()
    expect(decodeTokenEvent({ topics: [word(1n)], data: word(1n) })).toBeNull()
  })
})

describe('decodeTokenEvent, recorded mainnet logs (server/samples/recordings)', () => {
  it('erigon eth_getTransactionReceipt: the USDC-like transfer reads as the topics and data say', () => {
    const [item] = JSON.parse(readFixture('erigon-mainnet-eth_getTransactionReceipt-logs.json')) as Array<{ response: { result: { logs: Log[] } } }>
    const [log] = item!.response.result.logs
    // Read by eye: topic1 ends a98f5a47…9f874b21 (the sender, also the receipt's `from`), topic2 ends
    // 14f55336…fc5e21a1, data is 0x3b9aca00 = 1,000,000,000.
    expect(decodeTokenEvent(log!)).toMatchObject({ standard: 'ERC-20', event: 'Transfer', value: 1_000_000_000n })
    const decoded = decodeTokenEvent(log!) as { from: string; to: string }
    expect(decoded.from.toLowerCase()).toBe('0xa98f5a4736059d79329e2f1b4ee46baf9f874b21')
    expect(decoded.to.toLowerCase()).toBe('0x14f553367d336253cc05cabce312b390fc5e21a1')
  })

  it('etl pre-Byzantium receipt: the Transfer decodes, the other event stays raw', () => {
    const { result } = JSON.parse(readFixture('etl-mainnet-eth_getTransactionReceipt-prebyzantium-root-logs.json')) as { result: { logs: Log[] } }
    const [transfer, other] = result.logs
    // Read by eye: from …6498077292a0921c8804924fdf47b5e91e2a215f, to …8b3b3b624c3c0397d3da8fd861512393d51dcbac,
    // data 0x4563918244f40000 = 5 × 10^18 (5 tokens of 18 decimals).
    const decoded = decodeTokenEvent(transfer!) as { from: string; to: string; value: bigint }
    expect(decoded).toMatchObject({ standard: 'ERC-20', event: 'Transfer', value: 5n * 10n ** 18n })
    expect(decoded.from.toLowerCase()).toBe('0x6498077292a0921c8804924fdf47b5e91e2a215f')
    expect(decoded.to.toLowerCase()).toBe('0x8b3b3b624c3c0397d3da8fd861512393d51dcbac')
    expect(decodeTokenEvent(other!)).toBeNull()
  })

  it('erigon eth_getBlockReceipts (block 0x41b582): every 3-topic Transfer decodes to its own topics and data, nothing else decodes', () => {
    const [item] = JSON.parse(readFixture('erigon-mainnet-eth_getBlockReceipts-0x41B582-prebyzantium.json')) as Array<{ response: { result: Array<{ logs: Log[] }> } }>
    const logs = item!.response.result.flatMap((receipt) => receipt.logs)
    const transfers = logs.filter((log) => log.topics[0] === transferTopic)
    // Counted with a one-line script over the file: 19 Transfer logs, all with 3 topics and 32 bytes of data.
    expect(transfers).toHaveLength(19)
    for (const log of transfers) {
      const decoded = decodeTokenEvent(log) as { standard: string; from: string; to: string; value: bigint }
      expect(decoded.standard).toBe('ERC-20')
      expect(decoded.from.toLowerCase()).toBe(`0x${log.topics[1]!.slice(26)}`)
      expect(decoded.to.toLowerCase()).toBe(`0x${log.topics[2]!.slice(26)}`)
      expect(decoded.value).toBe(BigInt(log.data))
    }
    // Two spot checks read by eye: logIndex 0x0 moves 0x186a0 = 100,000 units from …9e311238 to …7f9a2def.
    const first = decodeTokenEvent(transfers.find((log) => log.logIndex === '0x0')!) as { from: string; to: string; value: bigint }
    expect([first.from.toLowerCase(), first.to.toLowerCase(), first.value]).toEqual(['0x9e311238b7dd21eadaac8b9f28996845139eda3f', '0x7f9a2defda72f490c4398205113de204d46a4b39', 100_000n])
    // logIndex 0x15: data 0x246ddf97976680000 = 42 × 10^18.
    expect((decodeTokenEvent(transfers.find((log) => log.logIndex === '0x15')!) as { value: bigint }).value).toBe(42n * 10n ** 18n)
    expect(logs.filter((log) => log.topics[0] !== transferTopic).every((log) => decodeTokenEvent(log) === null)).toBe(true)
  })

  it('erigon eth_getLogs and execution-apis receipts: other events stay raw', () => {
    const [item] = JSON.parse(readFixture('erigon-mainnet-eth_getLogs-topics.json')) as Array<{ response: { result: Log[] } }>
    expect(item!.response.result.length).toBeGreaterThan(0)
    expect(item!.response.result.map(decodeTokenEvent).every((decoded) => decoded === null)).toBe(true)

    const line = readTestData('execapis-eth_getBlockReceipts-latest-logs.io').split('\n').find((text) => text.startsWith('<< '))!
    const receipts = (JSON.parse(line.slice(3)) as { result: Array<{ logs: Log[] }> }).result
    const logs = receipts.flatMap((receipt) => receipt.logs)
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.every((log) => decodeTokenEvent(log) === null)).toBe(true)
  })
})
