import { keccak256, toBytes } from 'viem'
import { describe, expect, it } from 'vitest'
import { toolPath } from '../urls.ts'
import {
  baseFilter,
  canFollow,
  defaultLogCap,
  emptyLogForm,
  filterPreview,
  hasFilter,
  logSearchParams,
  parseBlockRef,
  parseLogQuery,
  parseTopic,
  rangeConflictMessage,
  readLogForm,
  type LogFormValues,
} from './logQuery.ts'

const form = (values: Partial<LogFormValues>): LogFormValues => ({ ...emptyLogForm, ...values })
const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
// Independent ground truth: keccak-256 of the canonical signature, as the Solidity docs define topic 0.
const transferTopic = keccak256(toBytes('Transfer(address,address,uint256)'))
const tickTopic = keccak256(toBytes('Tick(uint256,uint256)'))

describe('the logs URL', () => {
  it('reads every field, comma-separated addresses and follow', () => {
    const values = readLogForm(new URLSearchParams(`address=${address},${other}&topic0=${transferTopic}&fromBlock=10&toBlock=latest&follow=1&cap=5000`))
    expect(values).toMatchObject({ address: `${address},${other}`, topic0: transferTopic, fromBlock: '10', toBlock: 'latest', follow: true, cap: '5000' })
  })

  it('writes only what is set, and reads back the same values', () => {
    const values = form({ address: ` ${address} ,  ${other} `, topic1: 'any', fromBlock: '0', follow: true })
    const path = toolPath('logs', logSearchParams(values))
    expect(path).toBe(`/logs?address=${address}%2C${other}&topic1=any&fromBlock=0&follow=1`)
    expect(readLogForm(new URLSearchParams(path.split('?')[1]))).toEqual({ ...values, address: `${address},${other}` })
    expect(toolPath('logs', logSearchParams(emptyLogForm))).toBe('/logs')
  })

  it('counts a URL with any filter field as one to run at once', () => {
    expect(hasFilter(emptyLogForm)).toBe(false)
    expect(hasFilter(form({ events: 'event Tick(uint256)', cap: '10', follow: true }))).toBe(false)
    expect(hasFilter(form({ toBlock: 'latest' }))).toBe(true)
    expect(hasFilter(form({ topic3: '0x01' }))).toBe(true)
  })
})

describe('topics', () => {
  it('any, one value, or alternatives separated by |', () => {
    expect(parseTopic('')).toEqual({ ok: true, match: null })
    expect(parseTopic('any')).toEqual({ ok: true, match: null })
    expect(parseTopic(transferTopic.toUpperCase().replace('0X', '0x'))).toEqual({ ok: true, match: [transferTopic] })
    expect(parseTopic(`${transferTopic} | ${tickTopic}`)).toEqual({ ok: true, match: [transferTopic, tickTopic] })
    expect(parseTopic(`${transferTopic}||${tickTopic}`).ok).toBe(false)
  })

  it('turns a signature, an address or a number into the 32-byte word it stands for', () => {
    expect(parseTopic('Transfer(address,address,uint256)')).toEqual({ ok: true, match: [transferTopic] })
    expect(parseTopic('event Tick(uint256 indexed counter, uint256 batch)')).toEqual({ ok: true, match: [tickTopic] })
    expect(parseTopic(address)).toEqual({ ok: true, match: [`0x000000000000000000000000${address.slice(2).toLowerCase()}`] })
    expect(parseTopic('12')).toEqual({ ok: true, match: ['0x' + '0'.repeat(63) + 'c'] })
  })

  it('says what is wrong with a bad topic', () => {
    expect(parseTopic('0x1234')).toEqual({ ok: false, problem: '0x1234 is not 32 bytes (64 hex digits)' })
    expect(parseTopic('Transfer(addres)')).toMatchObject({ ok: false, problem: expect.stringContaining('not an event signature') })
    expect(parseTopic('hello')).toMatchObject({ ok: false, problem: expect.stringContaining('not a topic') })
    expect(parseTopic((2n ** 256n).toString())).toMatchObject({ ok: false, problem: expect.stringContaining('does not fit') })
  })
})

