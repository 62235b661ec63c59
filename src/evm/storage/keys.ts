import { bytesToHex, encodeAbiParameters, getAddress, isAddress, isHex, padHex, stringToBytes, type Hex } from 'viem'
import { ChainglassError } from '../../../contract/errors.ts'

/** A mapping key as the user writes it: `type:value`, e.g. `address:0xabc…`, `uint256:7`, `string:hello`. */
export type MappingKey = { type: string; value: string }

/** Thrown for a key that cannot be encoded: says which key and why, for the page to show. */
export class KeyError extends ChainglassError {
  override name = 'KeyError'
}

/**
 * Parses the `keys` URL parameter: comma-separated `type:value` pairs, outermost mapping first.
 * A comma inside a string key is written `\,` (and a backslash `\\`).
 */
export function parseKeyPath(text: string): MappingKey[] {
  if (text.trim() === '') return []
  const parts: string[] = []
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length) {
      current += text[++i]
    } else if (char === ',') {
      parts.push(current)
      current = ''
    } else current += char
  }
  parts.push(current)
  return parts.map((part, index) => {
    const colon = part.indexOf(':')
    if (colon <= 0) throw new KeyError(`key ${index + 1} ("${part}") must be written type:value, e.g. uint256:7`)
    return { type: part.slice(0, colon).trim(), value: part.slice(colon + 1) }
  })
}

export function formatKeyPath(keys: MappingKey[]): string {
  return keys.map((key) => `${key.type}:${key.value.replace(/\\/g, '\\\\').replace(/,/g, '\\,')}`).join(',')
}

/**
 * The bytes a key contributes to keccak256(key ‖ pad32(slot)). Value types are ABI-encoded to 32 bytes
 * (left-padded numbers and addresses, right-padded bytesN); `string` and `bytes` keys are their raw bytes,
 * unpadded — Solidity hashes them as they are, unlike abi.encode.
 */
export function encodeMappingKey(key: MappingKey): Hex {
  const { type, value } = key
  const trimmed = value.trim()
  try {
    if (type === 'string') return bytesToHex(stringToBytes(value))
    if (type === 'bytes') {
      if (!isHex(trimmed)) throw new KeyError(`a bytes key is hex, e.g. bytes:0x1234; got "${value}"`)
      return trimmed.toLowerCase() as Hex
    }
    if (type === 'address') {
      if (!isAddress(trimmed, { strict: false })) throw new KeyError(`"${value}" is not a 20-byte address`)
      return padHex(getAddress(trimmed).toLowerCase() as Hex, { size: 32 })
    }
    if (type === 'bool') {
      if (trimmed !== 'true' && trimmed !== 'false') throw new KeyError(`a bool key is true or false; got "${value}"`)
      return encodeAbiParameters([{ type: 'bool' }], [trimmed === 'true'])
    }
    const uint = /^uint(\d*)$/.exec(type)
    const int = /^int(\d*)$/.exec(type)
    if (uint || int) {
      const bits = Number((uint ?? int)![1] || 256)
      if (bits % 8 !== 0 || bits < 8 || bits > 256) throw new KeyError(`${type} is not a Solidity integer type`)
      const number = BigInt(trimmed)
      const min = uint ? 0n : -(1n << BigInt(bits - 1))
      const max = uint ? (1n << BigInt(bits)) - 1n : (1n << BigInt(bits - 1)) - 1n
      if (number < min || number > max) throw new KeyError(`${trimmed} does not fit ${type}`)
      return encodeAbiParameters([{ type }], [number])
    }
    const fixed = /^bytes(\d+)$/.exec(type)
    if (fixed) {
      const size = Number(fixed[1])
      if (size < 1 || size > 32) throw new KeyError(`${type} is not a Solidity type`)
      if (!isHex(trimmed) || (trimmed.length - 2) / 2 > size) throw new KeyError(`"${value}" is not a ${type} value (at most ${size} bytes of hex)`)
      return padHex(trimmed as Hex, { size: 32, dir: 'right' })
    }
  } catch (error) {
    if (error instanceof KeyError) throw error
    throw new KeyError(`"${value}" is not a valid ${type} key`)
  }
  throw new KeyError(`unsupported key type "${type}" (value types, string or bytes)`)
}
