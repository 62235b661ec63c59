import { describe, expect, it } from 'vitest'
import { parseSearch } from './parseSearch.ts'

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

  it('reads 32-byte hashes with or without 0x, lowercased', () => {
    const hash = '0xB8E708CA861554B3F587C414ECCE6B2F37664932FF75EE33072E879F1291CFC5'
    expect(parseSearch(hash)).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
    expect(parseSearch(hash.slice(2))).toEqual({ kind: 'hash', hash: hash.toLowerCase() })
  })

  it('reads 20-byte addresses, keeping their checksum case', () => {
    expect(parseSearch('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({ kind: 'address', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
  })

  it.each(['hello', '0x12', '12abc', '-1', '1.5', '#', ',1', `0x${'g'.repeat(64)}`])('calls %j invalid', (input) => {
    expect(parseSearch(input).kind).toBe('invalid')
  })

  it('calls blank input empty', () => {
    expect(parseSearch('   ')).toEqual({ kind: 'empty' })
  })
})
