import { encodeAbiParameters, encodeEventTopics, keccak256, pad, parseAbiItem, toBytes, toHex, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createDecoder, eventsText, formatEvent, parseEventDefinitions } from './eventDecoder.ts'

// Logs built by hand from the ABI encoding rules (topic 0 = keccak of the canonical signature, indexed
// words in topics, the rest ABI-encoded in data), not by the code under test.
const tick = keccak256(toBytes('Tick(uint256,uint256)'))
const transfer = keccak256(toBytes('Transfer(address,address,uint256)'))
const alice = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const bob = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'

const tickLog = { topics: [tick, toHex(41n, { size: 32 })] as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [7n]) }

describe('event definitions', () => {
  it('reads signatures, one per line or separated by ;', () => {
    const { events, problems } = parseEventDefinitions('event Tick(uint256 indexed counter, uint256 batch)\nMinted(address indexed to, uint256 id); // a note\n')
    expect(problems).toEqual([])
    expect(events.map((event) => event.name)).toEqual(['Tick', 'Minted'])
  })

  it('reads a JSON ABI (array, or an artifact with an abi field) and keeps its events', () => {
    const abi = [
      { type: 'function', name: 'emitMany', inputs: [{ type: 'uint256', name: 'n' }], outputs: [], stateMutability: 'nonpayable' },
      { type: 'event', name: 'Tick', anonymous: false, inputs: [{ type: 'uint256', name: 'counter', indexed: true }, { type: 'uint256', name: 'batch', indexed: false }] },
    ]
    expect(parseEventDefinitions(JSON.stringify(abi)).events.map((event) => event.name)).toEqual(['Tick'])
    expect(parseEventDefinitions(JSON.stringify({ abi })).events).toHaveLength(1)
    expect(eventsText(parseEventDefinitions(JSON.stringify(abi)).events)).toBe('event Tick(uint256 indexed counter, uint256 batch)')
  })

  it('says what it cannot read', () => {
    expect(parseEventDefinitions('event Broken(uint257 x)').problems).toHaveLength(1)
    expect(parseEventDefinitions('[1,').problems[0]).toContain('not valid JSON')
    expect(parseEventDefinitions('[{"type":"function","name":"f","inputs":[]}]').problems).toEqual(['the ABI declares no events'])
  })

  it('writes tuples back in the form it reads', () => {
    const [event] = parseEventDefinitions('event Placed((address owner, uint96 price) order, bytes32 indexed id)').events
    expect(formatEvent(event!)).toBe('event Placed((address owner, uint96 price) order, bytes32 indexed id)')
    expect(parseEventDefinitions(formatEvent(event!)).events[0]).toEqual(event)
  })
})

describe('decoding', () => {
  it('decodes a log with the user’s event', () => {
    const decode = createDecoder(parseEventDefinitions('event Tick(uint256 indexed counter, uint256 batch)').events)
    expect(decode(tickLog)).toEqual({
      event: 'Tick',
      source: 'ABI',
      signature: 'Tick(uint256 indexed counter, uint256 batch)',
      args: [
        { name: 'counter', type: 'uint256', indexed: true, value: '41', kind: 'number' },
        { name: 'batch', type: 'uint256', indexed: false, value: '7', kind: 'number' },
      ],
    })
  })

  it('decodes the token events without being told, addresses checksummed', () => {
    const decode = createDecoder([])
    const erc20 = { topics: [transfer, pad(alice), pad(bob)] as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [10n ** 18n]) }
    expect(decode(erc20)).toMatchObject({
      event: 'Transfer',
      source: 'ERC-20',
      args: [
        { name: 'from', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', kind: 'address' },
        { name: 'to', value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
        { name: 'value', value: '1000000000000000000' },
      ],
    })
    const erc721 = { topics: [transfer, pad(alice), pad(bob), toHex(5n, { size: 32 })] as Hex[], data: '0x' as Hex }
    expect(decode(erc721)).toMatchObject({ source: 'ERC-721', args: [{ name: 'from' }, { name: 'to' }, { name: 'tokenId', value: '5' }] })
  })

  it('leaves a log it cannot decode raw (null), also when the data does not fit the event', () => {
    const decode = createDecoder(parseEventDefinitions('event Tick(uint256 indexed counter, uint256 batch)').events)
    expect(decode({ topics: [keccak256(toBytes('Other()'))], data: '0x' })).toBeNull()
    expect(decode({ topics: tickLog.topics, data: '0x01' })).toBeNull()
    expect(decode({ topics: [], data: '0x' })).toBeNull()
  })

  it('of two events with one selector, takes the one whose layout fits', () => {
    const decode = createDecoder(parseEventDefinitions('event Transfer(address indexed from, address indexed to, uint256 indexed id)\nevent Transfer(address indexed from, address indexed to, uint256 value)').events)
    const erc20 = { topics: [transfer, pad(alice), pad(bob)] as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [3n]) }
    expect(decode(erc20)?.args.map((arg) => arg.name)).toEqual(['from', 'to', 'value'])
  })
})

describe('createDecoder with the events the app knows', () => {
  const tickEvent = parseAbiItem('event Tick(uint256 indexed counter, uint256 batch)')
  const log = { topics: encodeEventTopics({ abi: [tickEvent], eventName: 'Tick', args: { counter: 7n } }) as Hex[], data: encodeAbiParameters([{ type: 'uint256' }], [3n]) }

  it('names a log no user event and no token standard matches, as known', () => {
    const decoded = createDecoder([], () => [tickEvent])(log)
    expect(decoded).toMatchObject({ event: 'Tick', source: 'known', args: [{ name: 'counter', value: '7' }, { name: 'batch', value: '3' }] })
  })

  it('lets the user\'s own events come first', () => {
    const renamed = parseAbiItem('event Tock(uint256 indexed n, uint256 m)')
    // The user's Tick with other parameter names has the same topic 0, and wins over the known one.
    const users = parseAbiItem('event Tick(uint256 indexed n, uint256 m)')
    expect(createDecoder([users], () => [tickEvent])(log)).toMatchObject({ source: 'ABI', args: [{ name: 'n' }, { name: 'm' }] })
    expect(createDecoder([renamed], () => [])(log)).toBeNull()
  })
})
