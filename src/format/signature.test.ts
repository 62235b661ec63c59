import { describe, expect, it } from 'vitest'
import { checksumAddress, sameAddress } from './address.ts'
import { receiptStatus } from './receiptStatus.ts'
import { formatV, formatYParity } from './signature.ts'

describe('v and yParity', () => {
  it('reads parity', () => {
    expect(formatYParity('0x0')).toBe('0 (even)')
    expect(formatYParity('0x1')).toBe('1 (odd)')
    expect(formatYParity('0x2')).toBe('2 (not a valid parity)')
  })

  // EIP-155: v = chainId * 2 + 35 + parity (37/38 on mainnet); before it, v = 27 + parity.
  it('reads the chain id back out of an EIP-155 v', () => {
    expect(formatV('0x25')).toBe('37: y-parity even, chain 1 (EIP-155)')
    expect(formatV('0x26')).toBe('38: y-parity odd, chain 1 (EIP-155)')
    // 31337 * 2 + 35 = 62709 = 0xf4f5 (anvil's chain).
    expect(formatV('0xf4f5')).toBe('62709: y-parity even, chain 31337 (EIP-155)')
  })

  it('reads pre-EIP-155 and typed-transaction v', () => {
    expect(formatV('0x1b')).toBe('27: y-parity even, no chain id (pre-EIP-155)')
    expect(formatV('0x1c')).toBe('28: y-parity odd, no chain id (pre-EIP-155)')
    expect(formatV('0x0')).toBe('0: y-parity even')
    expect(formatV('0x1')).toBe('1: y-parity odd')
    expect(formatV('0x5')).toBe('5: not a recovery id Ethereum defines')
  })
})

describe('checksumAddress', () => {
  // The test vectors published in EIP-55 itself.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ])('%s', (checksummed) => {
    expect(checksumAddress(checksummed.toLowerCase())).toBe(checksummed)
    expect(checksumAddress(checksummed.toUpperCase().replace('0X', '0x'))).toBe(checksummed)
  })

  it('leaves what is not an address alone', () => {
    expect(checksumAddress('0x1234')).toBe('0x1234')
  })

  it('compares addresses whatever their case', () => {
    expect(sameAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true)
    expect(sameAddress(null, null)).toBe(false)
  })
})

describe('receiptStatus', () => {
  it('reads status, root and absence', () => {
    expect(receiptStatus({ status: '0x1' })).toBe('success')
    expect(receiptStatus({ status: '0x0' })).toBe('failed')
    expect(receiptStatus({ root: '0x4db3f06ff4e7283ab1187045ca78f4bd713b0737640180377b4d4a2e9a80c235' })).toBe('pre-byzantium')
    expect(receiptStatus(null)).toBe('pending')
    expect(receiptStatus({})).toBe('unknown')
  })
})
