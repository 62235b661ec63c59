import { encodeAbiParameters, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeDecimals, decodeSupply, decodeTokenText, isToken } from './token.ts'

describe('token answers', () => {
  it('decodes string names and symbols, and the bytes32 ones of early tokens', () => {
    expect(decodeTokenText('name', encodeAbiParameters([{ type: 'string' }], ['GlassToken']))).toBe('GlassToken')
    expect(decodeTokenText('symbol', stringToHex('MKR', { size: 32 }))).toBe('MKR')
  })

  it('treats empty, unprintable or missing answers as absent', () => {
    expect(decodeTokenText('name', '0x')).toBeNull()
    expect(decodeTokenText('name', encodeAbiParameters([{ type: 'string' }], ['']))).toBeNull()
    expect(decodeTokenText('symbol', encodeAbiParameters([{ type: 'string' }], ['bad\u0007bell']))).toBeNull()
  })

  it('decodes decimals within reason, and the supply', () => {
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint8' }], [18]))).toBe(18)
    expect(decodeDecimals(encodeAbiParameters([{ type: 'uint256' }], [300n]))).toBeNull()
    expect(decodeDecimals('0x')).toBeNull()
    expect(decodeSupply(encodeAbiParameters([{ type: 'uint256' }], [10n ** 24n]))).toBe(10n ** 24n)
    expect(decodeSupply('0x')).toBeNull()
  })

  it('calls something a token when it has a name or a symbol', () => {
    expect(isToken({ name: null, symbol: 'X', decimals: null, totalSupply: null })).toBe(true)
    expect(isToken({ name: null, symbol: null, decimals: 18, totalSupply: 1n })).toBe(false)
    expect(isToken(undefined)).toBe(false)
  })
})
