import { describe, expect, it } from 'vitest'
import { transactionTypeName, transactionTypeShort } from './transactionType.ts'

// EIP-2718 type bytes: 0x01 EIP-2930, 0x02 EIP-1559, 0x03 EIP-4844, 0x04 EIP-7702; legacy has none (0x0).
describe('transaction types', () => {
  it.each([
    ['0x0', 'Legacy', 'Legacy'],
    ['0x1', 'EIP-2930 access list', 'EIP-2930'],
    ['0x2', 'EIP-1559 dynamic fee', 'EIP-1559'],
    ['0x02', 'EIP-1559 dynamic fee', 'EIP-1559'],
    ['0x3', 'EIP-4844 blob', 'EIP-4844'],
    ['0x4', 'EIP-7702 set code', 'EIP-7702'],
    ['0x7e', 'type 0x7e', 'type 0x7e'],
    ['0x5', 'type 0x05', 'type 0x05'],
  ] as const)('%s is %s', (type, name, short) => {
    expect(transactionTypeName(type)).toBe(name)
    expect(transactionTypeShort(type)).toBe(short)
  })
})
