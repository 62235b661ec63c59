import { getAddress, type Address, type Hex } from 'viem'

/** EIP-1967's slots: keccak256 of the name, minus one (so no Solidity variable can land there). */
export const eip1967ImplementationSlot: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
export const eip1967BeaconSlot: Hex = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50'
/** EIP-1822 (UUPS, before EIP-1967 took over): keccak256("PROXIABLE"). */
export const eip1822ProxiableSlot: Hex = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7'

/** EIP-1167's minimal proxy: this code with the implementation's 20 bytes between the two halves. */
const minimalProxy = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i

export type ProxyKind = 'EIP-1167 minimal proxy' | 'EIP-1967 proxy' | 'EIP-1967 beacon proxy' | 'EIP-1822 proxy'

export type ProxyInfo = { kind: ProxyKind; implementation: Address | null; beacon: Address | null }

/** The address a storage word holds (its low 20 bytes), or null for an empty slot or one holding more than an address. */
export function addressInSlot(word: Hex): Address | null {
  const digits = word.slice(2).padStart(64, '0')
  if (!/^0{24}/.test(digits) || /^0+$/.test(digits)) return null
  return getAddress(`0x${digits.slice(24)}`)
}

/**
 * What kind of proxy the contract is, from its code and three storage words: an EIP-1167 clone names its
 * implementation in its code; EIP-1967 proxies keep it (or their beacon) in a fixed slot; EIP-1822 in its own.
 * null: not one of these (it may still delegate some other way).
 */
export function detectProxy(code: Hex, slots: { implementation: Hex; beacon: Hex; proxiable: Hex }): ProxyInfo | null {
  const clone = minimalProxy.exec(code)
  if (clone) return { kind: 'EIP-1167 minimal proxy', implementation: getAddress(`0x${clone[1]}`), beacon: null }
  const implementation = addressInSlot(slots.implementation)
  if (implementation) return { kind: 'EIP-1967 proxy', implementation, beacon: null }
  const beacon = addressInSlot(slots.beacon)
  if (beacon) return { kind: 'EIP-1967 beacon proxy', implementation: null, beacon }
  const proxiable = addressInSlot(slots.proxiable)
  if (proxiable) return { kind: 'EIP-1822 proxy', implementation: proxiable, beacon: null }
  return null
}
