import type { Hex } from 'viem'

/** The typed-transaction envelopes (EIP-2718) Ethereum defines, by type byte. */
const knownTypes: Record<number, { name: string; short: string }> = {
  0x0: { name: 'Legacy', short: 'Legacy' },
  0x1: { name: 'EIP-2930 access list', short: 'EIP-2930' },
  0x2: { name: 'EIP-1559 dynamic fee', short: 'EIP-1559' },
  0x3: { name: 'EIP-4844 blob', short: 'EIP-4844' },
  0x4: { name: 'EIP-7702 set code', short: 'EIP-7702' },
}

function typeByte(type: Hex): string {
  return `0x${BigInt(type).toString(16).padStart(2, '0')}`
}

/** "EIP-1559 dynamic fee" for 0x2; a type Ethereum does not define reads "type 0x7e" (an L2's own type, say). */
export function transactionTypeName(type: Hex): string {
  return knownTypes[Number(BigInt(type))]?.name ?? `type ${typeByte(type)}`
}

/** The short form for tables and badges: "EIP-1559"; unknown types as "type 0x7e". */
export function transactionTypeShort(type: Hex): string {
  return knownTypes[Number(BigInt(type))]?.short ?? `type ${typeByte(type)}`
}
