import { encodeAbiParameters, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeDecimals, decodeSupply, decodeText, isToken } from './tokenQuery.ts'

describe('token answers', () => {
  it('decodes string names and symbols, and the bytes32 ones of early tokens', () => {
    expect(decodeText('name', encodeAbiParameters([{ type: 'string' }], ['GlassToken']))).toBe('GlassToken')
    expect(decodeText('symbol', stringToHex('MKR', { size: 32 }))).toBe('MKR')
  })

  it('treats empty, unprintable or missing answers as absent', () => {
    expect(decodeText('name', '0x')).toBeNull()
    expect(decodeText('name', encodeAbiParameters([{ type: 'string' }], ['']))).toBeNull()
    expect(decodeText('symbol', encodeAbiParameters([{ type: 'string' }], ['bad\u0007bell']))).toBeNull()
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
