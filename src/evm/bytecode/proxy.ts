import { getAddress, type Address, type Hex } from 'viem'

/**
 * The storage slots proxies keep their implementation in. EIP-1967: keccak256 of a name, minus 1 (so no
 * known preimage); EIP-1822: keccak256("PROXIABLE"). Written out as the EIPs publish them.
 */
export const proxySlots = {
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.implementation')) - 1) */
  implementation: '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc',
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.beacon')) - 1) */
  beacon: '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50',
  /** EIP-1967: bytes32(uint256(keccak256('eip1967.proxy.admin')) - 1) */
  admin: '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103',
  /** EIP-1822 (UUPS): keccak256('PROXIABLE') */
  proxiable: '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7',
} as const satisfies Record<string, Hex>

export type ProxySlotWords = Record<keyof typeof proxySlots, Hex>

export type ProxyInfo =
  /** EIP-1167 minimal proxy (or its PUSH0 form, ERC-7511): the implementation is written in the code. */
  | { kind: 'eip1167'; implementation: Address }
  | { kind: 'eip1967'; implementation: Address; admin: Address | null }
  /** EIP-1967 beacon proxy: the implementation is whatever the beacon's implementation() answers. */
  | { kind: 'beacon'; beacon: Address; admin: Address | null }
  | { kind: 'eip1822'; implementation: Address }

/** EIP-1167's runtime code around the 20-byte address (the EIP's published bytecode), and ERC-7511's PUSH0 form. */
const minimalProxies = [
  { before: '363d3d373d3d3d363d73', after: '5af43d82803e903d91602b57fd5bf3' },
  { before: '365f5f375f5f365f73', after: '5af43d5f5f3e5f3d91602a57fd5bf3' },
]

/** The address in a storage word (right-aligned, upper 12 bytes zero); null for zero or anything wider. */
function addressInWord(word: Hex | undefined): Address | null {
  if (!word || !/^0x[0-9a-fA-F]{1,64}$/.test(word)) return null
  const digits = word.slice(2).padStart(64, '0')
  if (!/^0{24}/.test(digits) || /^0{64}$/.test(digits)) return null
  return getAddress(`0x${digits.slice(24)}`)
}

/** Which proxy pattern this contract follows, from its code and the standard slots' words; null for none. */
export function detectProxy(code: Hex, storage: ProxySlotWords): ProxyInfo | null {
  const bytes = code.slice(2).toLowerCase()
  for (const { before, after } of minimalProxies) {
    if (bytes.length === before.length + 40 + after.length && bytes.startsWith(before) && bytes.endsWith(after)) {
      return { kind: 'eip1167', implementation: getAddress(`0x${bytes.slice(before.length, before.length + 40)}`) }
    }
  }
  const admin = addressInWord(storage.admin)
  const implementation = addressInWord(storage.implementation)
  if (implementation) return { kind: 'eip1967', implementation, admin }
  const beacon = addressInWord(storage.beacon)
  if (beacon) return { kind: 'beacon', beacon, admin }
  const proxiable = addressInWord(storage.proxiable)
  if (proxiable) return { kind: 'eip1822', implementation: proxiable }
  return null
}