describe('block range', () => {
  it('reads numbers in decimal and hex, and tags; empty is the spec default, latest', () => {
    expect(parseBlockRef('1,234')).toEqual({ kind: 'number', number: 1234n })
    expect(parseBlockRef('0x4d2')).toEqual({ kind: 'number', number: 1234n })
    expect(parseBlockRef('Finalized')).toEqual({ kind: 'tag', tag: 'finalized' })
    expect(parseBlockRef('')).toEqual({ kind: 'tag', tag: 'latest' })
    expect(parseBlockRef('yesterday')).toBeNull()
  })

  it('refuses blockHash together with fromBlock or toBlock, saying why (the spec: never both)', () => {
    const hash = '0x' + 'ab'.repeat(32)
    for (const range of [{ fromBlock: '1' }, { toBlock: 'latest' }]) {
      const parsed = parseLogQuery(form({ blockHash: hash, ...range }))
      expect(parsed).toEqual({ ok: false, problems: { range: rangeConflictMessage } })
    }
    const alone = parseLogQuery(form({ blockHash: hash }))
    expect(alone.ok && alone.query.range).toEqual({ kind: 'hash', blockHash: hash })
  })

  it('refuses a range that runs backwards', () => {
    expect(parseLogQuery(form({ fromBlock: '10', toBlock: '9' }))).toEqual({ ok: false, problems: { range: 'fromBlock 10 is after toBlock 9' } })
  })
})

describe('the filter object', () => {
  it('one address as a value, several as a list, trailing any-topics left out', () => {
    const one = parseLogQuery(form({ address, topic0: transferTopic, fromBlock: '0' }))
    expect(one.ok && baseFilter(one.query)).toEqual({ address: address.toLowerCase(), topics: [transferTopic] })
    const many = parseLogQuery(form({ address: `${address},${other},${address}`, topic1: `${address}|${other}` }))
    expect(many.ok && baseFilter(many.query)).toEqual({
      address: [address.toLowerCase(), other.toLowerCase()],
      topics: [null, [`0x000000000000000000000000${address.slice(2).toLowerCase()}`, `0x000000000000000000000000${other.slice(2).toLowerCase()}`]],
    })
    expect(many.ok && filterPreview(many.query)).toMatchObject({ fromBlock: 'latest', toBlock: 'latest' })
  })

  it('keeps within the spec limit of 5,000 parameters per request', () => {
    const addresses = Array.from({ length: 5001 }, (_, i) => '0x' + i.toString(16).padStart(40, '0')).join(',')
    const parsed = parseLogQuery(form({ address: addresses }))
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.problems.address).toContain('5,000')
  })

  it('has a cap: 100,000 unless set, within bounds', () => {
    const plain = parseLogQuery(form({ fromBlock: '0' }))
    expect(plain.ok && plain.query.cap).toBe(defaultLogCap)
    const set = parseLogQuery(form({ fromBlock: '0', cap: '5,000' }))
    expect(set.ok && set.query.cap).toBe(5000)
    expect(parseLogQuery(form({ cap: '0' })).ok).toBe(false)
  })

  it('follows only a range open at latest', () => {
    const query = (values: Partial<LogFormValues>) => {
      const parsed = parseLogQuery(form(values))
      if (!parsed.ok) throw new Error('bad')
      return parsed.query
    }
    expect(canFollow(query({ fromBlock: '0' }))).toBe(true)
    expect(canFollow(query({ fromBlock: '0', toBlock: '100' }))).toBe(false)
    expect(canFollow(query({ blockHash: '0x' + '11'.repeat(32) }))).toBe(false)
  })

  it('the search key ignores follow, so turning it on keeps the rows', () => {
    const values = form({ address, fromBlock: '0' })
    expect(logSearchParams({ ...values, follow: false }).toString()).toBe(logSearchParams({ ...values, follow: true }).toString().replace('&follow=1', ''))
  })
})
