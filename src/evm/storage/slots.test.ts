import { describe, expect, it } from 'vitest'
import { encodeAbiParameters, encodePacked, hexToBigInt, keccak256, padHex, stringToHex, toHex } from 'viem'
import { formatKeyPath, KeyError, parseKeyPath } from './keys.ts'
import { readWord } from './decode.ts'
import { arrayElementPosition, erc1967Slot, erc7201Slot, mappingPath, mappingValueSlot, slotHex, stringSlots } from './slots.ts'

describe('published slots', () => {
  it('ERC-1967 proxy slots equal the values the EIP publishes', () => {
    // eips.ethereum.org/EIPS/eip-1967
    expect(slotHex(erc1967Slot('implementation').slot)).toBe('0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc')
    expect(slotHex(erc1967Slot('admin').slot)).toBe('0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103')
    expect(slotHex(erc1967Slot('beacon').slot)).toBe('0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50')
  })

  it('ERC-7201 root of "example.main" equals the EIP example', () => {
    // eips.ethereum.org/EIPS/eip-7201, its Example contract's MAIN_STORAGE_LOCATION
    expect(slotHex(erc7201Slot('example.main').at(-1)!.slot)).toBe('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500')
  })
})

describe('mapping slots (Solidity docs: keccak256(h(k) . p))', () => {
  const holder = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  it('value-type keys: keccak256(abi.encode(key, slot))', () => {
    for (const [type, value, abiValue] of [
      ['address', holder, holder],
      ['uint256', '7', 7n],
      ['int8', '-1', -1n],
      ['bool', 'true', true],
      ['bytes32', keccak256(toHex('release')), keccak256(toHex('release'))],
    ] as const) {
      const expected = keccak256(encodeAbiParameters([{ type }, { type: 'uint256' }], [abiValue as never, 5n]))
      expect(slotHex(mappingValueSlot(5n, { type, value }).slot), `${type}:${value}`).toBe(expected)
    }
  })

  it('bytesN keys are right-padded like abi.encode', () => {
    const expected = keccak256(encodeAbiParameters([{ type: 'bytes4' }, { type: 'uint256' }], ['0xa9059cbb', 1n]))
    expect(slotHex(mappingValueSlot(1n, { type: 'bytes4', value: '0xa9059cbb' }).slot)).toBe(expected)
  })

  it('string and bytes keys are hashed unpadded: keccak256(abi.encodePacked(key, slot))', () => {
    const long = 'a key that is longer than thirty-two bytes, unpadded'
    for (const key of ['alice', long, '']) {
      expect(slotHex(mappingValueSlot(12n, { type: 'string', value: key }).slot)).toBe(keccak256(encodePacked(['string', 'uint256'], [key, 12n])))
    }
    expect(slotHex(mappingValueSlot(3n, { type: 'bytes', value: '0x0102' }).slot)).toBe(keccak256(encodePacked(['bytes', 'uint256'], ['0x0102', 3n])))
  })

  it('nested mappings apply keys outermost first', () => {
    const spender = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const steps = mappingPath(1n, [{ type: 'address', value: holder }, { type: 'address', value: spender }])
    const inner = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [holder, 1n]))
    const outer = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [spender, inner]))
    expect(steps.map((step) => slotHex(step.slot))).toEqual([inner, outer])
  })

  it('refuses keys that do not fit their type, saying why', () => {
    expect(() => mappingValueSlot(0n, { type: 'uint8', value: '256' })).toThrow(KeyError)
    expect(() => mappingValueSlot(0n, { type: 'address', value: '0x1234' })).toThrow(/20-byte address/)
    expect(() => mappingValueSlot(0n, { type: 'bool', value: 'yes' })).toThrow(/true or false/)
    expect(() => mappingValueSlot(0n, { type: 'float', value: '1' })).toThrow(/unsupported key type/)
  })
})

describe('the keys URL parameter', () => {
  it('parses type:value pairs outermost first, with \\, for commas in strings', () => {
    expect(parseKeyPath('address:0xabc,uint256:7')).toEqual([{ type: 'address', value: '0xabc' }, { type: 'uint256', value: '7' }])
    const keys = [{ type: 'string', value: 'a, b\\c' }, { type: 'uint8', value: '1' }]
    expect(parseKeyPath(formatKeyPath(keys))).toEqual(keys)
    expect(() => parseKeyPath('7')).toThrow(/type:value/)
  })
})

describe('arrays and strings', () => {
  it('packs elements of 16 bytes or fewer, low-order end first', () => {
    const base = 1000n
    expect(arrayElementPosition(base, 0n, { bytes: 2 })).toEqual({ slot: base, offset: 0 })
    expect(arrayElementPosition(base, 15n, { bytes: 2 })).toEqual({ slot: base, offset: 30 })
    expect(arrayElementPosition(base, 17n, { bytes: 2 })).toEqual({ slot: base + 1n, offset: 2 })
    expect(arrayElementPosition(base, 2n, { bytes: 16 })).toEqual({ slot: base + 1n, offset: 0 })
    expect(arrayElementPosition(base, 3n, { bytes: 20 })).toEqual({ slot: base + 3n, offset: 0 })
    expect(arrayElementPosition(base, 3n, { slots: 2n })).toEqual({ slot: base + 6n, offset: 0 })
  })

  it('short strings sit in their slot; long ones start at keccak256(pad32(slot))', () => {
    expect(stringSlots(3n, 31)).toEqual({ long: false, lengthSlot: 3n, dataSlots: [3n] })
    const long = stringSlots(3n, 76)
    expect(long.dataSlots[0]).toBe(hexToBigInt(keccak256(padHex('0x03', { size: 32 }))))
    expect(long.dataSlots).toHaveLength(3)
  })

  it('reads a short-string word (text left-aligned, length × 2 in the last byte)', () => {
    const word = padHex(stringToHex('glass'), { size: 31, dir: 'right' }) + '0a'
    expect(readWord(word as `0x${string}`).shortString).toBe('glass')
    expect(readWord(padHex('0x99', { size: 32 })).longStringLength).toBe(76)
  })

  it('reads packed values at their offset, signed and unsigned', () => {
    // High end to low: 8 unused bytes, address 0xc0ffee (20 bytes), bool, uint16 0x1234, uint8 7.
    const word = `0x${'00'.repeat(8)}${'c0ffee'.padStart(40, '0')}01123407` as const
    expect(readWord(word, 0, 1).uint).toBe('7')
    expect(readWord(word, 1, 2).uint).toBe(String(0x1234))
    expect(readWord(word, 3, 1).bool).toBe(true)
    expect(readWord(word, 4, 20).address).toBe('0x0000000000000000000000000000000000C0FFEE')
    expect(readWord(padHex('0xff', { size: 32 }), 0, 1).int).toBe('-1')
  })
})
