import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isWellFormedLogArray, logSchema } from './schemas.ts'

/**
 * isWellFormedLogArray is the quick path of getLogs: it must never pass what logSchema refuses. Each
 * case breaks one field of a log the spec allows (values from an eth_getLogs answer of anvil).
 */
const good = {
  address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  topics: ['0x1f9b1a3d7e56f8a5e8d2b7f0b6d4f1c6a1e0d3c9b8a7f6e5d4c3b2a1f0e9d8c7', '0x0000000000000000000000000000000000000000000000000000000000000001'],
  data: '0x',
  blockHash: '0x6a0fd6a5d1f7e6b0a9c1f6d9b5d1ee5a4e1c2b2f5b7e0a1d3c4b5a6978877665',
  blockNumber: '0x29',
  blockTimestamp: '0x6553f100',
  transactionHash: '0x9d8c7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877665544',
  transactionIndex: '0x0',
  logIndex: '0x0',
  removed: false,
}
const schemaPasses = (value: unknown) => v.safeParse(v.array(logSchema), value).success

const broken: Array<[string, unknown]> = [
  ['removed as a string', { ...good, removed: 'false' }],
  ['no removed', (({ removed: _, ...rest }) => rest)(good)],
  ['a logIndex without 0x', { ...good, logIndex: '0' }],
  ['no blockNumber', (({ blockNumber: _, ...rest }) => rest)(good)],
  ['a short blockHash', { ...good, blockHash: good.blockHash.slice(0, -2) }],
  ['a transactionHash as a number', { ...good, transactionHash: 7 }],
  ['an address of 19 bytes', { ...good, address: good.address.slice(0, -2) }],
  ['odd-length data', { ...good, data: '0x123' }],
  ['five topics', { ...good, topics: [...good.topics, ...good.topics, good.topics[0]] }],
  ['a topic that is not a hash', { ...good, topics: ['0x01'] }],
  ['topics as a string', { ...good, topics: good.topics[0] }],
  ['null', null],
  ['an array for a log', [good]],
]

describe('isWellFormedLogArray', () => {
  it('passes what logSchema passes: full logs, pending logs (nulls), no topics, extra fields', () => {
    const pending = { ...good, blockHash: null, blockNumber: null, transactionHash: null, transactionIndex: null, logIndex: null }
    const cases = [[], [good], [good, pending], [{ ...good, topics: [] }], [{ ...good, data: '0xABcd' }]]
    for (const value of cases) {
      expect(schemaPasses(value)).toBe(true)
      expect(isWellFormedLogArray(value)).toBe(true)
    }
  })

  it.each(broken)('refuses, as logSchema does, %s', (_, log) => {
    expect(schemaPasses([good, log])).toBe(false)
    expect(isWellFormedLogArray([good, log])).toBe(false)
  })

  // The check remembers the last value that passed in each field: a fault must be seen in the first log too
  // (nothing passed yet), and after a good log whose fields it repeats.
  it.each(broken)('refuses, as logSchema does, %s in the first log', (_, log) => {
    expect(schemaPasses([log, good])).toBe(false)
    expect(isWellFormedLogArray([log, good])).toBe(false)
  })

  it('passes a value again only when it is the one that passed: a null or a bad value after a good one is checked', () => {
    const nullAddress = { ...good, address: null }
    const badSecondTopic = { ...good, topics: [good.topics[0], `${good.topics[1]!.slice(0, -1)}g`] }
    const emptyData = { ...good, data: '' }
    for (const log of [nullAddress, badSecondTopic, emptyData]) {
      expect(schemaPasses([good, good, log])).toBe(false)
      expect(isWellFormedLogArray([good, good, log])).toBe(false)
    }
    // The same values in a later log pass, as logSchema passes them.
    const again = { ...good, logIndex: '0x1' }
    expect(isWellFormedLogArray([good, again, { ...good }])).toBe(true)
  })

  it('refuses what is not an array', () => {
    expect(isWellFormedLogArray({ 0: good, length: 1 })).toBe(false)
    expect(isWellFormedLogArray(null)).toBe(false)
  })
})
