import { describe, expect, it } from 'vitest'
import { byteLength, hexToDecimal, printableText } from './hex.ts'

describe('hexToDecimal', () => {
  it('is exact at any size', () => {
    expect(hexToDecimal('0x0')).toBe('0')
    expect(hexToDecimal('0x1c9c380')).toBe('30000000')
    expect(hexToDecimal('0x00ff')).toBe('255')
    // 2^256 - 1, the largest EVM word.
    expect(hexToDecimal(`0x${'f'.repeat(64)}`)).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935')
  })
})

describe('byteLength', () => {
  it('counts bytes, not digits', () => {
    expect(byteLength('0x')).toBe(0)
    expect(byteLength('0xa9059cbb')).toBe(4)
    expect(byteLength(`0x${'00'.repeat(256)}`)).toBe(256)
  })
})

describe('printableText', () => {
  // extraData of recorded mainnet blocks in server/samples/recordings; the texts were read with Python's bytes.fromhex.
  it('reads the text miners put in extraData', () => {
    expect(printableText('0x5050594520737061726b706f6f6c2d6574682d636e2d687a33')).toBe('PPYE sparkpool-eth-cn-hz3')
    expect(printableText('0x706f6f6c696e2e636f6d')).toBe('poolin.com')
    expect(printableText('0x476574682f76312e302e302f6c696e75782f676f312e342e32')).toBe('Geth/v1.0.0/linux/go1.4.2')
  })

  it('refuses binary, even when most of it is letters', () => {
    // Parity's RLP-encoded version (block 0x41b57c): bytes 0x01, 0x07, 0x00 are control characters.
    expect(printableText('0xd5830107008650617269747986312e31382e30826c69')).toBeNull()
    expect(printableText('0xff')).toBeNull()
    expect(printableText('0x')).toBeNull()
    expect(printableText('0x0000')).toBeNull()
  })
})
