import { describe, expect, it } from 'vitest'
import { describeInvalid, parseSearch } from './parseSearch.ts'
import { pickHashMatch } from './resolveHash.ts'

describe('parseSearch', () => {
  it.each([
    ['42', 42n],
    ['  #1,234 ', 1234n],
    ['0', 0n],
    ['1_000_000', 1_000_000n],
    ['123456789012345678901234567890', 123456789012345678901234567890n],
  ])('reads %j as block %s', (input, number) => {
    expect(parseSearch(input)).toEqual({ kind: 'block', number })
  })

  it.each([
    ['0x0', 0n],
    ['0x1b4', 436n],
    ['0X1B4', 436n],
    [' 0x00ff ', 255n],
    ['0xffffffffffffffff', 2n ** 64n - 1n],
    // Only digits after 0x is still hex: 0x12 is 18, not 12.
    ['0x12', 18n],
  ])('reads the 0x number %j as block %s', (input, number) => {
    expect(parseSearch(input)).toEqual({ kind: 'block', number, hex: input.trim().toLowerCase() })
  })

  it('reads a hash or address as lists shorten it, with the ellipsis or three dots', () => {
    expect(parseSearch('0x5a23…b8e7')).toEqual({ kind: 'shortened', head: '0x5a23', tail: 'b8e7' })
    expect(parseSearch(' 0xB8E708...91CFC5 ')).toEqual({ kind: 'shortened', head: '0xb8e708', tail: '91cfc5' })
    expect(parseSearch('0x5a23…')).toMatchObject({ kind: 'invalid' })
    expect(parseSearch('0x5a23…zz')).toMatchObject({ kind: 'invalid' })
  })

  it.each(['latest', 'earliest', 'pending', 'safe', 'finalized'])('reads the tag %j', (tag) => {
    expect(parseSearch(tag)).toEqual({ kind: 'tag', tag })
    expect(parseSearch(` ${tag.toUpperCase()} `)).toEqual({ kind: 'tag', tag })
  })

  it('reads 32-byte hashes with or without 0x, lowercased', () => {
    const hash = '0xB8E708CA861554B3F587C414ECCE6B2F37664932FF75EE33072E879F1291CFC5'
    expect(parseSearch(hash)).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
    expect(parseSearch(hash.slice(2))).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
    expect(parseSearch(`0X${hash.slice(2)}`)).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
  })

  it('reads 20-byte addresses, keeping their checksum case', () => {
    expect(parseSearch('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({ kind: 'address', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
    expect(parseSearch('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({ kind: 'address', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  })

  it('takes 40 or 64 bare digits as an address or a hash, not as an impossible block number', () => {
    expect(parseSearch('1'.repeat(40))).toEqual({ kind: 'address', address: `0x${'1'.repeat(40)}` })
    expect(parseSearch('2'.repeat(64))).toEqual({ kind: 'hash', hash: `0x${'2'.repeat(64)}` })
    // With the app's own grouping it is plainly a number.
    expect(parseSearch(`#${'1'.repeat(40)}`).kind).toBe('block')
  })

  it.each(['hello', '12abc', '-1', '1.5', '#', ',1', `0x${'g'.repeat(64)}`, '0x', 'latest!', 'block 12', '0x12 34'])('calls %j invalid', (input) => {
    expect(parseSearch(input).kind).toBe('invalid')
  })

  it('says why hex of the wrong length is refused', () => {
    const target = parseSearch(`0x${'a'.repeat(17)}`)
    expect(target).toMatchObject({ kind: 'invalid', reason: 'hex-length' })
    if (target.kind !== 'invalid') throw new Error('expected invalid')
    expect(describeInvalid(target)).toBe('not a block number, hash or address: 17 hex digits is neither a block number (up to 16), an address (40) nor a hash (64)')
    expect(parseSearch(`0x${'a'.repeat(63)}`)).toMatchObject({ reason: 'hex-length' })
    expect(parseSearch('0xzz')).toMatchObject({ reason: 'not-hex' })
    expect(parseSearch('hello')).toMatchObject({ reason: 'unrecognised' })
    for (const input of ['hello', '0xzz', `0x${'a'.repeat(41)}`]) {
      const refused = parseSearch(input)
      if (refused.kind !== 'invalid') throw new Error('expected invalid')
      expect(describeInvalid(refused)).toMatch(/^not a block number, hash or address/)
    }
  })

  it('calls blank input empty', () => {
    expect(parseSearch('   ')).toEqual({ kind: 'empty' })
  })
})

describe('pickHashMatch', () => {
  const hash = `0x${'ab'.repeat(32)}` as const
  const found = { status: 'fulfilled', value: { hash } } as const
  const none = { status: 'fulfilled', value: null } as const
  const failed = (reason: unknown) => ({ status: 'rejected', reason }) as const

  it('prefers the block, then the transaction', () => {
    expect(pickHashMatch(hash, found, found)).toEqual({ kind: 'block', hash })
    expect(pickHashMatch(hash, none, found)).toEqual({ kind: 'transaction', hash })
    expect(pickHashMatch(hash, none, none)).toEqual({ kind: 'none', hash })
  })

  it('ignores a failed lookup when the other one found something', () => {
    expect(pickHashMatch(hash, failed(new Error('down')), found)).toEqual({ kind: 'transaction', hash })
    expect(pickHashMatch(hash, found, failed(new Error('down')))).toEqual({ kind: 'block', hash })
  })

  it('reports the failure instead of guessing "not found"', () => {
    const error = new Error('unreachable')
    expect(() => pickHashMatch(hash, failed(error), none)).toThrow(error)
    expect(() => pickHashMatch(hash, none, failed(error))).toThrow(error)
  })
})
